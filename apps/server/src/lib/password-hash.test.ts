import { afterEach, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '@club/contract';
import {
  configurePasswordHashing,
  defaultHashConcurrency,
  hashPassword,
  PasswordHashBusyError,
  passwordHashStats,
  verifyPassword,
} from './password-hash.ts';

describe('password hashing off the event loop, limited', () => {
  afterEach(() => configurePasswordHashing({ concurrency: 0, maxWaiting: 64 }));

  it('runs at most PASSWORD_HASH_CONCURRENCY hashes at once, the others wait their turn', async () => {
    configurePasswordHashing({ concurrency: 1, maxWaiting: 10 });
    let maxRunning = 0;
    const timer = setInterval(() => {
      maxRunning = Math.max(maxRunning, passwordHashStats().running);
    }, 1);
    const all = Promise.all([1, 2, 3].map((i) => hashPassword(`Mot-de-passe-${i}!`)));
    // Synchronously after the calls: one hash running, two queued.
    expect(passwordHashStats()).toMatchObject({ running: 1, waiting: 2 });
    const hashes = await all;
    clearInterval(timer);
    expect(maxRunning).toBe(1);
    expect(passwordHashStats()).toMatchObject({ running: 0, waiting: 0 });
    expect(await verifyPassword(hashes[1], 'Mot-de-passe-2!')).toBe(true);
    expect(await verifyPassword(hashes[1], 'Mot-de-passe-3!')).toBe(false);
  });

  it('refuses at once with a French 503 when the queue is full', async () => {
    const stored = await hashPassword('Mot-de-passe-stocke-1!');
    configurePasswordHashing({ concurrency: 1, maxWaiting: 1 });
    const running = hashPassword('Occupe-le-calcul-1!');
    const queued = verifyPassword(stored, 'Mot-de-passe-stocke-1!');
    const err = await verifyPassword(stored, 'Mot-de-passe-stocke-1!').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PasswordHashBusyError);
    expect(err).toMatchObject({ statusCode: 503, message: SERVER_MESSAGES.unavailable });
    expect((err as PasswordHashBusyError).headers).toMatchObject({ 'retry-after': '2' });
    await running;
    expect(await queued).toBe(true);
    // Once the queue has room again, sign-ins are verified as before.
    expect(await verifyPassword(stored, 'Mot-de-passe-stocke-1!')).toBe(true);
  });

  it('defaults to every core but one, at least one', () => {
    configurePasswordHashing({ concurrency: 0 });
    expect(passwordHashStats().concurrency).toBe(defaultHashConcurrency());
    expect(defaultHashConcurrency()).toBeGreaterThanOrEqual(1);
  });
});
