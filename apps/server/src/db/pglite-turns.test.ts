import type { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { openPglite } from './client.ts';
import { takeTurns } from './pglite-turns.ts';

/**
 * A stand-in with PGlite's three entry points, each an async function whose work is synchronous
 * (as PGlite's statements are): what happens around the calls is what is under test.
 */
function fakeClient(log: string[]) {
  const call = (name: string) =>
    async function (label: string, fail = false) {
      log.push(`${name} ${label}`);
      // Something arrives on a socket while this statement runs.
      setImmediate(() => log.push(`io during ${label}`));
      if (fail) throw new Error(label);
      return label;
    };
  return {
    query: call('query'),
    exec: call('exec'),
    transaction: call('transaction'),
  };
}

describe('[db] takeTurns: the embedded database’s callers take turns with the event loop', () => {
  it('without it, queued calls run back to back before any I/O callback (the defect)', async () => {
    const log: string[] = [];
    const client = fakeClient(log);
    await Promise.all([client.query('a'), client.query('b'), client.query('c')]);
    await new Promise((r) => setImmediate(r));
    expect(log).toEqual([
      'query a',
      'query b',
      'query c',
      'io during a',
      'io during b',
      'io during c',
    ]);
  });

  it('with it, what arrived during one call is served before the next call starts, first come first served', async () => {
    const log: string[] = [];
    const client = fakeClient(log);
    takeTurns(client as unknown as PGlite);
    const results = await Promise.all([
      client.query('a'),
      client.transaction('b'),
      client.exec('c'),
    ]);
    expect(results).toEqual(['a', 'b', 'c']);
    await new Promise((r) => setImmediate(r));
    expect(log).toEqual([
      'query a',
      'io during a',
      'transaction b',
      'io during b',
      'exec c',
      'io during c',
    ]);
  });

  it('a failed call rejects for its caller only and does not stop the queue', async () => {
    const log: string[] = [];
    const client = fakeClient(log);
    takeTurns(client as unknown as PGlite);
    const failed = client.query('a', true);
    const next = client.query('b');
    await expect(failed).rejects.toThrow('a');
    await expect(next).resolves.toBe('b');
  });

  it('on a real embedded database: concurrent queries and transactions all complete, in order', async () => {
    const database = await openPglite(null);
    try {
      const order: number[] = [];
      await Promise.all(
        Array.from({ length: 20 }, (_, n) =>
          n % 2
            ? database.db.transaction(async (tx) => {
                await tx.execute(`select ${n}`);
                order.push(n);
              })
            : database.executeSql(`select ${n} as n`).then(() => order.push(n)),
        ),
      );
      expect(order).toEqual(Array.from({ length: 20 }, (_, n) => n));
    } finally {
      await database.close();
    }
  });
});
