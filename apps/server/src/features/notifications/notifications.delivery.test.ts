/**
 * The convocation notification's delivery on the real job queue: it survives a restart,
 * SMTP down then up delivers it once, two instances on one PostgreSQL send it once, quiet hours
 * delay it. Real application, real SMTP server; PGlite (a data folder, for the restart) or
 * PostgreSQL with TEST_DATABASE_URL.
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { api } from '@club/contract';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { createClub, createMember, createTeam, linkGuardian } from '../../db/factories.ts';
import { clubLocalDateTime } from '../../lib/club-time.ts';
import { signIn, startSmtpServer } from '../../test/helper.ts';
import { until as untilWithin, waitForMailQueueIdle } from '../../test/http-utils.ts';
import {
  cleanupsAfterEach,
  closedPort,
  mailsTo,
  mailTestEnv,
  sharedDatabase as sharedTestDatabase,
} from '../../test/mail-delivery.ts';
import { MATCH_NOTIFICATION_QUEUE } from './notifications.jobs.ts';
import { instantOf } from './notifications.time.ts';

const PG_URL = process.env.TEST_DATABASE_URL;
const TZ = 'Europe/Paris';

const cleanups = cleanupsAfterEach();

async function start(database: Database, smtpPort: number, env: Record<string, string> = {}) {
  const config = loadConfig({
    ...mailTestEnv(smtpPort),
    LOG_LEVEL: 'silent',
    NOTIFICATION_DELAY_SECONDS: '30',
    QUIET_HOURS: '',
    ...env,
  });
  const app = await buildApp({ config, database });
  await app.ready();
  cleanups.push(() => app.close());
  return app;
}

/** A database for the test, and a way to open it again as a restarted server would. */
const sharedDatabase = () => sharedTestDatabase(cleanups, 'club-notif-');

/** Every wait of this suite may last 15 s. */
const until = <T>(what: string, probe: () => Promise<T | undefined | false>) =>
  untilWithin(what, probe, 15_000);

/** A club whose coach creates a match of their team (Alice and Bruno convoked, Bruno's parent). */
async function world(app: FastifyInstance) {
  const db = app.db;
  const club = await createClub(db, {
    timezone: TZ,
    nom: `Club ${Math.random().toString(36).slice(2, 8)}`,
  });
  const team = await createTeam(db, club.id, { nom: 'Seniors' });
  const coach = await createMember(db, club.id, { role: 'ENTRAINEUR', teamId: team.id });
  const alice = await createMember(db, club.id, { teamId: team.id, prenom: 'Alice' });
  const bruno = await createMember(db, club.id, { teamId: team.id, prenom: 'Bruno' });
  const parent = await createMember(db, club.id, { role: 'PARENT' });
  await linkGuardian(db, club.id, parent.id, bruno.id);
  return { club, team, coach, recipients: [alice, bruno, parent] };
}

async function createMatch(app: FastifyInstance, w: Awaited<ReturnType<typeof world>>) {
  const at = (ms: number) => clubLocalDateTime(TZ, new Date(Date.now() + ms));
  const res = await (
    await signIn(app, w.coach)
  ).send(api.events.create, {
    body: {
      nom: 'Match de coupe',
      type: 'MATCH',
      dateDebut: at(5 * 86_400_000),
      dateFin: at(5 * 86_400_000 + 7_200_000),
      lieux: 'Stade',
      equipesIds: [w.team.id],
      adversaireNom: 'FC Voisin',
      clubId: w.club.id,
    },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.match!.id;
}

async function notificationJobs(app: FastifyInstance, matchId: number) {
  const { rows } = await app.database.executeSql(
    `select id, state::text as state, start_after from pgboss.job
      where name = $1 and (data->>'matchId')::int = $2`,
    [MATCH_NOTIFICATION_QUEUE, matchId],
  );
  return rows as { id: string; state: string; start_after: Date }[];
}

/** "The delay has passed": the match's notification job is due now. */
async function makeDue(app: FastifyInstance, matchId: number) {
  await app.database.executeSql(
    `update pgboss.job set start_after = now()
      where name = $1 and state = 'created' and (data->>'matchId')::int = $2`,
    [MATCH_NOTIFICATION_QUEUE, matchId],
  );
  app.jobs.notify(MATCH_NOTIFICATION_QUEUE);
}

const idle = (app: FastifyInstance) => waitForMailQueueIdle({ app }, 15_000);

describe('[notifications] delivery', { timeout: 90_000 }, () => {
  it('a notification waiting for its delay survives a restart and is sent once after it', async () => {
    const smtp = await startSmtpServer();
    cleanups.push(() => smtp.close());
    const shared = await sharedDatabase();
    const firstDb = await shared.open();
    const first = await start(firstDb, smtp.port);
    const w = await world(first);
    const matchId = await createMatch(first, w);
    expect(await notificationJobs(first, matchId)).toMatchObject([{ state: 'created' }]);
    await first.close();
    await firstDb.close(); // the server process is gone (and PGlite is single-process)
    expect(smtp.mails).toHaveLength(0);

    const second = await start(await shared.open(), smtp.port);
    await makeDue(second, matchId);
    for (const r of w.recipients)
      await until(`e-mail pour ${r.prenom}`, async () => mailsTo(smtp, r.email).length > 0);
    await until('notification terminée', async () =>
      (await notificationJobs(second, matchId)).every((j) => j.state === 'completed'),
    );
    await idle(second);
    for (const r of w.recipients) expect(mailsTo(smtp, r.email)).toHaveLength(1);
    expect(smtp.mails).toHaveLength(3);
  });

  it('SMTP down when the notification is due, then up: each mail arrives once', async () => {
    const port = await closedPort();
    const app = await start(await (await sharedDatabase()).open(), port);
    const w = await world(app);
    const matchId = await createMatch(app, w);
    await makeDue(app, matchId);
    await until('trois e-mails en échec', async () => (await app.mailQueue.stats()).retrying === 3);
    const smtp = await startSmtpServer(port);
    cleanups.push(() => smtp.close());
    await until('tous reçus', async () => smtp.mails.length >= 3);
    await idle(app);
    for (const r of w.recipients) {
      expect(mailsTo(smtp, r.email)).toHaveLength(1);
      expect(mailsTo(smtp, r.email)[0]!.subject).toMatch(/^Convocation : Seniors – FC Voisin le /);
    }
    expect(smtp.mails).toHaveLength(3);
  });

  it('quiet hours: a notification due in them waits for their end (club time)', async () => {
    const smtp = await startSmtpServer();
    cleanups.push(() => smtp.close());
    // A window around now in the club's zone (an hour before to two hours after).
    const base = Date.now();
    const hm = (ms: number) => clubLocalDateTime(TZ, new Date(base + ms)).slice(11, 16);
    const window = `${hm(-3_600_000)}-${hm(2 * 3_600_000)}`;
    const app = await start(await (await sharedDatabase()).open(), smtp.port, {
      QUIET_HOURS: window,
      NOTIFICATION_DELAY_SECONDS: '0',
    });
    const w = await world(app);
    const matchId = await createMatch(app, w);
    const [job] = await notificationJobs(app, matchId);
    const end = clubLocalDateTime(TZ, new Date(base + 2 * 3_600_000)).slice(0, 16);
    expect(new Date(job!.start_after).getTime()).toBe(instantOf(TZ, `${end}:00`).getTime());
    expect(job!.state).toBe('created');
  });

  describe.skipIf(!PG_URL)('on PostgreSQL, two instances', () => {
    it('send each notification mail once', async () => {
      const smtp = await startSmtpServer();
      cleanups.push(() => smtp.close());
      const shared = await sharedDatabase();
      const a = await start(await shared.open(), smtp.port);
      const b = await start(await shared.open(), smtp.port);
      const w = await world(a);
      const matches = [await createMatch(a, w), await createMatch(b, w), await createMatch(a, w)];
      // Both instances poll the same due jobs.
      for (const id of matches) await makeDue(a, id);
      b.jobs.notify(MATCH_NOTIFICATION_QUEUE);
      await until('tous reçus', async () => smtp.mails.length >= 9);
      for (const id of matches)
        await until('notification terminée', async () =>
          (await notificationJobs(a, id)).every((j) => j.state === 'completed'),
        );
      await idle(a);
      await idle(b);
      for (const r of w.recipients) expect(mailsTo(smtp, r.email)).toHaveLength(3);
      expect(smtp.mails).toHaveLength(9);
    });
  });
});
