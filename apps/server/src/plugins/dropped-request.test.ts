import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import net from 'node:net';
import pg from 'pg';
import { and, count, eq, like, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { COOKIE_XSRF_TOKEN, HEADER_XSRF_TOKEN, api, urlOf } from '@club/contract';
import { createClub, createMember } from '../db/factories.ts';
import { members } from '../db/schema.ts';
import { buildTestApp, signIn, type TestClient, type TestContext } from '../test/helper.ts';
import { until } from '../test/http-utils.ts';

/**
 * Signed-in requests whose client goes away (a closed tab during an import) at every moment of
 * their life: the request's transaction always ends (decision 0100). Before, a request whose
 * client left while its transaction was being opened kept it open for ever: on PGlite the one
 * connection, so the health endpoint answered 503 until the process was killed; on PostgreSQL a pooled
 * connection « idle in transaction » per dropped import. Runs on PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL (where pg_stat_activity is checked too).
 */
let ctx: TestContext & { database: { url?: string } };
let app: FastifyInstance;
let port: number;
let clubId: number;
let leader: TestClient;
/** Requests that reached the preHandler stage (a root hook runs before the scope's). */
let preHandlers = 0;
/** Requests whose headers the HTTP server has read. */
let received = 0;
const ROWS = 300;

beforeAll(async () => {
  ctx = await buildTestApp({ REQUEST_LOG_SAMPLE: '0' }, (a) => {
    a.addHook('preHandler', async () => {
      preHandlers++;
    });
  });
  app = ctx.app;
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as net.AddressInfo).port;
  app.server.on('request', () => received++);
  const club = await createClub(app.db);
  clubId = club.id;
  leader = await signIn(app, await createMember(app.db, club.id, { role: 'DIRIGEANT' }));
}, 30_000);
afterAll(async () => {
  // A server left with a transaction open for ever (the defect) never closes: give up on it.
  await within(10_000, ctx?.close(), undefined);
}, 15_000);

const HEADER = 'Nom;Prénom;Date de naissance;Genre;E-mail;Téléphone;N° licence;Rôle;Équipes';
/** A 300-row import whose members are recognised by their e-mail's prefix. */
function importBody(tag: string): { head: string; body: Buffer } {
  const rows = Array.from(
    { length: ROWS },
    (_, i) => `Durand;Léa${i};03/04/2013;Femme;${tag}.${i}@example.org;06 11 22 33 44;;Joueur;`,
  );
  const csv = [HEADER, ...rows].join('\r\n') + '\r\n';
  const boundary = '----drop' + tag;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="fichier"; filename="membres.csv"\r\n` +
        `Content-Type: text/csv\r\n\r\n`,
    ),
    Buffer.from(csv),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const head =
    `POST ${urlOf(api.members.import, { params: { clubId }, query: { simulation: 'false' }, body: new FormData() })} HTTP/1.1\r\n` +
    `Host: 127.0.0.1:${port}\r\n` +
    `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${body.length}\r\n` +
    `Cookie: ${leader.cookieHeader()}\r\n` +
    `${HEADER_XSRF_TOKEN}: ${leader.cookies.get(COOKIE_XSRF_TOKEN)}\r\n\r\n`;
  return { head, body };
}

async function connect(): Promise<net.Socket> {
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => {});
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return socket;
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** `p`, or `fallback` after `ms` (a server that no longer answers fails the test at once). */
const within = <T>(ms: number, p: Promise<T>, fallback: T) =>
  Promise.race([p, new Promise<T>((r) => setTimeout(() => r(fallback), ms))]);

/** Members the import tagged `tag` wrote (-1: the database no longer answers). */
async function imported(tag: string): Promise<number> {
  const counted = app.db
    .select({ n: count() })
    .from(members)
    .where(and(eq(members.clubId, clubId), like(members.email, `${tag}.%`)))
    .then(([row]) => row!.n);
  return within(3_000, counted, -1);
}

/**
 * Holds every connection the requests could use (PGlite's one, or the pool's) in transactions of
 * the test's own until `release`: a request then waits for its transaction to open.
 */
async function holdConnections(): Promise<() => Promise<void>> {
  const slots = ctx.database.kind === 'pglite' ? 1 : 5;
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const opened: Promise<void>[] = [];
  const held = Array.from({ length: slots }, () => {
    let started!: () => void;
    opened.push(new Promise<void>((r) => (started = r)));
    return app.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      started();
      await gate;
    });
  });
  await Promise.all(opened);
  return async () => {
    release();
    await Promise.all(held);
  };
}

/** What the connections left idle in a transaction last ran, and since when (the probe prints it). */
async function idleDetails() {
  const client = new pg.Client({ connectionString: ctx.database.url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select state, query, now() - state_change as since, now() - xact_start as xact from pg_stat_activity
        where datname = current_database() and state like 'idle in transaction%' and pid <> pg_backend_pid()`,
    );
    return rows;
  } finally {
    await client.end();
  }
}
/** Connections of the test's database left inside a transaction that nobody is running. */
async function idleInTransaction(): Promise<number> {
  const url = ctx.database.url;
  if (!url) return 0;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and state like 'idle in transaction%' and pid <> pg_backend_pid()`,
    );
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}

async function expectServerHealthy() {
  // What the dropped requests still had to do (their transactions opening, their handlers) is
  // done in this while: a transaction they left open is open by now.
  await sleep(300);
  const health = await until(
    'health 200',
    async () => {
      const r = await app.inject({ method: 'GET', url: urlOf(api.publicSite.health) });
      return r.statusCode === 200 && r.statusCode;
    },
    4_000,
  ).catch(() => 503);
  expect(health).toBe(200);
  // The rollbacks of dropped requests are asynchronous: a short while to end.
  const deadline = Date.now() + 3_000;
  let left = await idleInTransaction();
  while (left > 0 && Date.now() < deadline) {
    await sleep(50);
    left = await idleInTransaction();
  }
  expect(left).toBe(0);
  // And a signed-in request still runs to its end.
  const infos = await within<number | string>(
    3_000,
    leader.send(api.dashboard.infos).then((r) => r.status),
    'no answer',
  );
  expect(infos).toBe(200);
}

describe('[defects] a signed-in write whose client goes away', () => {
  it('(the import of the tests, its client staying, writes its 300 members)', async () => {
    const { head, body } = importBody('entier');
    const socket = await connect();
    let answer = '';
    socket.on('data', (d: Buffer) => (answer += d.toString()));
    socket.write(head);
    socket.write(body);
    await until('the answer', () => /^HTTP\/1.1 (\d+)/.exec(answer), 5_000);
    socket.destroy();
    expect(answer).toMatch(/^HTTP\/1.1 200/);
    expect(await imported('entier')).toBe(ROWS);
  });

  it('before its transaction has opened: the transaction ends, nothing is written', async () => {
    const tag = 'avant';
    const { head, body } = importBody(tag);
    const release = await holdConnections();
    const before = received;
    const socket = await connect();
    socket.write(head);
    socket.write(body);
    try {
      // The request waits for the database (every connection is held): the client leaves.
      await until('the request received', () => received > before, 3_000);
      await sleep(30);
      socket.destroy();
      await sleep(30);
    } finally {
      await release();
    }
    await expectServerHealthy();
    expect(await imported(tag)).toBe(0);
  });

  it('before its body has ended: the transaction ends, nothing is written', async () => {
    const tag = 'corps';
    const { head, body } = importBody(tag);
    const before = preHandlers;
    const socket = await connect();
    socket.write(head);
    socket.write(body.subarray(0, Math.floor(body.length / 2)));
    await until('the request in its preHandler', () => preHandlers > before, 3_000);
    await sleep(50);
    socket.destroy();
    await expectServerHealthy();
    expect(await imported(tag)).toBe(0);
  });

  it('while its handler runs, at several moments: the import is written whole or not at all', async () => {
    const delays = [0, 5, 20, 50, 100, 200];
    for (const [i, delay] of delays.entries()) {
      const { head, body } = importBody(`pendant${i}`);
      const before = preHandlers;
      const socket = await connect();
      socket.write(head);
      socket.write(body);
      await until('the request in its preHandler', () => preHandlers > before, 3_000);
      await sleep(delay);
      socket.destroy();
    }
    await expectServerHealthy();
    for (const i of delays.keys()) expect([0, ROWS]).toContain(await imported(`pendant${i}`));
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'on PostgreSQL, while its handler waits for a lock: rolled back once the handler is done',
    async () => {
      const tag = 'verrou';
      const { head, body } = importBody(tag);
      const locker = new pg.Client({ connectionString: ctx.database.url });
      await locker.connect();
      await locker.query('begin; lock table members in share row exclusive mode');
      const socket = await connect();
      try {
        socket.write(head);
        socket.write(body);
        // The import's insert waits for the lock: the handler is running, the client leaves.
        await until(
          'the import waiting for the lock',
          async () => {
            const { rows } = await locker.query<{ n: number }>(
              `select count(*)::int as n from pg_stat_activity
                where datname = current_database() and wait_event_type = 'Lock'`,
            );
            return rows[0]!.n > 0;
          },
          5_000,
        );
        socket.destroy();
        await sleep(100);
      } finally {
        await locker.query('commit');
        await locker.end();
      }
      await expectServerHealthy();
      // The client never saw an answer: what the handler did is not kept.
      expect(await imported(tag)).toBe(0);
    },
  );

  /**
   * The probe of the defect (decision 0100): DROPPED_IMPORT_PROBE=50 drops that many real imports,
   * one started every DROPPED_IMPORT_PROBE_GAP_MS (150 ms; 0: one after the other), each dropped
   * after 30 ms to 1 s, then
   * prints what is left: whether the server still
   * answers, connections idle in a transaction (PostgreSQL), imports written whole / not at all /
   * in part. `DROPPED_IMPORT_PROBE=50 npx vitest run apps/server/src/plugins/dropped-request.test.ts
   * -t probe` (with TEST_DATABASE_URL for PostgreSQL).
   */
  it.runIf(Number(process.env.DROPPED_IMPORT_PROBE) > 0)(
    'probe: many dropped imports',
    async () => {
      const n = Number(process.env.DROPPED_IMPORT_PROBE);
      const GAP_MS = Number(process.env.DROPPED_IMPORT_PROBE_GAP_MS ?? 150);
      const started = Date.now();
      const drops: Promise<void>[] = [];
      for (let i = 0; i < n; i++) {
        const { head, body } = importBody(`sonde${i}`);
        const socket = await connect();
        socket.write(head);
        socket.write(body);
        // Dropped after 30 ms to 1 s (i * 0.618 mod 1 visits the range evenly); the next import
        // starts meanwhile, as a leader's retries would: several are under way at once.
        const drop = sleep(30 + Math.round(((i * 0.618) % 1) * 970)).then(
          () => void socket.destroy(),
        );
        // GAP_MS 0: each import dropped before the next starts.
        if (GAP_MS === 0) await drop;
        else {
          drops.push(drop);
          await sleep(GAP_MS);
        }
      }
      await Promise.all(drops);
      await sleep(1_000);
      const health = await within(
        5_000,
        app.inject({ method: 'GET', url: urlOf(api.publicSite.health) }).then((r) => r.statusCode),
        0,
      );
      let left = await idleInTransaction();
      // A transaction still under way is not left behind: some seconds for it to end.
      for (let t = 0; left > 0 && t < 100; t++) {
        await sleep(50);
        left = await idleInTransaction();
      }
      if (left > 0) console.log('connections left in a transaction:', await idleDetails());
      const rows = { whole: 0, none: 0, partial: 0, unknown: 0 };
      if (health === 200)
        for (let i = 0; i < n; i++) {
          const written = await imported(`sonde${i}`);
          if (written === ROWS) rows.whole++;
          else if (written === 0) rows.none++;
          else if (written < 0) rows.unknown++;
          else rows.partial++;
        }
      const figures = {
        database: ctx.database.kind,
        dropped: n,
        seconds: Math.round((Date.now() - started) / 100) / 10,
        health: health || 'no answer (hang)',
        idleInTransaction: ctx.database.kind === 'postgres' ? left : 'n/a',
        imports: health === 200 ? rows : 'not counted (database does not answer)',
      };
      console.log(`dropped-import probe: ${JSON.stringify(figures)}`);
      expect(health).toBe(200);
      expect(left).toBe(0);
      expect(rows.partial).toBe(0);
    },
    120_000,
  );

  it('while its answer is sent: the server goes on answering', async () => {
    const socket = await connect();
    socket.write(
      `GET ${urlOf(api.members.export, { params: { clubId }, query: {} })} HTTP/1.1\r\n` +
        `Host: 127.0.0.1:${port}\r\n` +
        `Cookie: ${leader.cookieHeader()}\r\n\r\n`,
    );
    await within(
      3_000,
      new Promise<void>((resolve) => socket.once('data', () => resolve())),
      undefined,
    );
    socket.destroy();
    await expectServerHealthy();
  });
});
