/** Client login cooldown of spec §4 and §9. */
export const LOGIN_COOLDOWN = {
  /** failures → seconds */
  steps: [
    { from: 7, seconds: 30 },
    { from: 5, seconds: 10 },
    { from: 3, seconds: 3 },
  ],
  tooManyRequestsDefaultSeconds: 10,
  countdownRefreshMs: 500,
} as const;

/** Cooldown in seconds after `failures` consecutive 401s: 0 under 3, 3 s for 3–4, 10 s for 5–6, 30 s from 7. */
export function loginCooldownSeconds(failures: number): number {
  return LOGIN_COOLDOWN.steps.find((s) => failures >= s.from)?.seconds ?? 0;
}

/**
 * Cooldown after a 429: Retry-After, else x-rate-limit-retry-after-seconds (seconds or an HTTP date),
 * else the failure-count cooldown, else 10 s.
 */
export function tooManyRequestsCooldownSeconds(
  headers: { retryAfter?: string | null; rateLimitRetryAfter?: string | null },
  failures: number,
  now: number = Date.now(),
): number {
  for (const raw of [headers.retryAfter, headers.rateLimitRetryAfter]) {
    const seconds = parseRetryAfter(raw, now);
    if (seconds !== null) return seconds;
  }
  return loginCooldownSeconds(failures) || LOGIN_COOLDOWN.tooManyRequestsDefaultSeconds;
}

export function parseRetryAfter(
  raw: string | null | undefined,
  now: number = Date.now(),
): number | null {
  const value = (raw ?? '').trim();
  if (value === '') return null;
  if (/^\d+(\.\d+)?$/.test(value)) return Math.max(1, Math.ceil(Number(value)));
  const date = Date.parse(value);
  if (Number.isNaN(date)) return null;
  return Math.max(1, Math.ceil((date - now) / 1000));
}
