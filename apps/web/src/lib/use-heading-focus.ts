import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** The page's heading: the first h1 of the main content. */
const HEADING = '#contenu h1, main h1';
/** How long a page may take to show its heading (its code and data load first). */
const WAIT_MS = 10_000;

/**
 * After an in-app navigation (the pathname changes: a link, the team switcher, sign-in), the focus
 * moves to the new page's h1 (made focusable with tabIndex=-1), so that a screen reader announces
 * the page and the next Tab starts from its content (decision 0084). Not on the first load (the
 * browser's own start, the skip link first), not when only the query or the hash changes, and not
 * when the page moved the focus itself meanwhile (an autofocus field, a dialog). A page whose heading
 * appears later (code or data still loading) gets the focus when its heading shows.
 */
export function useHeadingFocusOnNavigation(): void {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  // The focus as the navigation renders, before the new page commits (and its autofocus runs).
  const focusAtChange = useRef<Element | null>(null);
  const rendered = useRef(pathname);
  if (rendered.current !== pathname) {
    rendered.current = pathname;
    focusAtChange.current = typeof document === 'undefined' ? null : document.activeElement;
  }

  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    const before = focusAtChange.current;
    const attempt = (): boolean => {
      const active = document.activeElement;
      if (active && active !== before && active !== document.body && active.isConnected)
        return true;
      const heading = document.querySelector<HTMLElement>(HEADING);
      if (!heading) return false;
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      heading.focus();
      return true;
    };
    if (attempt()) return;
    const observer = new MutationObserver(() => {
      if (attempt()) stop();
    });
    const timer = setTimeout(() => stop(), WAIT_MS);
    function stop() {
      observer.disconnect();
      clearTimeout(timer);
    }
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [pathname]);
}

/** The hook as a component, mounted once above every route. */
export function HeadingFocusOnNavigation() {
  useHeadingFocusOnNavigation();
  return null;
}
