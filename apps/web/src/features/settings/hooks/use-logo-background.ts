import { useCallback, useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@club/contract';

/** The 'logo as background' preference, kept locally as the text 'true' / 'false' (spec §3). */
const listeners = new Set<() => void>();

export function readLogoBackground(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEYS.logoBackgroundEnabled) === 'true';
  } catch {
    return false;
  }
}

export function setLogoBackground(enabled: boolean): void {
  try {
    localStorage.setItem(STORAGE_KEYS.logoBackgroundEnabled, String(enabled));
  } catch {
    /* storage unavailable: the preference lasts for this page only */
  }
  listeners.forEach((l) => l());
}

export function useLogoBackground(): [boolean, (enabled: boolean) => void] {
  const enabled = useSyncExternalStore(
    (cb) => {
      listeners.add(cb);
      const onStorage = (e: StorageEvent) => {
        if (e.key === STORAGE_KEYS.logoBackgroundEnabled) cb();
      };
      window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(cb);
        window.removeEventListener('storage', onStorage);
      };
    },
    readLogoBackground,
    () => false,
  );
  return [enabled, useCallback((v: boolean) => setLogoBackground(v), [])];
}
