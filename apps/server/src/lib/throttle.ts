import { tooManyRequests } from './http-error.ts';
import type { RateLimiter } from './rate-limiter.ts';
import { sha256 } from './tokens.ts';

/** Counts one hit against `key`; over `max` hits within the window → 429 with both retry headers. */
export async function enforceLimit(
  limiter: RateLimiter,
  key: string,
  max: number,
  windowSeconds: number,
  message?: string,
): Promise<void> {
  const { count, retryAfter } = await limiter.hit(key, windowSeconds);
  if (count > max) throw tooManyRequests(retryAfter, message);
}

/** E-mails are hashed in limiter keys so that Redis never holds addresses. */
export const emailKey = (email: string) => sha256(email.trim().toLowerCase()).slice(0, 32);
