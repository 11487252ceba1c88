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

let params: typeof ARGON2_PARAMS | typeof ARGON2_TEST_PARAMS = ARGON2_PARAMS;

/**
 * Hashes at once by default: every core but one, so that a burst of sign-ins (each Argon2id run is
 * about 30 ms of one core and 19 MiB) leaves the event loop a core of its own (decision 0033).
 * The hashes run on the libuv pool (@node-rs/argon2); the others wait in a queue.
 */
export const defaultHashConcurrency = () => Math.max(1, os.availableParallelism() - 1);

const limits = { concurrency: defaultHashConcurrency(), maxWaiting: 64 };
let running = 0;
const waiting: (() => void)[] = [];

/** PASSWORD_HASH_CONCURRENCY (0: automatic) and PASSWORD_HASH_QUEUE, set once at start. */
export function configurePasswordHashing(opts: {
  concurrency?: number;
  maxWaiting?: number;
  cost?: 'standard' | 'test';
}) {
  if (opts.cost !== undefined) params = opts.cost === 'test' ? ARGON2_TEST_PARAMS : ARGON2_PARAMS;
  if (opts.concurrency !== undefined)
    limits.concurrency = opts.concurrency > 0 ? opts.concurrency : defaultHashConcurrency();
  if (opts.maxWaiting !== undefined) limits.maxWaiting = opts.maxWaiting;
}

/** Hashes running and waiting (tests, diagnostics). */
export function passwordHashStats() {
  return { running, waiting: waiting.length, ...limits };
}

/** The queue is full: the sign-in is refused at once (French 503, retry in a few seconds). */
export class PasswordHashBusyError extends HttpError {
  constructor() {
    super(503, SERVER_MESSAGES.unavailable, undefined, { 'retry-after': '2' });
  }
}

async function withHashSlot<T>(run: () => Promise<T>): Promise<T> {
  if (running < limits.concurrency) running++;
  else if (waiting.length >= limits.maxWaiting) throw new PasswordHashBusyError();
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

export function hashPassword(password: string): Promise<string> {
  return withHashSlot(() => hash(password, params));
}

let dummyHash: Promise<string> | null = null;

/**
 * Verifies a password; with no stored hash it verifies against a dummy one so that an unknown e-mail
 * takes as long as a wrong password (and waits in the same queue).
 */
export async function verifyPassword(
  stored: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hash('dummy-password-for-timing-Aa1!', params);
    const dummy = await dummyHash;
    await withHashSlot(() => verify(dummy, password)).catch((err: unknown) => {
      if (err instanceof PasswordHashBusyError) throw err;
      return false;
    });
    return false;
  }
  let ok: boolean;
  try {
    ok = await withHashSlot(() => verify(stored, password));
  } catch (err) {
    if (err instanceof PasswordHashBusyError) throw err;
    return false;
  }
  return ok;
}

/** True when the stored hash was made with other parameters than today's (rehash at login). */
export function needsRehash(stored: string): boolean {
  return !stored.startsWith(
    `$argon2id$v=19$m=${params.memoryCost},t=${params.timeCost},p=${params.parallelism}$`,
  );
}
