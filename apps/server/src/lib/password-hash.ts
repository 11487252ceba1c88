import os from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { SERVER_MESSAGES } from '@club/contract';
import { HttpError } from './http-error.ts';

/** Argon2id, OWASP minimum (docs/architecture.md §6). */
export const ARGON2_PARAMS = {
  algorithm: 2 /* Argon2id (a const enum upstream) */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

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
export function configurePasswordHashing(opts: { concurrency?: number; maxWaiting?: number }) {
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
  return withHashSlot(() => hash(password, ARGON2_PARAMS));
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
    dummyHash ??= hash('dummy-password-for-timing-Aa1!', ARGON2_PARAMS);
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
    `$argon2id$v=19$m=${ARGON2_PARAMS.memoryCost},t=${ARGON2_PARAMS.timeCost},p=${ARGON2_PARAMS.parallelism}$`,
  );
}
