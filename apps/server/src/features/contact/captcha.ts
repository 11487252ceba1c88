import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { RateLimiter } from '../../lib/rate-limiter.ts';

/**
 * Self-hosted ALTCHA proof of work (docs/architecture.md §11). Deterministic mode: the server knows
 * the counter and signs the derived key, so verifying is one key derivation. Each challenge is
 * usable once: its nonce is recorded in the rate limiter's store (memory, or Redis shared by
 * instances).
 */
export const CAPTCHA_TTL_SECONDS = 10 * 60;
const ALGORITHM = 'PBKDF2/SHA-256';
const COST = 1_000;
/** The counter's range: a browser tries about half of it, each try `COST` hash iterations. */
export const CAPTCHA_COUNTER_RANGE = {
  standard: [1_000, 5_000],
  /** For the test servers only (config CAPTCHA_WORK=test): the same checks, a fraction of the work. */
  test: [10, 50],
} as const satisfies Record<string, readonly [number, number]>;

export interface CaptchaOptions {
  secret: string;
  keySecret: string;
  limiter: RateLimiter;
  /** Counter range: the work a browser does is proportional to it. */
  counterRange?: readonly [number, number];
}

export function createCaptcha(opts: CaptchaOptions) {
  const [min, max] = opts.counterRange ?? CAPTCHA_COUNTER_RANGE.standard;
  return {
    challenge(): Promise<Challenge> {
      return createChallenge({
        algorithm: ALGORITHM,
        cost: COST,
        counter: randomInt(max, min),
        deriveKey,
        expiresAt: Math.floor(Date.now() / 1000) + CAPTCHA_TTL_SECONDS,
        hmacSignatureSecret: opts.secret,
        hmacKeySignatureSecret: opts.keySecret,
      });
    },

    /** true when the base64 payload solves one of our unexpired challenges not used before. */
    async verify(payload: string): Promise<boolean> {
      let parsed: { challenge?: Challenge; solution?: { counter: number; derivedKey: string } };
      try {
        parsed = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
      } catch {
        return false;
      }
      const { challenge, solution } = parsed ?? {};
      if (
        !challenge?.parameters ||
        typeof challenge.parameters.nonce !== 'string' ||
        challenge.parameters.algorithm !== ALGORITHM ||
        typeof challenge.parameters.expiresAt !== 'number' ||
        !solution ||
        !Number.isInteger(solution.counter) ||
        typeof solution.derivedKey !== 'string'
      )
        return false;
      try {
        const result = await verifySolution({
          challenge,
          solution,
          deriveKey,
          hmacSignatureSecret: opts.secret,
          hmacKeySignatureSecret: opts.keySecret,
        });
        if (!result.verified) return false;
      } catch {
        return false;
      }
      // Single use: only the first verified submission of a challenge counts.
      const { count } = await opts.limiter.hit(
        `captcha:used:${challenge.parameters.nonce}`,
        CAPTCHA_TTL_SECONDS + 60,
      );
      return count === 1;
    },
  };
}
export type Captcha = ReturnType<typeof createCaptcha>;
