/**
 * Reliable mail delivery: every mail goes through the persistent `mail` queue (pg-boss
 * on the application's database). Real SMTP server, real application, real database: PGlite here,
 * PostgreSQL under `npm run test:pg` (TEST_DATABASE_URL), where two instances also share one queue.
 */
import net from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { api } from '@club/contract';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createClub, createMember } from '../db/factories.ts';
import type { Database } from '../db/client.ts';
import { createTestDatabase, signIn, startSmtpServer, TestClient } from '../test/helper.ts';
import { freshIp, until, waitForMailQueueIdle } from '../test/http-utils.ts';
import {
  cleanupsAfterEach,
  closedPort,
  mailsTo,
  mailTestEnv,
  sharedDatabase as sharedTestDatabase,
} from '../test/mail-delivery.ts';

const PG_URL = process.env.TEST_DATABASE_URL;

interface Instance {
  app: FastifyInstance;
  logs: Record<string, unknown>[];
}

const cleanups = cleanupsAfterEach();

/**
 * The application as server.ts builds it, on a database it does not own (a restart = a new
 * instance on the same database), with its log lines kept.
 */
async function start(
  database: Database,
  smtpPort: number,
  env: Record<string, string> = {},
): Promise<Instance> {
  const logs: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line) logs.push(JSON.parse(line));
      done();
    },
  });
  const config = loadConfig({
    ...mailTestEnv(smtpPort),
    ...env,
  });
  const app = await buildApp({ config, database, logger: { level: 'info', stream } });
  await app.ready();
  cleanups.push(() => app.close());
  return { app, logs };
}

/** A fresh database (in memory, or on the PostgreSQL server), dropped after the test. */
async function freshDatabase(): Promise<Database> {
  const database = await createTestDatabase();
  cleanups.push(() => database.close());
  return database;
}

/** A database for the test, and a way to open it again as a restarted server would. */
const sharedDatabase = () => sharedTestDatabase(cleanups, 'club-jobs-');

/** A member who asks for a password reset: the request queues one mail to them. */
async function askReset(app: FastifyInstance, email: string) {
  // The caller's address is no part of a declaration: raw() sends it, to the declared URL.
  const res = await new TestClient(app).raw({
    method: api.auth.forgotPassword.method,
    url: api.auth.forgotPassword.path,
    payload: { email },
    remoteAddress: freshIp(),
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** The health answer, which counts the mail queue's waiting and failed mails. */
const mailHealth = (app: FastifyInstance) => new TestClient(app).send(api.publicSite.health);

async function aMember(app: FastifyInstance) {
  const club = await createClub(app.db, { nom: `Club ${Math.random().toString(36).slice(2, 8)}` });
  return createMember(app.db, club.id, { role: 'JOUEUR' });
}

/** The stored data of every `mail` job, as text. */
async function storedJobs(app: FastifyInstance): Promise<string> {
  const { rows } = await app.database.executeSql(
    `select data::text as data from pgboss.job where name = 'mail'`,
    [],
  );
  return rows.map((r) => String(r.data)).join('\n');
}

/**
 * The stored jobs once the redaction of the jobs that are over has run: the worker marks a job
 * completed (or failed), then redacts its data in a second statement (jobs/job-queue.ts), so a
 * reader on another connection (PostgreSQL) can see the completed job a moment before.
 */
async function redacted(app: FastifyInstance): Promise<string> {
  return until('données des tâches terminées expurgées', async () => {
    const stored = await storedJobs(app);
    return stored.includes('mdpOublie') ? false : stored;
  });
}

describe('[jobs] mail queue', { timeout: 60_000 }, () => {
  it('SMTP down, then up: the request does not wait, each attempt is logged, the mail arrives once', async () => {
    const port = await closedPort();
    const db = await freshDatabase();
    const { app, logs } = await start(db, port);
    const member = await aMember(app);

    // Invitation resend awaits its mail: with SMTP down it still answers at once.
    const leader = await createMember(app.db, member.clubId, { role: 'DIRIGEANT' });
    const invited = await createMember(app.db, member.clubId, { role: 'JOUEUR', password: null });
    const asLeader = await signIn(app, leader);
    const res = await asLeader.send(api.members.resendInvitation, { params: { id: invited.id } });
    expect(res.status, res.text).toBe(200);
    await askReset(app, member.email);

    // Both mails failed at least once and wait for a retry; health shows it.
    await until('deux essais échoués', async () => (await app.mailQueue.stats()).retrying === 2);
    const health = await mailHealth(app);
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ status: 'ok', mail: { retrying: 2, failed: 0 } });
    const failures = logs.filter((l) => l.msg === 'échec d’envoi d’un e-mail ; nouvel essai prévu');
    expect(failures.length).toBeGreaterThanOrEqual(2);
    expect(failures[0]).toMatchObject({ level: 40, queue: 'mail', attempt: 1, attempts: 11 });
    expect(JSON.stringify(failures)).toContain('ECONNREFUSED');

    // SMTP comes back on the same address: the retries deliver, once each.
    const smtp = await startSmtpServer(port);
    cleanups.push(() => smtp.close());
    await until('invitation reçue', async () => mailsTo(smtp, invited.email).length > 0);
    await until('réinitialisation reçue', async () => mailsTo(smtp, member.email).length > 0);
    await waitForMailQueueIdle({ app: app }, 10_000);
    expect(mailsTo(smtp, invited.email)).toHaveLength(1);
    expect(mailsTo(smtp, invited.email)[0]!.subject).toMatch(/^Invitation à rejoindre /);
    expect(mailsTo(smtp, member.email)).toHaveLength(1);
    expect(smtp.mails).toHaveLength(2);
    expect((await mailHealth(app)).body.mail).toEqual({
      pending: 0,
      retrying: 0,
      failed: 0,
    });
  });

  it('a mail whose last attempt failed is counted as failed and logged as an error', async () => {
    const port = await closedPort();
    const db = await freshDatabase();
    const { app, logs } = await start(db, port, { MAIL_RETRY_LIMIT: '0' });
    const member = await aMember(app);
    await askReset(app, member.email);
    await until('échec définitif', async () => (await app.mailQueue.stats()).failed === 1);
    expect((await mailHealth(app)).body.mail).toEqual({
      pending: 0,
      retrying: 0,
      failed: 1,
    });
    const line = logs.find(
      (l) => l.msg === 'échec d’envoi d’un e-mail ; abandon après le dernier essai',
    );
    expect(line).toMatchObject({ level: 50, attempt: 1, attempts: 1, to: member.email });
    // The log carries what an operator needs, never the mail's body (a reset link); neither does
    // the job kept in the database once given up.
    expect(JSON.stringify(logs)).not.toContain('/mdpOublie?token=');
    const stored = await redacted(app);
    expect(stored).toContain(member.email);
    expect(stored).not.toContain('mdpOublie');
  });

  it('a mail queued before a restart is sent after it, once', async () => {
    const port = await closedPort();
    const shared = await sharedDatabase();
    const firstDb = await shared.open();
    const first = await start(firstDb, port);
    const member = await aMember(first.app);
    await askReset(first.app, member.email);
    await until('un essai échoué', async () => (await first.app.mailQueue.stats()).retrying === 1);
    await first.app.close();
    await firstDb.close(); // the server process is gone (and PGlite is single-process)

    const smtp = await startSmtpServer(port);
    cleanups.push(() => smtp.close());
    const second = await start(await shared.open(), port);
    await until('e-mail reçu après le redémarrage', async () => mailsTo(smtp, member.email).length);
    await waitForMailQueueIdle({ app: second.app }, 10_000);
    expect(mailsTo(smtp, member.email)).toHaveLength(1);
    expect(mailsTo(smtp, member.email)[0]!.text).toContain('/mdpOublie?token=');
    // Once sent, the job keeps no body (the link) in the database.
    expect(await redacted(second.app)).not.toContain('mdpOublie');
  });

  it('a guarded mail is sent while its condition holds, dropped (not retried) once stale', async () => {
    const smtp = await startSmtpServer();
    cleanups.push(() => smtp.close());
    const { app } = await start(await freshDatabase(), smtp.port);
    const checked: unknown[] = [];
    app.mailer.guardDelivery('essai', async (key, deliver) => {
      checked.push(key);
      if (key.current !== 1) return false;
      await deliver();
      return true;
    });
    const mail = (to: string) => ({
      to,
      subject: `Essai ${to}`,
      text: 'texte',
      html: '<p>texte</p>',
    });
    await app.mailer.sendMany([mail('ancien@example.org'), mail('actuel@example.org')], {
      conditions: [
        { kind: 'essai', key: { current: 0 } },
        { kind: 'essai', key: { current: 1 } },
      ],
    });
    await until('e-mail actuel reçu', async () => mailsTo(smtp, 'actuel@example.org').length);
    await waitForMailQueueIdle({ app }, 10_000);
    expect(mailsTo(smtp, 'ancien@example.org')).toHaveLength(0);
    expect(mailsTo(smtp, 'actuel@example.org')).toHaveLength(1);
    expect(checked).toHaveLength(2);
    expect(await app.mailQueue.stats()).toEqual({ pending: 0, retrying: 0, failed: 0 });
  });

  it('a hung SMTP server holds neither requests nor the shutdown', async () => {
    // Accepts connections and never says a word.
    const sockets: net.Socket[] = [];
    const hung = net.createServer((s) => sockets.push(s));
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    cleanups.push(async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => hung.close(() => resolve()));
    });
    const db = await freshDatabase();
    const { app } = await start(db, (hung.address() as net.AddressInfo).port, {
      SHUTDOWN_TIMEOUT_MS: '2000',
    });
    const member = await aMember(app);
    const t0 = Date.now();
    await askReset(app, member.email);
    await until('envoi en cours', async () => sockets.length > 0);
    expect(Date.now() - t0).toBeLessThan(5_000);
    expect((await app.mailQueue.stats()).pending).toBe(1);
    // Closing aborts the stuck attempt after the grace delay (1 s here); the job stays queued.
    const t1 = Date.now();
    await app.close();
    expect(Date.now() - t1).toBeLessThan(3_000);
  });

  it('a database error while recording a sent mail is logged; the process does not crash', async () => {
    const smtp = await startSmtpServer();
    cleanups.push(() => smtp.close());
    const real = await freshDatabase();
    let failCompletion = true;
    const flaky: Database = {
      ...real,
      executeSql(text, values) {
        if (failCompletion && text.includes('SET completed_on = now()')) {
          failCompletion = false;
          return Promise.reject(new Error('connexion perdue'));
        }
        return real.executeSql(text, values);
      },
    };
    const { app, logs } = await start(flaky, smtp.port);
    const member = await aMember(app);
    await askReset(app, member.email);
    await until('e-mail reçu', async () => mailsTo(smtp, member.email).length);
    await until('erreur consignée', async () =>
      logs.find((l) => l.msg === 'file de tâches : fin de tâche non enregistrée'),
    );
    expect(failCompletion).toBe(false);
    // The job stays active until pg-boss expires it (then it is retried: at least once).
    expect((await app.mailQueue.stats()).pending).toBe(1);
    // The next mail goes out normally.
    await app.mailer.send({ to: member.email, subject: 'Suivant', text: 'x', html: '<p>x</p>' });
    await until('e-mail suivant reçu', async () =>
      mailsTo(smtp, member.email).find((m) => m.subject === 'Suivant'),
    );
  });

  describe.skipIf(!PG_URL)('on PostgreSQL, two instances', () => {
    it('share one queue: each mail is sent once', async () => {
      const smtp = await startSmtpServer();
      cleanups.push(() => smtp.close());
      const shared = await sharedDatabase();
      const a = await start(await shared.open(), smtp.port);
      const b = await start(await shared.open(), smtp.port);
      const member = await aMember(a.app);
      const N = 12;
      for (let i = 0; i < N; i++) {
        const app = i % 2 ? b.app : a.app;
        await app.mailer.send({
          to: member.email,
          subject: `Essai ${i}`,
          text: `Essai ${i}`,
          html: `<p>Essai ${i}</p>`,
        });
      }
      await until('tous reçus', async () => mailsTo(smtp, member.email).length >= N);
      await waitForMailQueueIdle({ app: a.app }, 10_000);
      const subjects = mailsTo(smtp, member.email).map((m) => m.subject);
      expect(subjects.sort()).toEqual(Array.from({ length: N }, (_, i) => `Essai ${i}`).sort());
      // Each one logged by exactly one of the two instances.
      const senders = [a, b].map((x) => x.logs.filter((l) => l.msg === 'e-mail envoyé').length);
      expect(senders[0]! + senders[1]!).toBe(N);
    });
  });
});
