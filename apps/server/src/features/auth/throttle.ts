import type { FastifyInstance } from 'fastify';
import { tooManyRequests } from '../../lib/http-error.ts';
import { sha256 } from '../../lib/tokens.ts';

/** Counts one hit against `key`; over `max` hits within the window → 429 with both retry headers. */
export async function enforceLimit(
  app: FastifyInstance,
  key: string,
  max: number,
  windowSeconds: number,
  message?: string,
): Promise<void> {
  const { count, retryAfter } = await app.limiter.hit(key, windowSeconds);
  if (count > max) throw tooManyRequests(retryAfter, message);
}

/** E-mails are hashed in limiter keys so that Redis never holds addresses. */
export const emailKey = (email: string) => sha256(email.trim().toLowerCase()).slice(0, 32);
