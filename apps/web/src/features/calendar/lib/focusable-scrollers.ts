/**
 * FullCalendar's time grid and month body scroll inside their own boxes (inline `overflow: auto`)
 * but those boxes are not focusable: with no event in view (nothing focusable inside), a keyboard
 * user cannot scroll the hours (WCAG 2.1.1, axe `scrollable-region-focusable`). FullCalendar has
 * no option for it, so every scroll box under `root` gets `tabindex="0"` and keeps it across
 * FullCalendar's re-renders (a view or date change mounts new boxes).
 */
export function keepScrollersFocusable(root: HTMLElement): () => void {
  const mark = () => {
    for (const el of root.querySelectorAll<HTMLElement>('[style*="overflow"]')) {
      const { overflow, overflowX, overflowY } = el.style;
      const scrolls = [overflow, overflowX, overflowY].some((v) => v === 'auto' || v === 'scroll');
      if (scrolls && !el.hasAttribute('tabindex')) el.tabIndex = 0;
    }
  };
  mark();
  const observer = new MutationObserver(mark);
  observer.observe(root, { childList: true, subtree: true });
  return () => observer.disconnect();
}
