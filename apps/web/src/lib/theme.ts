import { useCallback, useSyncExternalStore } from 'react';
import { DEFAULT_THEME, STORAGE_KEYS, THEMES, type Theme } from '@club/contract';

/** Theme choice is local only (spec §2 settings): light (default), dark, daltonien. */
const listeners = new Set<() => void>();

export function readTheme(): Theme {
  try {
    const t = localStorage.getItem(STORAGE_KEYS.theme);
    return (THEMES as readonly string[]).includes(t ?? '') ? (t as Theme) : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

export function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  try {
    localStorage.setItem(STORAGE_KEYS.theme, theme);
  } catch {
    /* ignore */
  }
  listeners.forEach((l) => l());
}

export function useTheme(): [Theme, (t: Theme) => void] {
  const theme = useSyncExternalStore(
    (cb) => {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
    readTheme,
    () => DEFAULT_THEME,
  );
  return [theme, useCallback((t: Theme) => applyTheme(t), [])];
}
