import { useSyncExternalStore } from 'react';

/** Below this width lists become card lists (decision 0031). */
export const CARDS_BELOW_PX = 640;
export const NARROW_QUERY = `(max-width: ${CARDS_BELOW_PX - 0.02}px)`;

/** Whether a CSS media query matches, kept in sync; false where matchMedia is missing (jsdom). */
export function useMediaQuery(query: string) {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window === 'undefined' || !window.matchMedia) return () => undefined;
      const mql = window.matchMedia(query);
      mql.addEventListener('change', onChange);
      return () => mql.removeEventListener('change', onChange);
    },
    () => typeof window !== 'undefined' && !!window.matchMedia && window.matchMedia(query).matches,
    () => false,
  );
}

/** Phones: lists are drawn as cards. */
export const useNarrow = () => useMediaQuery(NARROW_QUERY);
