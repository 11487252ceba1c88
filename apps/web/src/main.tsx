import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
// The public layout's styles stay in the entry stylesheet, inlined in every prerendered page,
// though the layout itself is a lazy chunk (docs/decisions/0094-route-javascript-composition.md).
import './styles/public.css';
import { App } from './app/app.tsx';
import { preloadPublicPage, preloadSignedInScreen } from './app/router.tsx';
import './styles/global.css';
import './styles/app-shell.css';

const root = document.getElementById('root')!;
const tree = (
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>
);

// A signed-in URL opened directly: its chunks and the member's request start now, side by side.
const screenReady = preloadSignedInScreen(window.location.pathname);

// Prerendered public pages arrive with their HTML: hydrate them once the page's chunk is here (it
// is preloaded by the HTML), so that nothing suspends. A signed-in URL's app shell (server-drawn
// frame and heading, docs/decisions/0092-signed-in-app-shell.md) is replaced by React's first
// commit: that render waits for the screen's code and the member, so the first commit is the
// screen itself (no loading state in between). Any other page is rendered from scratch.
// All in a transition, so React yields to the browser between components (no long task).
const shell = root.querySelector('[data-app-shell]');
if (root.firstElementChild && !shell)
  void preloadPublicPage(window.location.pathname).then(() =>
    startTransition(() => void hydrateRoot(root, tree)),
  );
else {
  const appRoot = createRoot(root);
  const render = () => startTransition(() => appRoot.render(tree));
  if (shell && screenReady) void screenReady.then(render, render);
  else render();
}
