import os from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { SERVER_MESSAGES } from '@club/contract';
import { HttpError } from './http-error.ts';

/** Argon2id at the OWASP minimum (docs/security.md): what every real deployment uses. */
export const ARGON2_PARAMS = {
  algorithm: 2 /* Argon2id (a const enum upstream) */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * PASSWORD_HASH_COST=test: the cheapest Argon2id (1 MiB, one pass), for the browser tests' server,
 * which signs up and in hundreds of accounts; never for real passwords (the server logs a warning).
 */
export const ARGON2_TEST_PARAMS = { ...ARGON2_PARAMS, memoryCost: 1_024, timeCost: 1 } as const;

/**
 * Hashes at once by default: every core but one, so that a burst of sign-ins (each Argon2id run is
 * about 30 ms of one core and 19 MiB) leaves the event loop a core of its own (decision 0033).
 * The hashes run on the libuv pool (@node-rs/argon2); the others wait in a queue.
 */
export const defaultHashConcurrency = () => Math.max(1, os.availableParallelism() - 1);

/** The queue is full: the sign-in is refused at once (French 503, retry in a few seconds). */
export class PasswordHashBusyError extends HttpError {
  constructor() {
    super(503, SERVER_MESSAGES.unavailable, undefined, { 'retry-after': '2' });
  }
}

export interface PasswordHashingOptions {
  /** PASSWORD_HASH_CONCURRENCY: hashes at once (0 or absent: every core but one). */
  concurrency?: number;
  /** PASSWORD_HASH_QUEUE: hashes waiting before a sign-in is refused (default 64). */
  maxWaiting?: number;
  /** PASSWORD_HASH_COST: 'test' for the browser tests' server only. */
  cost?: 'standard' | 'test';
}

/**
 * One app's password hashing: its cost, how many hashes run at once and its queue. Each app
 * (`buildApp`) makes its own (`app.passwords`) and hands it to the services that hash, so two apps
 * in one process (a test worker's) never share a cost or a queue.
 */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /**
   * Verifies a password; with no stored hash it verifies against a dummy one so that an unknown
   * e-mail takes as long as a wrong password (and waits in the same queue).
   */
  verify(stored: string | null | undefined, password: string): Promise<boolean>;
  /** True when the stored hash was made with other parameters than this hasher's (rehash at login). */
  needsRehash(stored: string): boolean;
  /** Hashes running and waiting, and the limits (tests, diagnostics). */
  stats(): { running: number; waiting: number; concurrency: number; maxWaiting: number };
}

export function createPasswordHasher(opts: PasswordHashingOptions = {}): PasswordHasher {
  const params = opts.cost === 'test' ? ARGON2_TEST_PARAMS : ARGON2_PARAMS;
  const concurrency = opts.concurrency ? opts.concurrency : defaultHashConcurrency();
  const maxWaiting = opts.maxWaiting ?? 64;
  let running = 0;
  const waiting: (() => void)[] = [];
  let dummyHash: Promise<string> | null = null;

  async function withHashSlot<T>(run: () => Promise<T>): Promise<T> {
    if (running < concurrency) running++;
    else if (waiting.length >= maxWaiting) throw new PasswordHashBusyError();
    // The slot is handed over by the hash that ends (running is not decremented then).
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await run();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  }

  const verifyIn = (stored: string, password: string) =>
    withHashSlot(() => verify(stored, password)).catch((err: unknown) => {
      if (err instanceof PasswordHashBusyError) throw err;
      return false;
    });

  return {
    hash: (password) => withHashSlot(() => hash(password, params)),
    async verify(stored, password) {
      if (!stored) {
        dummyHash ??= hash('dummy-password-for-timing-Aa1!', params);
        await verifyIn(await dummyHash, password);
        return false;
      }
      return verifyIn(stored, password);
    },
    needsRehash: (stored) =>
      !stored.startsWith(
        `$argon2id$v=19$m=${params.memoryCost},t=${params.timeCost},p=${params.parallelism}$`,
      ),
    stats: () => ({ running, waiting: waiting.length, concurrency, maxWaiting }),
  };
}

/**
 * Outside any app (the test factories, the bulk load): the standard cost, a queue of its own.
 * Code that serves requests uses its app's hasher (`app.passwords`).
 */
const outsideApps = createPasswordHasher();
export const hashPassword = (password: string) => outsideApps.hash(password);
