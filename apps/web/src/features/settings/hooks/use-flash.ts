import { useCallback, useEffect, useState } from 'react';
import { SETTINGS_MESSAGE_MS } from '@club/contract';

export interface Flash {
  tone: 'success' | 'error';
  text: string;
}

/** A status message that vanishes after 3 s (spec §4, §9). */
export function useFlash(durationMs: number = SETTINGS_MESSAGE_MS) {
  const [flash, setFlash] = useState<Flash | null>(null);
  useEffect(() => {
    if (!flash) return;
    const timer = setTimeout(() => setFlash(null), durationMs);
    return () => clearTimeout(timer);
  }, [flash, durationMs]);
  const show = useCallback((tone: Flash['tone'], text: string) => setFlash({ tone, text }), []);
  const clear = useCallback(() => setFlash(null), []);
  return { flash, show, clear };
}
