// Applies the saved theme before the first paint (no flash); external file because the CSP forbids inline scripts.
(function () {
  try {
    var t = localStorage.getItem('theme');
    if (t === 'dark' || t === 'daltonien' || t === 'light')
      document.documentElement.dataset.theme = t;
    else document.documentElement.dataset.theme = 'light';
  } catch {
    document.documentElement.dataset.theme = 'light';
  }
})();
