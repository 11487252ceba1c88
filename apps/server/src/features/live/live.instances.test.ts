import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { api } from '@club/contract';
import { buildApp } from '../../app.ts';
import { openPostgres } from '../../db/client.ts';
import {
  createClub,
  createConvocation,
  createMatch,
  createMember,
  createTeam,
} from '../../db/factories.ts';
import {
  LOCAL_POSTGRES_URL,
  TestClient,
  buildTestApp,
  signIn,
  type TestContext,
} from '../../test/helper.ts';
import { until } from '../../test/http-utils.ts';
import { listening, openLiveStream, type LiveReader } from '../../test/live-stream.ts';

/**
 * The live stream across two instances of the server on one PostgreSQL database (always on
 * PostgreSQL: the embedded database is one process): a write answered by one instance reaches the
 * streams open on the other through LISTEN/NOTIFY, and a stream that moves to the other instance
 * resumes from its Last-Event-ID.
 */
let ctx: TestContext;
let second: FastifyInstance;
let baseA: string, baseB: string;
const readers: LiveReader[] = [];

beforeAll(async () => {
  ctx = await buildTestApp({}, undefined, {
    postgresUrl: process.env.TEST_DATABASE_URL ?? LOCAL_POSTGRES_URL,
  });
  second = await buildApp({
    config: ctx.config,
    database: openPostgres((ctx.database as { url?: string }).url!, 3),
  });
  await second.ready();
  baseA = await listening(ctx.app);
  baseB = await listening(second);
  await until('both hubs listening', () => ctx.app.live.listening && second.live.listening);
}, 120_000);

afterAll(async () => {
  for (const r of readers) r.close();
  const database = second?.database;
  await second?.close();
  await database?.close();
  await ctx?.close();
});

describe('the live stream across two instances (PostgreSQL)', () => {
  it('an answer written through instance A reaches a stream open on instance B, and only its readers', async () => {
    const db = ctx.app.db;
    const club = await createClub(db, { nom: 'AS Deux Instances' });
    const t1 = await createTeam(db, club.id, { nom: 'Seniors' });
    const t2 = await createTeam(db, club.id, { nom: 'U15' });
    const coach = await createMember(db, club.id, { role: 'ENTRAINEUR', teamId: t1.id });
    const other = await createMember(db, club.id, { role: 'ENTRAINEUR', teamId: t2.id });
    const player = await createMember(db, club.id, { teamId: t1.id });
    const { match } = await createMatch(db, club.id, {
      homeTeamId: t1.id,
      opponentName: 'Visiteurs',
      dateDebut: '2030-05-01 15:00:00',
      dateFin: '2030-05-01 17:00:00',
    });
    await createConvocation(db, club.id, match.id, player.id);

    // The coach's tab is served by B; the player answers through A.
    const onB = new TestClient(second);
    onB.cookies = new Map((await signIn(ctx.app, coach)).cookies);
    const otherOnB = new TestClient(second);
    otherOnB.cookies = new Map((await signIn(ctx.app, other)).cookies);
    const coachStream = await openLiveStream(baseB, onB);
    const otherStream = await openLiveStream(baseB, otherOnB);
    readers.push(coachStream, otherStream);
    for (const r of [coachStream, otherStream])
      await r.waitFor((e) => e.some((x) => x.event === 'connecte'), 'connecte');

    const playerOnA = await signIn(ctx.app, player);
    const res = await playerOnA.call(api.matches.answerConvocations, {
      params: { id: match.id },
      body: { items: [{ joueurId: player.id, statutPresence: 'DISPONIBLE' }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    await coachStream.waitFor(
      (e) => e.some((x) => x.event === 'convocation'),
      'la réponse, sur l’autre instance',
    );
    expect(JSON.parse(coachStream.of('convocation')[0]!.data)).toEqual({
      matchId: match.id,
      evenementId: match.eventId,
    });
    expect(otherStream.of('convocation')).toEqual([]);

    // The coach's tab moves to A (B went away): it resumes where it was on B.
    const lastId = coachStream.lastId!;
    coachStream.close();
    const again = await playerOnA.call(api.matches.answerConvocations, {
      params: { id: match.id },
      body: {
        items: [{ joueurId: player.id, statutPresence: 'INDISPONIBLE', justification: 'Malade' }],
      },
    });
    expect(again.statusCode).toBe(200);
    const onA = new TestClient(ctx.app);
    onA.cookies = new Map(onB.cookies);
    const resumed = await openLiveStream(baseA, onA, { lastEventId: lastId });
    readers.push(resumed);
    await resumed.waitFor((e) => e.some((x) => x.event === 'convocation'), 'rattrapage sur A');
    expect(Number(resumed.of('convocation')[0]!.id)).toBeGreaterThan(Number(lastId));
    expect(resumed.of('resynchroniser')).toEqual([]);
  });
});
