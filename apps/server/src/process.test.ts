/**
 * Process-level tests of the BUILT server (node dist/server.mjs), as `npm start` runs it:
 * configuration from the environment, persistence across restarts, PostgreSQL, database outage,
 * graceful shutdown. Each test starts its own server on a free port with its own DATA_DIR.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COOKIE_XSRF_TOKEN, HEADER_XSRF_TOKEN, SERVER_MESSAGES, api, urlOf } from '@club/contract';
import { openDatabase } from './db/client.ts';
import { createClub } from './db/factories.ts';
import { clubs } from './db/schema.ts';
import {
  cleanupProcesses,
  ensureServerBuilt,
  freePort,
  spawnNode,
  tmpDir as tmpDirWith,
  waitHealthy,
  type Proc,
} from './test/built-server.ts';
import { buildTestApp, offContract } from './test/helper.ts';

/** The URLs the built server is called on (fetch and http.get: no test client there). */
const HEALTH = urlOf(api.publicSite.health);
const CSRF = urlOf(api.auth.csrf);

const PG_ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const tmpDir = () => tmpDirWith('club-process-');

/** The built server, run from a temporary directory of its own unless `CWD` says otherwise. */
const spawnServer = (env: Record<string, string>): Proc =>
  spawnNode({ CWD: env.CWD ?? tmpDir(), ...env });

/**
 * An initialised embedded database is slow to create (initdb + migrations): once the first test
 * has made one, the others start from a copy of it.
 */
let templateDataDir: string | null = null;
function dataDirFromTemplate(): string {
  const dir = tmpDir();
  if (templateDataDir) fs.cpSync(templateDataDir, dir, { recursive: true });
  return dir;
}

async function startServer(env: Record<string, string>) {
  const PORT = env.PORT ?? String(await freePort());
  const r = spawnServer({ DATA_DIR: dataDirFromTemplate(), ...env, PORT });
  await waitHealthy(r);
  return r;
}

async function pgReachable(): Promise<boolean> {
  const c = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 2_000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

async function withAdmin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: PG_ADMIN_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

let hasPg = false;
beforeAll(async () => {
  ensureServerBuilt();
  hasPg = await pgReachable();
  // In CI PostgreSQL is part of the machine: its absence is a failure, not a reason to skip.
  if (!hasPg && process.env.CI) throw new Error(`PostgreSQL injoignable sur ${PG_ADMIN_URL}`);
}, 60_000);

afterAll(cleanupProcesses);

describe('[foundation] the built server honours its configuration', { timeout: 180_000 }, () => {
  it('PORT, HOST and DATA_DIR are honoured', async () => {
    const port = await freePort('127.0.0.2');
    const dataDir = path.join(tmpDir(), 'mes-données');
    const r = await startServer({ PORT: String(port), HOST: '127.0.0.2', DATA_DIR: dataDir });
    expect(r.url).toBe(`http://127.0.0.2:${port}`);
    const res = await fetch(`${r.url}${HEALTH}`);
    expect(await res.json()).toEqual({
      status: 'ok',
      database: 'up',
      mail: { pending: 0, retrying: 0, failed: 0 },
    });
    // Bound to 127.0.0.2 only: the same port on 127.0.0.1 is not served.
    await expect(fetch(`http://127.0.0.1:${port}${HEALTH}`)).rejects.toThrow();
    // The embedded database and the generated signing key live under DATA_DIR.
    expect(fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
    expect(fs.statSync(path.join(dataDir, 'jwt-secret')).mode & 0o077).toBe(0);
    // A second process on the same embedded database is refused (PGlite is single-process).
    const second = spawnServer({ PORT: String(await freePort()), DATA_DIR: dataDir });
    expect(await second.exited).not.toBe(0);
    expect(second.output()).toContain('est déjà ouverte par un autre processus');
    expect((await fetch(`${r.url}${HEALTH}`)).status).toBe(200);
    expect(await r.stop()).toBe(0);
    templateDataDir = dataDir;
  });

  it('data under DATA_DIR survives a restart', async () => {
    const dataDir = dataDirFromTemplate();
    const first = await startServer({ DATA_DIR: dataDir });
    expect(await first.stop()).toBe(0);
    const secret = fs.readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8');

    // Write a row into the same embedded database while the server is down (PGlite is single-process).
    const db1 = await openDatabase({ dataDir });
    const club = await createClub(db1.db, { nom: 'Club persistant' });
    await db1.close();

    const second = await startServer({ DATA_DIR: dataDir });
    expect(await second.stop()).toBe(0);

    const db2 = await openDatabase({ dataDir });
    const rows = await db2.db.select().from(clubs);
    await db2.close();
    expect(rows.map((c) => [c.id, c.nom])).toEqual([[club.id, 'Club persistant']]);
    // The signing key is kept, so sessions stay valid across restarts.
    expect(fs.readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8')).toBe(secret);
  });

  it('an invalid value stops the start with a clear French message and a non-zero code', async () => {
    const r = spawnServer({ PORT: 'abc', DATA_DIR: tmpDir() });
    const code = await r.exited;
    expect(code).not.toBe(0);
    expect(r.output()).toContain('Configuration invalide');
    expect(r.output()).toMatch(/PORT : .*nombre attendu.*« abc »/);

    const bad = spawnServer({
      PORT: '3000',
      DATABASE_URL: 'mysql://localhost/x',
      DATA_DIR: tmpDir(),
    });
    expect(await bad.exited).not.toBe(0);
    expect(bad.output()).toContain(
      'DATABASE_URL : doit commencer par postgres:// ou postgresql://',
    );
    expect(bad.output()).not.toContain('mysql://localhost/x');
  });
});

describe('[foundation] PostgreSQL through DATABASE_URL', { timeout: 180_000 }, () => {
  it('runs the migrations on the given database, then answers 503 once the database is gone', async (ctx) => {
    if (!hasPg) ctx.skip();
    const name = `club_proc_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    await withAdmin((c) => c.query(`create database ${name}`));
    try {
      const url = new URL(PG_ADMIN_URL);
      url.pathname = `/${name}`;
      const dataDir = tmpDir();
      const r = await startServer({ DATABASE_URL: url.toString(), DATA_DIR: dataDir });
      // The schema was created in that database, and no embedded database was opened.
      const tables = await withAdmin(async () => {
        const c = new pg.Client({ connectionString: url.toString() });
        await c.connect();
        const res = await c.query(
          "select table_name from information_schema.tables where table_schema = 'public'",
        );
        await c.end();
        return res.rows.map((row: { table_name: string }) => row.table_name);
      });
      expect(tables).toEqual(expect.arrayContaining(['clubs', 'members', 'teams', 'events']));
      expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(false);

      // The database goes away under the running server.
      await withAdmin((c) => c.query(`drop database ${name} with (force)`));
      const res = await fetch(`${r.url}${HEALTH}`);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({
        status: 'degraded',
        database: 'down',
        message: SERVER_MESSAGES.unavailable,
      });
      // The process keeps running and still answers.
      expect(r.child.exitCode).toBeNull();
      expect(await r.stop()).toBe(0);
    } finally {
      await withAdmin((c) => c.query(`drop database if exists ${name} with (force)`));
    }
  });
});

describe(
  `[foundation] ${api.publicSite.health.path} with the embedded database stopped`,
  { timeout: 180_000 },
  () => {
    it('answers 503 with a French message, and 200 while it answers', async () => {
      const ctx = await buildTestApp();
      try {
        expect((await ctx.app.inject({ url: HEALTH })).statusCode).toBe(200);
        await ctx.database.close();
        const res = await ctx.app.inject({ url: HEALTH });
        expect(res.statusCode).toBe(503);
        expect(res.json()).toMatchObject({
          database: 'down',
          message: SERVER_MESSAGES.unavailable,
        });
      } finally {
        await ctx.close();
      }
    });
  },
);

describe('[foundation] graceful shutdown', { timeout: 180_000 }, () => {
  /**
   * A request whose JSON body arrives in two halves: it is in flight (headers received, routed,
   * anti-forgery checked) until the second half is sent. Resolves with the full answer.
   */
  function slowRequest(base: string, cookie: string, xsrf: string, release: Promise<void>) {
    const body = JSON.stringify({ note: 'x'.repeat(2_000) });
    return new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        `${base}${offContract.missingApi}`,
        {
          method: 'POST',
          agent: false,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            cookie,
            [HEADER_XSRF_TOKEN]: xsrf,
          },
        },
        (res) => {
          let data = '';
          res.on('data', (c: Buffer) => (data += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode!, body: data }));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 1_000));
      void release.then(() => req.end(body.slice(1_000)));
    });
  }

  it('SIGTERM lets in-flight requests finish, answers new ones 503 and exits 0 within 10 s', async () => {
    const r = await startServer({ SHUTDOWN_DRAIN_MS: '1000' });
    // A pre-login anti-forgery token, as a browser would hold it.
    const csrf = await fetch(`${r.url}${CSRF}`);
    const setCookie = csrf.headers
      .getSetCookie()
      .find((c) => c.startsWith(`${COOKIE_XSRF_TOKEN}=`))!;
    const cookie = setCookie.split(';')[0]!;
    const xsrf = decodeURIComponent(cookie.slice(COOKIE_XSRF_TOKEN.length + 1));

    let release!: () => void;
    const released = new Promise<void>((res) => (release = res));
    const N = 20;
    const inFlight = Array.from({ length: N }, () => slowRequest(r.url, cookie, xsrf, released));
    // Let every request reach the server, then ask it to stop.
    await new Promise((res) => setTimeout(res, 500));
    const stoppedAt = Date.now();
    r.child.kill('SIGTERM');
    await new Promise((res) => setTimeout(res, 300));

    // While closing: the process is still there, and a new request is not served.
    expect(r.child.exitCode).toBeNull();
    // While draining (SHUTDOWN_DRAIN_MS), a new request gets a French 503.
    const late = await fetch(`${r.url}${HEALTH}`);
    expect(late.status).toBe(503);
    expect(late.headers.get('retry-after')).toBe('5');
    expect(await late.json()).toEqual({ message: SERVER_MESSAGES.shuttingDown });

    // The requests that were in flight all get their complete answer.
    release();
    const answers = await Promise.all(inFlight);
    expect(answers).toHaveLength(N);
    for (const a of answers) {
      expect(a.status).toBe(404);
      expect(JSON.parse(a.body)).toEqual({ message: SERVER_MESSAGES.routeNotFound });
    }
    expect(await r.exited).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(10_000);
  });

  it('SIGTERM during a burst of concurrent requests loses none of them', async () => {
    // A drain long enough for a loaded machine to read every request already sent.
    const r = await startServer({ SHUTDOWN_DRAIN_MS: '3000' });
    const agent = new http.Agent({ keepAlive: false, maxSockets: 100 });
    const sent: Promise<void>[] = [];
    const answers = Array.from(
      { length: 100 },
      (_, i) =>
        new Promise<number | string>((resolve) => {
          const req = http.get(`${r.url}${i % 2 ? HEALTH : CSRF}`, { agent }, (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode!));
          });
          req.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? 'erreur'));
          sent.push(new Promise((ok) => req.on('finish', () => ok())));
        }),
    );
    // Every request is on the wire (most still queued in the server) when the signal arrives.
    await Promise.all(sent);
    r.child.kill('SIGTERM');
    const results = await Promise.all(answers);
    agent.destroy();
    expect(await r.exited).toBe(0);
    // None is lost: each got a complete answer, its real one or the French 503 of the drain.
    expect(results.filter((s) => ![200, 204, 503].includes(s as number))).toEqual([]);
    expect(results.filter((s) => s !== 503).length).toBeGreaterThan(0);
  });
});
