import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { api, ZPushMessageSchema, type TMatchActionInput, type TPushMessage } from '@club/contract';
import {
  createClub,
  createEvent,
  createMember,
  createTeam,
  linkGuardian,
} from '../../db/factories.ts';
import { clubLocalDateTime } from '../../lib/club-time.ts';
import { buildTestApp, signIn, type TestClient, type TestContext } from '../../test/helper.ts';
import { until } from '../../test/http-utils.ts';
import {
  browserSubscription,
  startPushReceiver,
  type BrowserSubscription,
  type PushReceiver,
} from '../../test/push-receiver.ts';
import { matchSync } from './matches.sync.ts';

/**
 * A goal and the final score pushed to the match's families (docs/decisions/0140): end to end on
 * the real application, through the job queues, to a local push service whose messages are
 * decrypted as a browser would (test/push-receiver.ts).
 */
let ctx: TestContext;
let receiver: PushReceiver;
type Member = Awaited<ReturnType<typeof createMember>>;
const TZ = 'Europe/Paris';
const MIN = 60_000;
const local = (ms: number) =>
  clubLocalDateTime(TZ, new Date(Date.now() + ms))
    .slice(0, 19)
    .replace('T', ' ');

let seq = 0;
async function subscribe(as: TestClient): Promise<BrowserSubscription> {
  const sub = browserSubscription(`${receiver.origin}/push/${++seq}`);
  const res = await as.send(api.push.subscribe, { body: sub.json });
  expect(res.status).toBe(201);
  return sub;
}
const messagesOf = (sub: BrowserSubscription): TPushMessage[] =>
  receiver.received
    .filter((r) => `${receiver.origin}${r.path}` === sub.endpoint)
    .map((r) => ZPushMessageSchema.parse(JSON.parse(sub.decrypt(r.body).toString())));

/** A match of `teamId` that started 30 minutes ago, against FC Voisin. */
async function liveMatch(db: TestContext['app']['db'], clubId: number, teamId: number) {
  const event = await createEvent(db, clubId, {
    nom: 'Match',
    type: 'MATCH',
    lieux: 'Stade',
    dateDebut: local(-30 * MIN),
    dateFin: local(60 * MIN),
    teamIds: [teamId],
  });
  const { matchId } = await db.transaction((tx) =>
    matchSync.upsertForEvent(tx, clubId, event.id, {
      homeTeamId: teamId,
      awayTeamId: null,
      opponentName: 'FC Voisin',
    }),
  );
  return matchId;
}

/**
 * A club of its own on `app`, its live match with one starting player subscribed to pushes: the
 * set-up of the tests that build an app with other settings (the undo delay, the quiet hours).
 */
async function onePlayerMatch(app: TestContext['app'], clubName: string, prenom: string) {
  const club = await createClub(app.db, { timezone: TZ, sport: 'Football', nom: clubName });
  const team = await createTeam(app.db, club.id, { nom: 'Seniors' });
  const coach = await createMember(app.db, club.id, { role: 'ENTRAINEUR', teamId: team.id });
  const player = await createMember(app.db, club.id, { teamId: team.id, prenom });
  const id = await liveMatch(app.db, club.id, team.id);
  const coachClient = await signIn(app, coach);
  const sub = browserSubscription(`${receiver.origin}/push/${prenom.toLowerCase()}-${++seq}`);
  const playerClient = await signIn(app, player);
  expect((await playerClient.send(api.push.subscribe, { body: sub.json })).status).toBe(201);
  expect(
    (
      await coachClient.send(api.matchSheet.updateSheet, {
        params: { id },
        body: { joueurs: [{ membreId: player.id, titulaire: true }] },
      })
    ).status,
  ).toBe(200);
  return { id, coachClient, player, sub };
}

let matchId: number;
let asCoach: TestClient;
let alice: Member, bruno: Member, carl: Member;
/** Devices: players, a parent, the coach, a player of another team and one of another club. */
const dev = {} as Record<
  'alice' | 'bruno' | 'carl' | 'paule' | 'papy' | 'coach' | 'otherTeam' | 'otherClub',
  BrowserSubscription
>;

beforeAll(async () => {
  receiver = await startPushReceiver();
  ctx = await buildTestApp({
    QUIET_HOURS: '',
    NOTIFICATION_DELAY_SECONDS: '0',
    PUSH_ENDPOINTS_ALLOWED: receiver.origin,
  });
  const db = ctx.app.db;
  const club = await createClub(db, { timezone: TZ, sport: 'Football', nom: 'US Direct' });
  const team = await createTeam(db, club.id, { nom: 'Seniors' });
  const coach = await createMember(db, club.id, { role: 'ENTRAINEUR', teamId: team.id });
  alice = await createMember(db, club.id, { teamId: team.id, prenom: 'Alice', nom: 'Durand' });
  bruno = await createMember(db, club.id, { teamId: team.id, prenom: 'Bruno', nom: 'Durand' });
  carl = await createMember(db, club.id, { teamId: team.id, prenom: 'Carl', nom: 'Durand' });
  const paule = await createMember(db, club.id, { role: 'PARENT', prenom: 'Paule' });
  await linkGuardian(db, club.id, paule.id, bruno.id);
  // A grandfather who follows the team (team role PARENT), guardian of nobody on it.
  const papy = await createMember(db, club.id, { role: 'PARENT', prenom: 'Papy', teamId: team.id });
  const u13 = await createTeam(db, club.id, { nom: 'U13' });
  const otherTeamPlayer = await createMember(db, club.id, { teamId: u13.id });
  const otherClub = await createClub(db, { timezone: TZ, sport: 'Football', nom: 'Autre club' });
  const otherSeniors = await createTeam(db, otherClub.id, { nom: 'Seniors' });
  const otherClubPlayer = await createMember(db, otherClub.id, { teamId: otherSeniors.id });
  await liveMatch(ctx.app.db, otherClub.id, otherSeniors.id); // the other club plays too
  matchId = await liveMatch(ctx.app.db, club.id, team.id);

  asCoach = await signIn(ctx.app, coach);
  const asAlice = await signIn(ctx.app, alice);
  dev.alice = await subscribe(asAlice);
  dev.bruno = await subscribe(await signIn(ctx.app, bruno));
  dev.carl = await subscribe(await signIn(ctx.app, carl));
  dev.paule = await subscribe(await signIn(ctx.app, paule));
  dev.papy = await subscribe(await signIn(ctx.app, papy));
  dev.coach = await subscribe(asCoach);
  dev.otherTeam = await subscribe(await signIn(ctx.app, otherTeamPlayer));
  dev.otherClub = await subscribe(await signIn(ctx.app, otherClubPlayer));
  // The sheet (saved, not a published selection: that would push the selection too).
  const sheet = await asCoach.send(api.matchSheet.updateSheet, {
    params: { id: matchId },
    body: {
      joueurs: [
        { membreId: alice.id, titulaire: true },
        { membreId: bruno.id, titulaire: true },
        { membreId: carl.id, titulaire: false },
      ],
    },
  });
  expect(sheet.status).toBe(200);
  // Alice turned the match pushes off (she keeps the other kinds).
  const off = await asAlice.send(api.notifications.setPreferences, {
    body: { canaux: { matchs: { push: false } } },
  });
  expect(off.status).toBe(200);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await receiver?.close();
});

const add = (body: TMatchActionInput) =>
  asCoach.send(api.matchSheet.addAction, { params: { id: matchId }, body });
/** Every device's messages, by name. */
const inbox = () =>
  Object.fromEntries(Object.entries(dev).map(([k, s]) => [k, messagesOf(s)])) as Record<
    keyof typeof dev,
    TPushMessage[]
  >;
/** Waits for the pushes expected, then a while more: nothing else may arrive. */
async function settle(expected: number) {
  await until('pushes reçus', () => receiver.received.length >= expected || undefined, 15_000);
  await new Promise((r) => setTimeout(r, 1_500));
  expect(receiver.received.length).toBe(expected);
}

describe('[matches] push of a goal and the final score (decision 0140)', () => {
  it('a goal reaches the players and guardians of the match with the push on; once for a replayed cle', async () => {
    const first = await add({ minute: 23, type: 'BUT', membreId: bruno.id, cle: 'but-23' });
    expect(first.status).toBe(201);
    const replay = await add({ minute: 23, type: 'BUT', membreId: bruno.id, cle: 'but-23' });
    expect(replay.status).toBe(200);
    // Bruno, his parent Paule, Carl and Papy who follows the team: not Alice (turned off), not
    // the coach (not a family of the match), not another team's player nor another club's.
    await settle(4);
    const goal = {
      titre: 'But ! Seniors 1 – 0 FC Voisin',
      corps: 'Bruno, 23e minute',
      url: `/${encodeURIComponent('US Direct')}/Seniors/matche`,
    };
    expect(inbox()).toEqual({
      alice: [],
      bruno: [goal],
      carl: [goal],
      paule: [goal],
      papy: [goal],
      coach: [],
      otherTeam: [],
      otherClub: [],
    });
  });

  it('other actions are not pushed; a second goal tells the score when it was scored', async () => {
    const before = receiver.received.length;
    expect((await add({ minute: 30, type: 'PASSE_DECISIVE', membreId: alice.id })).status).toBe(
      201,
    );
    expect((await add({ minute: 31, type: 'BUT_ADVERSAIRE' })).status).toBe(201);
    expect((await add({ minute: 40, type: 'CARTON_JAUNE', membreId: carl.id })).status).toBe(201);
    expect((await add({ minute: 44, type: 'BUT', membreId: alice.id })).status).toBe(201);
    await settle(before + 4);
    expect(messagesOf(dev.carl).at(-1)).toMatchObject({
      titre: 'But ! Seniors 2 – 1 FC Voisin',
      corps: 'Alice, 44e minute',
    });
    expect(messagesOf(dev.alice)).toEqual([]);
  });

  it('the final score once when it is typed, not again when the same score is typed again', async () => {
    const before = receiver.received.length;
    const put = (scoreDomicile: number, scoreExterieur: number) =>
      asCoach.send(api.matches.score, {
        params: { id: matchId },
        body: { scoreDomicile, scoreExterieur },
      });
    expect((await put(2, 1)).status).toBe(200);
    expect((await put(2, 1)).status).toBe(200);
    await settle(before + 4);
    const final = {
      titre: 'Score final',
      corps: 'Seniors 2 – 1 FC Voisin',
      url: `/${encodeURIComponent('US Direct')}/Seniors/matche`,
    };
    for (const who of ['bruno', 'carl', 'paule', 'papy'] as const)
      expect(messagesOf(dev[who]).at(-1)).toEqual(final);
    for (const who of ['alice', 'coach', 'otherTeam', 'otherClub'] as const)
      expect(messagesOf(dev[who])).toEqual([]);
  });
});

describe('[matches] a goal undone before its push leaves (decision 0140)', () => {
  let undoCtx: TestContext;
  afterAll(async () => {
    await undoCtx?.close();
  });

  it('a goal undone within the delay sends nothing; one left in place is pushed after it', async () => {
    // A delay of 2 s (the goal waits min(20 s, NOTIFICATION_DELAY_SECONDS)).
    undoCtx = await buildTestApp({
      QUIET_HOURS: '',
      NOTIFICATION_DELAY_SECONDS: '2',
      PUSH_ENDPOINTS_ALLOWED: receiver.origin,
    });
    const {
      id,
      coachClient,
      player: dora,
      sub,
    } = await onePlayerMatch(undoCtx.app, 'US Annule', 'Dora');
    const goal = (minute: number) =>
      coachClient.send(api.matchSheet.addAction, {
        params: { id },
        body: { minute, type: 'BUT', membreId: dora.id },
      });

    const mistaken = await goal(10);
    expect(mistaken.status).toBe(201);
    const undo = await coachClient.send(api.matchSheet.removeAction, {
      params: { id, actionId: mistaken.body.id },
    });
    expect(undo.status).toBe(200);
    const kept = await goal(12);
    expect(kept.status).toBe(201);
    const sentAt = Date.now();
    await until('push du but', () => messagesOf(sub).length >= 1 || undefined, 15_000);
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(1_000);
    await new Promise((r) => setTimeout(r, 3_000));
    expect(messagesOf(sub).map((m) => m.corps)).toEqual(['Dora, 12e minute']);
  }, 120_000);
});

describe('[matches] the quiet hours (decision 0140)', () => {
  let quietCtx: TestContext;
  afterAll(async () => {
    await quietCtx?.close();
  });

  it('within them a goal is not pushed (stale by the morning); the final score waits for their end', async () => {
    // Quiet hours from this hour to two hours later, club time.
    const hour = Number(clubLocalDateTime(TZ, new Date()).slice(11, 13));
    const hh = (h: number) => String(h % 24).padStart(2, '0');
    quietCtx = await buildTestApp({
      QUIET_HOURS: `${hh(hour)}:00-${hh(hour + 2)}:00`,
      NOTIFICATION_DELAY_SECONDS: '0',
      PUSH_ENDPOINTS_ALLOWED: receiver.origin,
    });
    const db = quietCtx.app.db;
    const {
      id,
      coachClient,
      player: eve,
      sub,
    } = await onePlayerMatch(quietCtx.app, 'US Nuit', 'Eve');
    const goal = await coachClient.send(api.matchSheet.addAction, {
      params: { id },
      body: { minute: 5, type: 'BUT', membreId: eve.id },
    });
    expect(goal.status).toBe(201);
    const score = await coachClient.send(api.matches.score, {
      params: { id },
      body: { scoreDomicile: 1, scoreExterieur: 0 },
    });
    expect(score.status).toBe(200);
    // The final score's push is queued for the end of the quiet hours; the goal's never.
    const queued = async () =>
      (
        await db.execute(
          sql`select data->'message'->>'titre' as titre, start_after > now() + interval '50 minutes' as later
                from pgboss.job where name = 'push' and data->'message'->>'url' like '%US%20Nuit%'`,
        )
      ).rows as { titre: string; later: boolean }[];
    await until(
      'push du score final en attente',
      async () => (await queued()).length >= 1 || undefined,
    );
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await queued()).toEqual([{ titre: 'Score final', later: true }]);
    expect(messagesOf(sub)).toEqual([]);
  }, 120_000);
});
