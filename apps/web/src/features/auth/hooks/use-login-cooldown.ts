import { useCallback, useEffect, useState } from 'react';
import { LOGIN_COOLDOWN } from '@club/contract';

/**
 * The login cooldown of spec §4: an end time, and the seconds left, recomputed every 500 ms while
 * it runs. `start(seconds)` never shortens a running cooldown.
 */
export function useLoginCooldown() {
  const [until, setUntil] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (until === null) return;
    const timer = setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= until) setUntil(null);
    }, LOGIN_COOLDOWN.countdownRefreshMs);
    return () => clearInterval(timer);
  }, [until]);

  const start = useCallback((seconds: number) => {
    if (seconds <= 0) return;
    const t = Date.now();
    setNow(t);
    setUntil((prev) => Math.max(prev ?? 0, t + seconds * 1000));
  }, []);
  const reset = useCallback(() => setUntil(null), []);

  const remaining = until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
  return { active: remaining > 0, remaining, start, reset };
}
