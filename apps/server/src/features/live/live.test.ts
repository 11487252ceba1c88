import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { LIVE_MESSAGES, api } from '@club/contract';
import {
  createClub,
  createConvocation,
  createMatch,
  createMember,
  createTeam,
  linkGuardian,
  setMemberTeams,
} from '../../db/factories.ts';
import { purgeExpiredData } from '../../jobs/retention.ts';
import { buildTestApp, signIn, type TestClient, type TestContext } from '../../test/helper.ts';
import { until } from '../../test/http-utils.ts';
import { listening, openLiveStream, type LiveReader } from '../../test/live-stream.ts';

/**
 * The live stream GET /api/flux on the real application over real HTTP (PGlite, or PostgreSQL
 * with TEST_DATABASE_URL): who receives which event (a test listens while others write), the
 * resumption with Last-Event-ID, keep-alives, and what a dropped stream leaves behind (nothing).
 */
let ctx: TestContext;
let base: string;
type Member = Awaited<ReturnType<typeof createMember>>;
let clubA: { id: number }, clubB: { id: number };
let t1: { id: number }, t2: { id: number };
let coach: Member, p1: Member, kid: Member, parent: Member, p2: Member, boss: Member;
let bossB: Member, playerB: Member;
/** An upcoming match of T1 (p1 and kid convoked), one of T2 (p2), one of club B; a past one of T1. */
let m1: { id: number; eventId: number }, m2: { id: number }, mB: { id: number };
let past1: { id: number };
const sessions = new Map<number, TestClient>();
const as = async (m: Member) => {
  if (!sessions.has(m.id)) sessions.set(m.id, await signIn(ctx.app, m));
  return sessions.get(m.id)!;
};
const readers: LiveReader[] = [];
async function stream(m: Member | null, opts: { lastEventId?: string; accept?: string } = {}) {
  const r = await openLiveStream(base, m ? await as(m) : null, opts);
  readers.push(r);
  if (r.status === 200) await r.waitFor((e) => e.some((x) => x.event === 'connecte'), 'connecte');
  return r;
}
const answer = async (m: Member, matchId: number, statutPresence = 'DISPONIBLE') => {
  const res = await (
    await as(m)
  ).call(api.matches.answerConvocations, {
    params: { id: matchId },
    body: {
      items: [
        {
          joueurId: m.id,
          statutPresence: statutPresence as 'DISPONIBLE',
          ...(statutPresence === 'INDISPONIBLE' ? { justification: 'Examen' } : {}),
        },
      ],
    },
  });
  expect(res.statusCode, res.body).toBe(200);
};
const dataOf = (e: { data: string }) => JSON.parse(e.data) as Record<string, unknown>;
const about = (matchId: number) => (e: { data: string; event?: string }) =>
  e.event !== 'connecte' && dataOf(e as { data: string }).matchId === matchId;

beforeAll(async () => {
  ctx = await buildTestApp({ LIVE_KEEPALIVE_MS: '200', LIVE_SESSION_CHECK_MS: '500' });
  base = await listening(ctx.app);
  const db = ctx.app.db;
  clubA = await createClub(db, { nom: 'AS Direct' });
  clubB = await createClub(db, { nom: 'FC Ailleurs' });
  t1 = await createTeam(db, clubA.id, { nom: 'Seniors' });
  t2 = await createTeam(db, clubA.id, { nom: 'U17' });
  const b1 = await createTeam(db, clubB.id, { nom: 'Seniors B' });
  const m = (o: Parameters<typeof createMember>[2]) => createMember(db, clubA.id, o);
  boss = await m({ role: 'DIRIGEANT', prenom: 'Denise', nom: 'Dirige' });
  coach = await m({ role: 'ENTRAINEUR', teamId: t1.id, prenom: 'Carla', nom: 'Coach' });
  p1 = await m({ teamId: t1.id, prenom: 'Alice', nom: 'Durand' });
  kid = await m({ teamId: t1.id, prenom: 'Kylian', nom: 'Jeune', dateNaissance: '2014-04-01' });
  parent = await m({ role: 'PARENT', prenom: 'Paule', nom: 'Jeune' });
  await linkGuardian(db, clubA.id, parent.id, kid.id);
  p2 = await m({ teamId: t2.id, prenom: 'Pierre', nom: 'Autre' });
  bossB = await createMember(db, clubB.id, { role: 'DIRIGEANT', prenom: 'Bob', nom: 'Bdir' });
  playerB = await createMember(db, clubB.id, { teamId: b1.id, prenom: 'Béa', nom: 'Bjoue' });
  const future = { dateDebut: '2030-06-01 15:00:00', dateFin: '2030-06-01 17:00:00' };
  const r1 = await createMatch(db, clubA.id, {
    homeTeamId: t1.id,
    opponentName: 'Rivaux',
    ...future,
  });
  m1 = r1.match;
  for (const who of [p1, kid]) await createConvocation(db, clubA.id, m1.id, who.id);
  m2 = (await createMatch(db, clubA.id, { homeTeamId: t2.id, opponentName: 'Voisins', ...future }))
    .match;
  await createConvocation(db, clubA.id, m2.id, p2.id);
  mB = (await createMatch(db, clubB.id, { homeTeamId: b1.id, opponentName: 'Loin', ...future }))
    .match;
  await createConvocation(db, clubB.id, mB.id, playerB.id);
  past1 = (
    await createMatch(db, clubA.id, {
      homeTeamId: t1.id,
      opponentName: 'Anciens',
      dateDebut: '2025-03-01 15:00:00',
      dateFin: '2025-03-01 17:00:00',
    })
  ).match;
  await until('hub listening', () => ctx.app.live.listening);
}, 120_000);

afterAll(async () => {
  for (const r of readers) r.close();
  await ctx?.close();
});

describe('the live stream: what each reader receives', () => {
  it('a convocation answer reaches the match’s readers only; another team or club hears nothing of it', async () => {
    const [sCoach, sP1, sParent, sP2, sBossB, sBoss] = (await Promise.all(
      [coach, p1, parent, p2, bossB, boss].map((m) => stream(m)),
    )) as [LiveReader, LiveReader, LiveReader, LiveReader, LiveReader, LiveReader];
    await answer(p1, m1.id);
    // The coach's list, the player's, the parent of a convoked child, a leader.
    for (const [r, who] of [
      [sCoach, 'coach'],
      [sP1, 'joueur'],
      [sParent, 'parent'],
      [sBoss, 'dirigeant'],
    ] as const)
      await r.waitFor((e) => e.some(about(m1.id)), `convocation du match 1 (${who})`);
    expect(dataOf(sCoach.of('convocation')[0]!)).toEqual({
      matchId: m1.id,
      evenementId: m1.eventId,
    });

    // Sentinels: an event each of them must receive, sent after; then nothing of match 1 came.
    await answer(p2, m2.id);
    await answer(playerB, mB.id);
    await sP2.waitFor((e) => e.some(about(m2.id)), 'convocation du match 2');
    await sBossB.waitFor((e) => e.some(about(mB.id)), 'convocation du club B');
    expect(sP2.events.filter(about(m1.id))).toEqual([]);
    expect(sBossB.events.filter(about(m1.id))).toEqual([]);
    expect(sBossB.events.filter(about(m2.id))).toEqual([]);
    // The coach of T1 does not read T2's convocations, and nothing of club B crosses over.
    await sBoss.waitFor((e) => e.some(about(m2.id)), 'le dirigeant voit le match 2');
    expect(sCoach.events.filter(about(m2.id))).toEqual([]);
    expect(sCoach.events.filter(about(mB.id))).toEqual([]);
    expect(sBoss.events.filter(about(mB.id))).toEqual([]);
    for (const r of [sCoach, sP1, sParent, sP2, sBossB, sBoss]) r.close();
  });

  it('a score reaches the readers of the match as a `match` event with ids only', async () => {
    const [sP1, sP2] = await Promise.all([stream(p1), stream(p2)]);
    const res = await (
      await as(coach)
    ).call(api.matches.score, {
      params: { id: past1.id },
      body: { scoreDomicile: 2, scoreExterieur: 1 },
    });
    expect(res.statusCode, res.body).toBe(200);
    await sP1.waitFor((e) => e.some((x) => x.event === 'match'), 'score');
    expect(dataOf(sP1.of('match')[0]!)).toMatchObject({ matchId: past1.id, changement: 'score' });
    // Ids and a hint only: never a score, a name or an answer in the stream.
    expect(sP1.of('match')[0]!.data).not.toMatch(/scoreDomicile|nom|statutPresence/);
    await answer(p2, m2.id, 'INDISPONIBLE');
    await sP2.waitFor((e) => e.some(about(m2.id)), 'sentinelle');
    expect(sP2.of('match')).toEqual([]);
    sP1.close();
    sP2.close();
  });

  it('a member who joins a team receives its events once their hats are read again', async () => {
    const sP2 = await stream(p2);
    await setMemberTeams(ctx.app.db, clubA.id, p2.id, [t2.id, t1.id]);
    // The club-data change feed makes the hub read p2's hats again (a second after the change):
    // until then an answer to match 1 does not reach p2; after, it does.
    let flip = false;
    await until('p2 reçoit le match 1 après avoir rejoint T1', async () => {
      flip = !flip;
      await answer(p1, m1.id, flip ? 'INDISPONIBLE' : 'DISPONIBLE');
      await new Promise((r) => setTimeout(r, 300));
      return sP2.events.some(about(m1.id));
    });
    await setMemberTeams(ctx.app.db, clubA.id, p2.id, [t2.id]);
    sP2.close();
  });

  it('a revoked session ends its stream', async () => {
    const client = await signIn(ctx.app, p1);
    const r = await openLiveStream(base, client);
    readers.push(r);
    expect(r.status).toBe(200);
    await r.waitFor((e) => e.some((x) => x.event === 'connecte'), 'connecte');
    expect((await client.call(api.auth.logout, { body: {} })).statusCode).toBeLessThan(300);
    await r.ended;
  });

  it('406 without Accept: text/event-stream, 401 without a session', async () => {
    const plain = await stream(p1, { accept: 'application/json' });
    expect(plain.status).toBe(406);
    expect(JSON.parse(plain.body()).message).toBe(LIVE_MESSAGES.streamOnly);
    const anonymous = await stream(null);
    expect(anonymous.status).toBe(401);
    expect(JSON.parse(anonymous.body()).message).toMatch(/\S/);
  });

  it('the stream is never cached and carries keep-alive comments', async () => {
    const r = await stream(coach);
    expect(r.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.headers['content-encoding']).toBeUndefined();
    await r.waitFor(() => r.comments.length >= 2, 'deux commentaires de maintien');
    r.close();
  });
});

describe('the live stream: reconnecting with Last-Event-ID', () => {
  it('what happened while the stream was down is sent on reconnection, in order, and only what the reader may see', async () => {
    const first = await stream(coach);
    const lastId = first.lastId!;
    expect(lastId).toMatch(/^\d+$/);
    first.close();
    await first.ended;
    await until('stream released', () => ctx.app.live.countOf(clubA.id, coach.id) === 0);

    await answer(p1, m1.id, 'INDISPONIBLE'); // for the coach
    await answer(p2, m2.id); // not for the coach
    const score = await (
      await as(coach)
    ).call(api.matches.score, {
      params: { id: past1.id },
      body: { scoreDomicile: 3, scoreExterieur: 3 },
    });
    expect(score.statusCode).toBe(200);

    const again = await stream(coach, { lastEventId: lastId });
    await again.waitFor((e) => e.filter((x) => x.event !== 'connecte').length >= 2, 'rattrapage');
    const missed = again.events.filter((x) => x.event !== 'connecte');
    expect(missed.map((x) => x.event)).toEqual(['convocation', 'match']);
    expect(dataOf(missed[0]!)).toMatchObject({ matchId: m1.id });
    expect(dataOf(missed[1]!)).toMatchObject({ matchId: past1.id, changement: 'score' });
    const ids = missed.map((x) => Number(x.id));
    expect(ids[0]).toBeGreaterThan(Number(lastId));
    expect(ids[1]).toBeGreaterThan(ids[0]!);
    expect(again.events.filter(about(m2.id))).toEqual([]);

    // Then live again, after the replayed ones.
    await answer(p1, m1.id);
    await again.waitFor((e) => e.filter(about(m1.id)).length >= 2, 'en direct après la reprise');
    expect(Number(again.lastId)).toBeGreaterThan(ids[1]!);
    again.close();
  });

  it('an id older than the kept events (or unknown here) gets `resynchroniser` instead', async () => {
    const first = await stream(coach);
    const lastId = Number(first.lastId);
    first.close();
    await answer(p1, m1.id, 'INDISPONIBLE');
    await answer(p1, m1.id);
    // The retention job deletes a prefix of ids: here everything up to the newest event.
    await ctx.app.db.execute(sql`update live_events set created_at = now() - interval '2 days'`);
    const counts = await purgeExpiredData(ctx.app.db);
    expect(counts.liveEvents).toBeGreaterThan(0);
    const later = await stream(coach, { lastEventId: String(lastId) });
    await later.waitFor((e) => e.some((x) => x.event === 'resynchroniser'), 'resynchroniser');
    expect(later.events.filter(about(m1.id))).toEqual([]);
    const unknown = await stream(coach, { lastEventId: '999999999999' });
    await unknown.waitFor((e) => e.some((x) => x.event === 'resynchroniser'), 'id inconnu');
    // A stream resuming from its own last id after the purge misses nothing and resyncs nothing.
    const fresh = await stream(coach);
    fresh.close();
    const resumed = await stream(coach, { lastEventId: fresh.lastId! });
    await answer(p1, m1.id, 'INDISPONIBLE');
    await resumed.waitFor((e) => e.some(about(m1.id)), 'après la purge');
    expect(resumed.of('resynchroniser')).toEqual([]);
    for (const r of [later, unknown, resumed]) r.close();
  });
});

describe('the live stream: a dropped stream releases everything', () => {
  it('no transaction is held while streams are open, and closing them leaves no listener behind', async () => {
    // The streams of the tests above were closed by their readers: all released by now.
    await until('earlier streams released', () => ctx.app.live.count() === 0);
    const before = 0;
    const open = await Promise.all(Array.from({ length: 12 }, () => stream(p1)));
    expect(ctx.app.live.count()).toBe(before + 12);
    if (ctx.database.kind === 'postgres') {
      const r = await ctx.app.db.execute(sql`
        select count(*)::int as n from pg_stat_activity
        where datname = current_database() and state like 'idle in transaction%'`);
      expect((r.rows[0] as { n: number }).n).toBe(0);
    }
    // Writes go on meanwhile (PGlite has one connection: a held transaction would block them).
    await answer(p1, m1.id, 'INDISPONIBLE');
    for (const r of open) await r.waitFor((e) => e.some(about(m1.id)), 'chaque flux');
    for (const r of open) r.close();
    await until('every stream released', () => ctx.app.live.count() === before);
    expect(ctx.app.live.countOf(clubA.id, p1.id)).toBe(0);
  });

  it('the server closing ends the open streams', async () => {
    const other = await buildTestApp();
    const url = await listening(other.app);
    const m = await createMember(other.app.db, (await createClub(other.app.db)).id, {
      prenom: 'Zoé',
      nom: 'Fin',
    });
    await until('hub listening', () => other.app.live.listening);
    const r = await openLiveStream(url, await signIn(other.app, m));
    await r.waitFor((e) => e.some((x) => x.event === 'connecte'), 'connecte');
    await other.close();
    await r.ended;
    expect(other.app.live.count()).toBe(0);
  });
});
