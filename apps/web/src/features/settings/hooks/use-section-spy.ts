import { useCallback, useEffect, useState } from 'react';
import { SETTINGS_SCROLL_OFFSET_PX, SETTINGS_SECTION_THRESHOLD } from '@club/contract';

/**
 * The settings sidebar's highlight (spec §2, §4, §9): a section counts as in view once 45 % of it
 * is visible below the 80 px offset (the navigation bar); the highest such section wins. A click
 * scrolls smoothly to the section, 80 px below the top.
 */
export function useSectionSpy(ids: readonly string[]) {
  const [active, setActive] = useState(ids[0]);

  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return;
    const visible = new Set<string>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const e of entries) {
          if (e.isIntersecting && e.intersectionRatio >= SETTINGS_SECTION_THRESHOLD)
            visible.add(e.target.id);
          else visible.delete(e.target.id);
        }
        const first = ids.find((id) => visible.has(id));
        if (first) setActive(first);
      },
      {
        threshold: [0, SETTINGS_SECTION_THRESHOLD, 1],
        rootMargin: `-${SETTINGS_SCROLL_OFFSET_PX}px 0px 0px 0px`,
      },
    );
    for (const id of ids) {
      const el = document.getElementById(id);
      if (el) observer.observe(el);
    }
    return () => observer.disconnect();
  }, [ids]);

  const scrollTo = useCallback((id: string) => {
    const el = document.getElementById(id);
    if (!el) return;
    setActive(id);
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    const top = el.getBoundingClientRect().top + window.scrollY - SETTINGS_SCROLL_OFFSET_PX;
    window.scrollTo({ top, behavior: reduce ? 'auto' : 'smooth' });
    // Keyboard and screen-reader users land in the section too.
    el.focus({ preventScroll: true });
  }, []);

  return { active, scrollTo };
}
