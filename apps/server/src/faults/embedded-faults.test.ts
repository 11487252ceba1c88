/**
 * Faults on the BUILT server with its embedded database (PGlite), as `npm start` runs it:
 * - SIGTERM under a write load: no request in flight is cut, and every write retried with its
 *   Idempotency-Key after the restart is stored exactly once;
 * - SIGKILL during writes: the next start is clean and every acknowledged write is there;
 * - `npm start` again while the previous server drains: it waits instead of failing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES, api, urlOf, type EndpointInput } from '@club/contract';
import { openDatabase } from '../db/client.ts';
import { createClub, createMember, DEFAULT_TEST_PASSWORD } from '../db/factories.ts';
import {
  cleanupProcesses,
  ensureServerBuilt,
  freePort,
  repoRoot,
  signInHttp,
  spawnNode,
  tmpDir,
  until,
  waitHealthy,
  type HttpResult,
  type HttpSession,
  type Proc,
} from '../test/built-server.ts';

let templateDir: string;
let leaderEmail: string;
let clubId: number;

/** One initialised data directory (initdb + migrations + a club and its DIRIGEANT), copied per test. */
beforeAll(async () => {
  ensureServerBuilt();
  templateDir = tmpDir();
  const database = await openDatabase({ dataDir: templateDir });
  const club = await createClub(database.db, { nom: 'Club des pannes' });
  clubId = club.id;
  const leader = await createMember(database.db, club.id, { role: 'DIRIGEANT' });
  leaderEmail = leader.email;
  await database.close();
}, 120_000);
afterAll(cleanupProcesses);

function dataDirCopy(): string {
  const dir = tmpDir();
  fs.cpSync(templateDir, dir, { recursive: true });
  return dir;
}

async function startServer(env: Record<string, string>): Promise<Proc> {
  const p = spawnNode(env);
  await waitHealthy(p);
  return p;
}

const memberBody = (email: string): EndpointInput<typeof api.members.create>['body'] => ({
  nom: 'Panne',
  prenom: 'Process',
  dateDeNaissance: '2001-02-03',
  genre: 'Homme',
  numeroTelephone: '06 12 34 56 78',
  email,
  role: 'JOUEUR',
  clubId,
});

interface Attempt {
  key: string;
  result: HttpResult;
}

/**
 * `writers` clients each sending new members (one Idempotency-Key each) until `stop()` is true;
 * `attempts` fills as answers come.
 */
function writeLoad(session: HttpSession, writers: number, stop: () => boolean, tag: string) {
  const attempts: Attempt[] = [];
  let n = 0;
  const done = Promise.all(
    Array.from({ length: writers }, async () => {
      while (!stop()) {
        const key = `${tag}.${n++}`;
        const result = await session.send(
          api.members.create,
          { body: memberBody(`${key}@example.org`) },
          { headers: { 'idempotency-key': key } },
        );
        attempts.push({ key, result });
        // A well-behaved client: a pause after a refused connection, Retry-After honoured.
        const pauseMs = result.error ? 20 : Number(result.retryAfter ?? 0) * 1000;
        const until = Date.now() + pauseMs;
        while (!stop() && Date.now() < until) await new Promise((res) => setTimeout(res, 20));
      }
    }),
  );
  return { attempts, done };
}

/** Retries a write with its key until it is stored (201), whatever the first answer was. */
async function retryUntilStored(session: HttpSession, key: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await session.send(
      api.members.create,
      { body: memberBody(`${key}@example.org`) },
      { headers: { 'idempotency-key': key } },
    );
    if (!res.error && res.status === 201) return;
    if (Date.now() > deadline) throw new Error(`${key}: ${JSON.stringify(res)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** E-mail → number of members, read from the stopped server's database. */
async function storedEmails(dataDir: string, tag: string): Promise<Map<string, number>> {
  const database = await openDatabase({ dataDir });
  try {
    const res = await database.executeSql(
      `select lower(email::text) as email, count(*)::int as n from members
        where email like $1 group by 1`,
      [`${tag}.%`],
    );
    return new Map(res.rows.map((r) => [String(r.email), Number(r.n)]));
  } finally {
    await database.close();
  }
}

const acknowledged = (attempts: Attempt[]) =>
  attempts.filter((a) => !a.result.error && a.result.status === 201).map((a) => a.key);

describe('[defects] faults of the embedded database server', { timeout: 120_000 }, () => {
  it('SIGTERM under a write load cuts no request; retried writes are stored exactly once', async () => {
    const dataDir = dataDirCopy();
    const PORT = String(await freePort());
    const env = { DATA_DIR: dataDir, PORT, SHUTDOWN_DRAIN_MS: '1000' };
    const first = await startServer(env);
    const session = await signInHttp(first.url, leaderEmail, DEFAULT_TEST_PASSWORD);

    let stopAfterExit = false;
    const { attempts, done } = writeLoad(session, 8, () => stopAfterExit, 'sigterm');
    // Let the load run, then ask the server to stop while requests are in flight.
    await until(() => acknowledged(attempts).length >= 10, 30_000, '10 writes acknowledged');
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    stopAfterExit = true;
    await done;

    // Every request got a complete answer (its own, or the drain's French 503) or found the port
    // closed after the exit (ECONNREFUSED): none was cut (ECONNRESET, socket hang up).
    const cut = attempts.filter((a) => a.result.error && a.result.error !== 'ECONNREFUSED');
    expect(cut).toEqual([]);
    for (const a of attempts) {
      if (a.result.error) continue;
      expect([201, 503], a.result.body).toContain(a.result.status);
      if (a.result.status === 503)
        expect(JSON.parse(a.result.body)).toEqual({ message: SERVER_MESSAGES.shuttingDown });
    }
    const acked = acknowledged(attempts);
    expect(acked.length).toBeGreaterThan(0);
    expect(attempts.some((a) => !a.result.error && a.result.status === 503)).toBe(true);

    // The restarted server: every write is retried with its key (the acknowledged ones replay).
    const second = await startServer(env);
    for (const a of attempts) await retryUntilStored(session, a.key);
    expect(await second.stop()).toBe(0);
    const stored = await storedEmails(dataDir, 'sigterm');
    expect(stored.size).toBe(attempts.length);
    for (const a of attempts) expect(stored.get(`${a.key}@example.org`), a.key).toBe(1);
    const count = (f: (r: HttpResult) => boolean) => attempts.filter((a) => f(a.result)).length;
    console.info(
      `[faults] SIGTERM sous charge : ${attempts.length} requêtes, ${acked.length} × 201, ` +
        `${count((r) => r.status === 503)} × 503, ${count((r) => r.error === 'ECONNREFUSED')} ` +
        `refusées après l’arrêt, ${cut.length} coupée ; ${stored.size} écritures, 0 doublon`,
    );
  });

  it('SIGKILL during writes: the next start is clean and every acknowledged write is there', async () => {
    const dataDir = dataDirCopy();
    const PORT = String(await freePort());
    const env = { DATA_DIR: dataDir, PORT };
    const first = await startServer(env);
    const session = await signInHttp(first.url, leaderEmail, DEFAULT_TEST_PASSWORD);
    let killed = false;
    const { attempts, done } = writeLoad(session, 6, () => killed, 'sigkill');
    await until(() => acknowledged(attempts).length >= 20, 30_000, '20 writes acknowledged');
    first.child.kill('SIGKILL');
    await first.exited;
    killed = true;
    await done;
    const acked = acknowledged(attempts);
    expect(acked.length).toBeGreaterThanOrEqual(20);
    // The lock of the killed process is taken over; PostgreSQL recovers from its WAL.
    const second = await startServer(env);
    expect(second.output()).not.toContain('déjà ouverte');
    expect(await second.stop()).toBe(0);
    const stored = await storedEmails(dataDir, 'sigkill');
    for (const key of acked) expect(stored.get(`${key}@example.org`), key).toBe(1);
    // Nothing but what was sent, each at most once.
    expect(stored.size).toBeLessThanOrEqual(attempts.length);
    for (const n of stored.values()) expect(n).toBe(1);
    console.info(
      `[faults] SIGKILL pendant les écritures : ${acked.length} acquittées, toutes présentes ; ` +
        `${stored.size} lignes pour ${attempts.length} requêtes`,
    );
  });

  it('`npm start` run again during the drain waits for the previous server, then serves', async () => {
    const dataDir = dataDirCopy();
    const PORT = String(await freePort());
    // A drain long enough for the second process to boot and reach the lock even on a loaded
    // machine; it must then wait for the first one (bounded by LOCK_WAIT_MS, 30 s).
    const env = {
      DATA_DIR: dataDir,
      PORT,
      SHUTDOWN_DRAIN_MS: '15000',
      SHUTDOWN_TIMEOUT_MS: '60000',
    };
    const first = await startServer(env);
    first.child.kill('SIGTERM');
    // The previous server is draining: it answers 503 and still holds the database.
    await until(
      async () => {
        const res = await fetch(first.url + urlOf(api.publicSite.health)).catch(() => null);
        return res?.status === 503;
      },
      5_000,
      'drain',
    );
    expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(true);
    const second = spawnNode({ ...env, SKIP_BUILD: '1' }, [
      path.join(repoRoot, 'scripts/start.mjs'),
    ]);
    const startedAt = Date.now();
    // It says it waits, while the previous server is still there…
    await until(
      () => second.output().includes('La base embarquée est encore ouverte'),
      15_000,
      'waiting message',
    );
    expect(first.child.exitCode).toBeNull();
    // …and serves once it is gone.
    await waitHealthy(second);
    expect(await first.exited).toBe(0);
    console.info(
      `[faults] npm start pendant la vidange : servi après ${Date.now() - startedAt} ms`,
    );
    expect(second.output()).toContain(
      `La base embarquée est encore ouverte par le serveur précédent (pid ${first.child.pid})`,
    );
    expect(second.output()).not.toContain('Démarrage impossible');
    expect(await second.stop()).toBe(0);
  });
});
