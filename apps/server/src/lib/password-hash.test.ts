import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '@club/contract';
import { buildTestApp, type TestContext } from '../test/helper.ts';
import {
  ARGON2_TEST_PARAMS,
  createPasswordHasher,
  defaultHashConcurrency,
  PasswordHashBusyError,
} from './password-hash.ts';

describe('password hashing off the event loop, limited', () => {
  it('runs at most PASSWORD_HASH_CONCURRENCY hashes at once, the others wait their turn', async () => {
    const hasher = createPasswordHasher({ concurrency: 1, maxWaiting: 10 });
    let maxRunning = 0;
    const timer = setInterval(() => {
      maxRunning = Math.max(maxRunning, hasher.stats().running);
    }, 1);
    const all = Promise.all([1, 2, 3].map((i) => hasher.hash(`Mot-de-passe-${i}!`)));
    // Synchronously after the calls: one hash running, two queued.
    expect(hasher.stats()).toMatchObject({ running: 1, waiting: 2 });
    const hashes = await all;
    clearInterval(timer);
    expect(maxRunning).toBe(1);
    expect(hasher.stats()).toMatchObject({ running: 0, waiting: 0 });
    expect(await hasher.verify(hashes[1], 'Mot-de-passe-2!')).toBe(true);
    expect(await hasher.verify(hashes[1], 'Mot-de-passe-3!')).toBe(false);
  });

  it('refuses at once with a French 503 when the queue is full', async () => {
    const hasher = createPasswordHasher({ concurrency: 1, maxWaiting: 1 });
    const stored = await hasher.hash('Mot-de-passe-stocke-1!');
    const running = hasher.hash('Occupe-le-calcul-1!');
    const queued = hasher.verify(stored, 'Mot-de-passe-stocke-1!');
    const err = await hasher.verify(stored, 'Mot-de-passe-stocke-1!').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PasswordHashBusyError);
    expect(err).toMatchObject({ statusCode: 503, message: SERVER_MESSAGES.unavailable });
    expect((err as PasswordHashBusyError).headers).toMatchObject({ 'retry-after': '2' });
    await running;
    expect(await queued).toBe(true);
    // Once the queue has room again, sign-ins are verified as before.
    expect(await hasher.verify(stored, 'Mot-de-passe-stocke-1!')).toBe(true);
  });

  it('defaults to every core but one, at least one', () => {
    expect(createPasswordHasher({ concurrency: 0 }).stats().concurrency).toBe(
      defaultHashConcurrency(),
    );
    expect(defaultHashConcurrency()).toBeGreaterThanOrEqual(1);
  });
});

describe('each app hashes with its own settings (no process-wide state)', () => {
  const apps: TestContext[] = [];
  afterAll(async () => {
    for (const a of apps) await a.close();
  });

  it('two apps of one process keep their own cost, concurrency and queue', async () => {
    const cheap = await buildTestApp({
      PASSWORD_HASH_COST: 'test',
      PASSWORD_HASH_CONCURRENCY: '1',
      PASSWORD_HASH_QUEUE: '1',
    });
    apps.push(cheap);
    const standard = await buildTestApp();
    apps.push(standard);

    // The app built second did not change the first one's settings, nor the reverse.
    expect(cheap.app.passwords.stats()).toMatchObject({ concurrency: 1, maxWaiting: 1 });
    expect(standard.app.passwords.stats()).toMatchObject({
      concurrency: defaultHashConcurrency(),
      maxWaiting: 64,
    });
    const cheapHash = await cheap.app.passwords.hash('Mot-de-passe-cheap-1!');
    const standardHash = await standard.app.passwords.hash('Mot-de-passe-standard-1!');
    expect(cheapHash).toContain(`m=${ARGON2_TEST_PARAMS.memoryCost},`);
    expect(standardHash).toContain('m=19456,');
    expect(standard.app.passwords.needsRehash(cheapHash)).toBe(true);
    expect(cheap.app.passwords.needsRehash(cheapHash)).toBe(false);

    // The first app's full queue refuses its own sign-ins only.
    const busy = [cheap.app.passwords.hash('Occupe-1!'), cheap.app.passwords.hash('Occupe-2!')];
    await expect(cheap.app.passwords.verify(cheapHash, 'x')).rejects.toBeInstanceOf(
      PasswordHashBusyError,
    );
    expect(await standard.app.passwords.verify(standardHash, 'Mot-de-passe-standard-1!')).toBe(
      true,
    );
    await Promise.all(busy);
  });
});
