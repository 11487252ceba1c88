import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  MATCH_MESSAGES,
  MATCH_SERVER_MESSAGES,
  api,
  urlOf,
  type CallResult,
  type TConvocation,
} from '@club/contract';
import {
  createClub,
  createEvent,
  createMember,
  createTeam,
  linkGuardian,
  setMemberTeams,
} from '../../db/factories.ts';
import { auditLog, convocations, matches, members } from '../../db/schema.ts';
import {
  buildTestApp,
  signIn,
  type TestClient,
  type TestContext,
  typedAnswer,
} from '../../test/helper.ts';
import { manualClock } from '../../lib/clock.ts';
import { matchSync } from './matches.sync.ts';

let ctx: TestContext;
const clock = manualClock();
afterEach(() => clock.set(undefined));
/** Stands the server's clock at an instant (UTC). */
const at = (iso: string) => clock.set(iso);

type Member = Awaited<ReturnType<typeof createMember>>;

let club: { id: number };
let t1: { id: number; nom: string };
let t2: { id: number; nom: string };
let t3: { id: number; nom: string };
let boss: Member;
let coach: Member;
let coach2: Member;
let alice: Member;
let bruno: Member;
let hurt: Member;
let suspended: Member;
let parent: Member;
let awayPlayer: Member;
let outsider: Member;
let as: Record<string, TestClient>;

beforeAll(async () => {
  ctx = await buildTestApp({}, undefined, { clock });
  const db = ctx.app.db;
  club = await createClub(db);
  t1 = await createTeam(db, club.id, { nom: 'Seniors A' });
  t2 = await createTeam(db, club.id, { nom: 'U17' });
  t3 = await createTeam(db, club.id, { nom: 'U15' });
  boss = await createMember(db, club.id, { role: 'DIRIGEANT' });
  coach = await createMember(db, club.id, { role: 'ENTRAINEUR', teamId: t1.id });
  coach2 = await createMember(db, club.id, { role: 'ENTRAINEUR', teamId: t2.id });
  alice = await createMember(db, club.id, { teamId: t1.id, prenom: 'Alice', nom: 'Durand' });
  bruno = await createMember(db, club.id, { teamId: t1.id, prenom: 'Bruno', nom: 'Petit' });
  hurt = await createMember(db, club.id, {
    teamId: t1.id,
    prenom: 'Hugo',
    nom: 'Blessé',
    statut: 'Blessé',
  });
  suspended = await createMember(db, club.id, {
    teamId: t1.id,
    prenom: 'Sam',
    nom: 'Suspendu',
    statut: 'Suspendu',
  });
  parent = await createMember(db, club.id, { role: 'PARENT', teamId: t1.id });
  await linkGuardian(db, club.id, parent.id, bruno.id);
  await linkGuardian(db, club.id, parent.id, hurt.id);
  awayPlayer = await createMember(db, club.id, { teamId: t2.id, prenom: 'Zoé', nom: 'Loin' });
  outsider = await createMember(db, club.id, { teamId: t3.id });
  as = {};
  for (const [k, m] of Object.entries({
    boss,
    coach,
    coach2,
    alice,
    bruno,
    hurt,
    suspended,
    parent,
    awayPlayer,
    outsider,
  }))
    as[k] = await signIn(ctx.app, m);
});
afterAll(async () => {
  await ctx?.close();
});

/** A MATCH event (club-local times) and its match, created as the events feature does. */
async function newMatch(
  dateDebut: string,
  dateFin: string,
  sides: { home?: { id: number }; away?: { id: number } | null; opponent?: string } = {},
  clubId = club.id,
) {
  const home = sides.home ?? t1;
  const away = sides.away === undefined ? t2 : sides.away;
  const event = await createEvent(ctx.app.db, clubId, {
    nom: 'Match',
    type: 'MATCH',
    lieux: 'Stade de la Beaujoire',
    dateDebut,
    dateFin,
    teamIds: away ? [home.id, away.id] : [home.id],
  });
  const { matchId } = await ctx.app.db.transaction((tx) =>
    matchSync.upsertForEvent(tx, clubId, event.id, {
      homeTeamId: home.id,
      awayTeamId: away?.id ?? null,
      opponentName: away ? null : (sides.opponent ?? 'FC Adverse'),
    }),
  );
  return matchId;
}

const statusOf = async (id: number, client = as.boss!) => {
  const res = await client.send(api.matches.get, { params: { id } });
  expect(res.status, res.text).toBe(200);
  return res.body.statut;
};
/** A team's matches without page nor size: the plain list. */
const listOf = (res: CallResult<typeof api.matches.listTeam>) => {
  const listed = res.body;
  if (!Array.isArray(listed)) throw new Error(`une liste attendue : ${res.text}`);
  return listed;
};

describe('[matches] status from the club’s wall clock', () => {
  it('A_VENIR before the start, EN_COURS from the start, TERMINE from the end (Europe/Paris, summer)', async () => {
    const id = await newMatch('2026-06-10 18:00:00', '2026-06-10 20:00:00');
    at('2026-06-10T15:59:59Z'); // 17:59:59 in Paris
    expect(await statusOf(id)).toBe('A_VENIR');
    at('2026-06-10T16:00:00Z'); // 18:00:00
    expect(await statusOf(id)).toBe('EN_COURS');
    at('2026-06-10T17:59:59Z'); // 19:59:59
    expect(await statusOf(id)).toBe('EN_COURS');
    at('2026-06-10T18:00:00Z'); // 20:00:00
    expect(await statusOf(id)).toBe('TERMINE');
  });

  it('follows the club’s time zone, not the server’s', async () => {
    const ny = await createClub(ctx.app.db, { timezone: 'America/New_York' });
    const nyTeam = await createTeam(ctx.app.db, ny.id);
    const nyBoss = await signIn(
      ctx.app,
      await createMember(ctx.app.db, ny.id, { role: 'DIRIGEANT' }),
    );
    const id = await newMatch(
      '2026-06-10 18:00:00',
      '2026-06-10 20:00:00',
      { home: nyTeam, away: null },
      ny.id,
    );
    at('2026-06-10T16:30:00Z'); // 18:30 in Paris, 12:30 in New York
    expect(await statusOf(id, nyBoss)).toBe('A_VENIR');
    at('2026-06-10T22:30:00Z'); // 18:30 in New York
    expect(await statusOf(id, nyBoss)).toBe('EN_COURS');
    // and a Paris club's member does not see it at all
    expect((await as.boss!.send(api.matches.get, { params: { id: id } })).status).toBe(404);
  });

  it('across the DST changes (Paris: UTC+1 in winter, UTC+2 in summer)', async () => {
    // 29 March 2026: 02:00 → 03:00. A 10:00–12:00 match is 08:00Z–10:00Z.
    const spring = await newMatch('2026-03-29 10:00:00', '2026-03-29 12:00:00');
    at('2026-03-29T07:59:59Z');
    expect(await statusOf(spring)).toBe('A_VENIR');
    at('2026-03-29T08:30:00Z'); // 10:30 (a fixed UTC+1 would say 09:30)
    expect(await statusOf(spring)).toBe('EN_COURS');
    // 25 October 2026: 03:00 → 02:00. A 10:00–12:00 match is 09:00Z–11:00Z.
    const autumn = await newMatch('2026-10-25 10:00:00', '2026-10-25 12:00:00');
    at('2026-10-25T10:30:00Z'); // 11:30 (a fixed UTC+2 would say 12:30)
    expect(await statusOf(autumn)).toBe('EN_COURS');
    at('2026-10-25T11:00:00Z');
    expect(await statusOf(autumn)).toBe('TERMINE');
  });

  it('ANNULE when cancelled, whatever the time; undoing it restores the derived status', async () => {
    const id = await newMatch('2026-06-11 18:00:00', '2026-06-11 20:00:00');
    at('2026-06-11T15:30:00Z');
    const res = await as.coach!.send(api.matches.cancel, {
      params: { id: id },
      body: { annule: true },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ statut: 'ANNULE', annule: true });
    at('2026-06-12T10:00:00Z');
    expect(await statusOf(id)).toBe('ANNULE');
    const undo = await as.boss!.send(api.matches.cancel, {
      params: { id: id },
      body: { annule: false },
    });
    expect(undo.body).toMatchObject({ statut: 'TERMINE', annule: false });
    const audits = await ctx.app.db
      .select({ action: auditLog.action, actor: auditLog.actorMemberId })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'match'), eq(auditLog.entityId, id)));
    expect(audits).toEqual([
      { action: 'cancel', actor: coach.id },
      { action: 'uncancel', actor: boss.id },
    ]);
    // players, parents and another team's coach do not cancel
    for (const c of [as.alice!, as.parent!, as.outsider!])
      expect(
        (await c.send(api.matches.cancel, { params: { id: id }, body: { annule: true } })).status,
      ).toBe(403);
    expect(
      (
        await as.boss!.raw({
          method: 'PUT',
          url: urlOf(api.matches.cancel, { params: { id }, body: { annule: true } }),
          payload: { annule: 'oui' },
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('[matches] a team’s matches', () => {
  let listClub: { id: number };
  let team: { id: number };
  let other: { id: number };
  let reader: TestClient;
  let ids: Record<string, number>;
  beforeAll(async () => {
    const db = ctx.app.db;
    listClub = await createClub(db);
    team = await createTeam(db, listClub.id, { nom: 'Loups' });
    other = await createTeam(db, listClub.id, { nom: 'Renards' });
    const third = await createTeam(db, listClub.id, { nom: 'Ours' });
    reader = await signIn(ctx.app, await createMember(db, listClub.id, { teamId: team.id }));
    const m = (d: string, sides: Parameters<typeof newMatch>[2]) =>
      newMatch(`${d} 15:00:00`, `${d} 17:00:00`, sides, listClub.id);
    ids = {
      june: await m('2026-06-20', { home: team, away: null, opponent: 'FC Nantes' }),
      may: await m('2026-05-02', { home: other, away: team }),
      july: await m('2026-07-14', { home: team, away: other }),
      notOurs: await m('2026-05-10', { home: other, away: third }),
    };
  });

  it('lists home and away matches by start date, with the page’s fields', async () => {
    at('2026-06-20T14:00:00Z'); // the June match is on
    const res = await reader.send(api.matches.listTeam, { params: { id: team.id } });
    expect(res.status, res.text).toBe(200);
    const list = listOf(res);
    expect(list.map((x) => x.id)).toEqual([ids.may, ids.june, ids.july]);
    expect(list.map((x) => x.statut)).toEqual(['TERMINE', 'EN_COURS', 'A_VENIR']);
    expect(list[1]).toEqual({
      id: ids.june,
      evenementId: expect.any(Number),
      nom: 'Match',
      dateDebut: '2026-06-20T15:00:00',
      dateFin: '2026-06-20T17:00:00',
      statut: 'EN_COURS',
      lieux: 'Stade de la Beaujoire',
      equipeDomicile: { id: team.id, nom: 'Loups' },
      equipeExterieur: { id: null, nom: 'FC Nantes' },
      scoreDomicile: null,
      scoreExterieur: null,
      annule: false,
      dateLimiteReponse: null,
      version: expect.stringMatching(/^\d+$/),
      domicile: true,
      adversaire: 'FC Nantes',
      rendezVous: null,
      lieuRendezVous: null,
      selectionPublieeLe: null,
      // A player does not read the answer counts (the coach and leaders do).
      reponses: null,
    });
    expect(list[0]!.equipeDomicile).toEqual({ id: other.id, nom: 'Renards' });
  });

  it('filters by status (?statut=, any case), pages on demand, refuses an unknown status', async () => {
    at('2026-06-20T14:00:00Z');
    const done = await reader.send(api.matches.listTeam, {
      params: { id: team.id },
      query: { statut: 'termine' },
    });
    expect(listOf(done).map((x) => x.id)).toEqual([ids.may]);
    // An empty statut, as a form sends it: no declaration sends an empty value.
    const all = typedAnswer(
      api.matches.listTeam,
      await reader.raw({
        method: 'GET',
        url: `${urlOf(api.matches.listTeam, { params: { id: team.id } })}?statut=`,
      }),
    );
    expect(listOf(all).length).toBe(3);
    const page = await reader.send(api.matches.listTeam, {
      params: { id: team.id },
      query: { page: 1, size: 2 },
    });
    expect(page.body).toMatchObject({ page: 1, size: 2, totalElements: 3, totalPages: 2 });
    const paged = page.body;
    if (Array.isArray(paged)) throw new Error(`une page attendue : ${page.text}`);
    expect(paged.content.map((x) => x.id)).toEqual([ids.july]);
    const bad = await reader.send(api.matches.listTeam, {
      params: { id: team.id },
      query: { statut: 'FINI' },
    });
    expect(bad.status).toBe(400);
    expect(bad.error.errors?.statut).toBe(MATCH_SERVER_MESSAGES.statusInvalid);
  });

  it('another club’s team is 404; a team of the club the member is not in is 403', async () => {
    expect((await reader.send(api.matches.listTeam, { params: { id: t1.id } })).status).toBe(404);
    expect((await reader.send(api.matches.listTeam, { params: { id: other.id } })).status).toBe(
      403,
    );
    expect((await reader.send(api.matches.listTeam, { params: { id: 999999 } })).status).toBe(404);
  });
});

describe('[matches] a deleted team', () => {
  it('leaves its matches with a missing side (null, the page shows "-"), readable by leaders', async () => {
    const gone = await createTeam(ctx.app.db, club.id, { nom: 'Éphémère' });
    const id = await newMatch('2026-03-01 15:00:00', '2026-03-01 17:00:00', {
      home: t3,
      away: gone,
    });
    expect((await as.boss!.send(api.teams.remove, { params: { id: gone.id } })).status).toBe(200);
    const res = await as.boss!.send(api.matches.get, { params: { id: id } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ equipeDomicile: { id: t3.id }, equipeExterieur: null });
    expect(
      listOf(await as.outsider!.send(api.matches.listTeam, { params: { id: t3.id } })).map(
        (m) => m.id,
      ),
    ).toContain(id);
  });
});

describe('[matches] scores', () => {
  let finished: number;
  beforeAll(async () => {
    finished = await newMatch('2026-02-01 15:00:00', '2026-02-01 17:00:00');
  });
  const put = async (c: TestClient, id: number, body: object, headers?: Record<string, string>) =>
    typedAnswer(
      api.matches.score,
      await c.raw({
        method: 'PUT',
        url: urlOf(api.matches.score, {
          params: { id },
          body: { scoreDomicile: null, scoreExterieur: null },
        }),
        payload: body,
        ...(headers ? { headers } : {}),
      }),
    );

  it('the team’s coach saves a finished match’s score; empty means null; audit line', async () => {
    const before = (await as.coach!.send(api.matches.get, { params: { id: finished } })).body;
    const res = await put(as.coach!, finished, { scoreDomicile: 3, scoreExterieur: '1' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ scoreDomicile: 3, scoreExterieur: 1, statut: 'TERMINE' });
    expect(res.body.version).not.toBe(before.version);
    const cleared = await put(as.boss!, finished, { scoreDomicile: '', scoreExterieur: null });
    expect(cleared.body).toMatchObject({ scoreDomicile: null, scoreExterieur: null });
    const [row] = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'match_score'), eq(auditLog.entityId, finished)))
      .orderBy(auditLog.id);
    expect(row).toMatchObject({
      action: 'update',
      actorMemberId: coach.id,
      details: {
        from: { scoreDomicile: null, scoreExterieur: null },
        to: { scoreDomicile: 3, scoreExterieur: 1 },
      },
    });
  });

  it('integers ≥ 0 only, with French messages', async () => {
    const neg = await put(as.coach!, finished, { scoreDomicile: -1, scoreExterieur: 0 });
    expect(neg.status).toBe(400);
    expect(neg.error.errors?.scoreDomicile).toBe(MATCH_SERVER_MESSAGES.scoreMin);
    const dec = await put(as.coach!, finished, { scoreDomicile: 1, scoreExterieur: 2.5 });
    expect(dec.error.errors?.scoreExterieur).toBe(MATCH_SERVER_MESSAGES.scoreInteger);
  });

  it('only while EN_COURS or TERMINE', async () => {
    const id = await newMatch('2026-09-01 15:00:00', '2026-09-01 17:00:00');
    at('2026-09-01T12:59:59Z');
    const early = await put(as.coach!, id, { scoreDomicile: 1, scoreExterieur: 0 });
    expect(early.status).toBe(403);
    expect(early.error.message).toBe(MATCH_SERVER_MESSAGES.scoreNotEditable);
    expect((await put(as.boss!, id, { scoreDomicile: 1, scoreExterieur: 0 })).status).toBe(403);
    at('2026-09-01T13:00:00Z');
    expect((await put(as.coach!, id, { scoreDomicile: 1, scoreExterieur: 0 })).status).toBe(200);
    // A match under way cannot be cancelled any more (409).
    const late = await as.boss!.send(api.matches.cancel, {
      params: { id: id },
      body: { annule: true },
    });
    expect(late.status).toBe(409);
    expect(late.error.message).toBe(MATCH_SERVER_MESSAGES.playedNotCancellable);
    // A match cancelled before its start takes no score when its time comes.
    const cancelled = await newMatch('2026-09-02 15:00:00', '2026-09-02 17:00:00');
    at('2026-09-02T10:00:00Z');
    await as.boss!.send(api.matches.cancel, { params: { id: cancelled }, body: { annule: true } });
    at('2026-09-02T14:00:00Z');
    expect((await put(as.coach!, cancelled, { scoreDomicile: 2, scoreExterieur: 0 })).status).toBe(
      403,
    );
  });

  it('by the coach of either team or a leader; never by players, parents or other coaches', async () => {
    expect((await put(as.coach2!, finished, { scoreDomicile: 0, scoreExterieur: 0 })).status).toBe(
      200,
    ); // the away team's coach
    for (const c of [as.alice!, as.parent!, as.awayPlayer!, as.outsider!])
      expect((await put(c, finished, { scoreDomicile: 9, scoreExterieur: 9 })).status).toBe(403);
    const [row] = await ctx.app.db.select().from(matches).where(eq(matches.id, finished));
    expect(row).toMatchObject({ scoreDomicile: 0, scoreExterieur: 0 });
  });

  it('a stale edit (someone saved in between) answers 409 with the current score and overwrites nothing', async () => {
    const id = await newMatch('2026-02-08 15:00:00', '2026-02-08 17:00:00');
    const seen = (await as.coach!.send(api.matches.get, { params: { id: id } })).body.version;
    const first = await put(as.boss!, id, { scoreDomicile: 2, scoreExterieur: 2, version: seen });
    expect(first.status, first.text).toBe(200);
    const stale = await put(as.coach!, id, { scoreDomicile: 5, scoreExterieur: 0, version: seen });
    expect(stale.status).toBe(409);
    expect(stale.error).toEqual({
      message: MATCH_SERVER_MESSAGES.scoreStale,
      match: expect.objectContaining({
        id,
        scoreDomicile: 2,
        scoreExterieur: 2,
        version: first.body.version,
      }),
    });
    // the same through If-Match
    const viaHeader = await put(
      as.coach!,
      id,
      { scoreDomicile: 5, scoreExterieur: 0 },
      {
        'if-match': `"${seen}"`,
      },
    );
    expect(viaHeader.status).toBe(409);
    const [row] = await ctx.app.db.select().from(matches).where(eq(matches.id, id));
    expect(row).toMatchObject({ scoreDomicile: 2, scoreExterieur: 2 });
    // with the current version it goes through
    const fresh = await put(as.coach!, id, {
      scoreDomicile: 5,
      scoreExterieur: 0,
      version: first.body.version,
    });
    expect(fresh.status).toBe(200);
    // two quick saves never share a version
    const again = await put(as.coach!, id, {
      scoreDomicile: 6,
      scoreExterieur: 0,
      version: fresh.body.version,
    });
    expect(again.status).toBe(200);
    expect(again.body.version).not.toBe(fresh.body.version);
    expect(
      (await put(as.coach!, id, { scoreDomicile: 1, scoreExterieur: 0, version: 'abc' })).status,
    ).toBe(400);
  });
});

describe('[matches] convocations', () => {
  let id: number;
  beforeAll(async () => {
    at('2026-04-01T10:00:00Z');
    id = await newMatch('2026-04-05 15:00:00', '2026-04-05 17:00:00');
  });
  const list = async (c: TestClient, matchId = id) => {
    const res = await c.send(api.matches.convocations, { params: { id: matchId } });
    expect(res.status, res.text).toBe(200);
    return res.body;
  };
  const put = async (c: TestClient, items: unknown[], matchId = id) =>
    typedAnswer(
      api.matches.answerConvocations,
      await c.raw({
        method: 'PUT',
        url: urlOf(api.matches.answerConvocations, {
          params: { id: matchId },
          body: { items: [] },
        }),
        payload: { items },
      }),
    );
  const rowOf = (rows: TConvocation[], m: { id: number }) => rows.find((r) => r.joueur.id === m.id);

  it('convokes the base team’s players (not the away team’s, not coaches or parents)', async () => {
    const rows = await list(as.coach!);
    expect(rows.map((r) => r.joueur.id).sort()).toEqual(
      [alice.id, bruno.id, hurt.id, suspended.id].sort(),
    );
    expect(rowOf(rows, alice)).toEqual({
      joueur: { id: alice.id, nom: 'Durand', prenom: 'Alice' },
      statutPresence: null,
      justificationAbsence: null,
      modifiable: true,
      reponduLe: null,
      selection: null,
      // the coach reads the status (decision 0108)
      statutJoueur: 'Actif',
    });
  });

  it('an ACTIF player answers their own row only', async () => {
    const ok = await put(as.alice!, [
      { joueurId: alice.id, statutPresence: 'INDISPONIBLE', justification: 'Examen' },
    ]);
    expect(ok.status, ok.text).toBe(200);
    const other = await put(as.alice!, [
      { joueurId: bruno.id, statutPresence: 'DISPONIBLE', justification: null },
    ]);
    expect(other.status).toBe(403);
    const mixed = await put(as.alice!, [
      { joueurId: alice.id, statutPresence: 'DISPONIBLE', justification: null },
      { joueurId: bruno.id, statutPresence: 'DISPONIBLE', justification: null },
    ]);
    expect(mixed.status).toBe(403);
    const rows = await list(as.coach!);
    expect(rowOf(rows, alice)).toMatchObject({
      statutPresence: 'INDISPONIBLE',
      justificationAbsence: 'Examen',
      reponduLe: expect.any(String),
    });
    expect(rowOf(rows, bruno)!.statutPresence).toBeNull();
  });

  it('a player whose status is not ACTIF is refused with the spec’s message; "actif" in any form passes', async () => {
    for (const c of [as.hurt!, as.suspended!]) {
      const res = await put(c, [
        {
          joueurId: c === as.hurt ? hurt.id : suspended.id,
          statutPresence: 'DISPONIBLE',
          justification: null,
        },
      ]);
      expect(res.status).toBe(403);
      expect(res.error.message).toBe(MATCH_MESSAGES.notActive);
    }
    expect(rowOf(await list(as.suspended!), suspended)!.modifiable).toBe(false);
    const odd = await createMember(ctx.app.db, club.id, { teamId: t1.id, statut: ' (ACTÎF) ' });
    const oddId = await newMatch('2026-04-06 15:00:00', '2026-04-06 17:00:00');
    const res = await put(
      await signIn(ctx.app, odd),
      [{ joueurId: odd.id, statutPresence: 'DISPONIBLE', justification: null }],
      oddId,
    );
    expect(res.status, res.text).toBe(200);
    // the coach still sets a suspended player's row
    const byCoach = await put(as.coach!, [
      { joueurId: suspended.id, statutPresence: 'INDISPONIBLE', justification: 'Suspendu' },
    ]);
    expect(byCoach.status).toBe(200);
  });

  it('a player not convoked sees "Vous n’êtes pas convoqué(e) pour ce match."', async () => {
    const res = await put(as.awayPlayer!, [
      { joueurId: awayPlayer.id, statutPresence: 'DISPONIBLE', justification: null },
    ]);
    expect(res.status).toBe(403);
    expect(res.error.message).toBe(MATCH_MESSAGES.notConvoked);
    // the away team's player reads the list (a member of either team) but cannot write in it
    expect((await list(as.awayPlayer!)).length).toBe(4);
  });

  it('a parent answers for their children, row by row, and not for other players', async () => {
    const ok = await put(as.parent!, [
      { joueurId: bruno.id, statutPresence: 'DISPONIBLE', justification: 'ignoré' },
    ]);
    expect(ok.status, ok.text).toBe(200);
    expect(rowOf(ok.body, bruno)).toMatchObject({
      statutPresence: 'DISPONIBLE',
      justificationAbsence: null, // sent only when absent
      modifiable: true,
    });
    expect(rowOf(ok.body, alice)!.modifiable).toBe(false);
    const notMine = await put(as.parent!, [
      { joueurId: alice.id, statutPresence: 'DISPONIBLE', justification: null },
    ]);
    expect(notMine.status).toBe(403);
    // a child who is not ACTIF: only the coach answers
    const hurtChild = await put(as.parent!, [
      { joueurId: hurt.id, statutPresence: 'DISPONIBLE', justification: null },
    ]);
    expect(hurtChild.status).toBe(403);
    expect(hurtChild.error.message).toBe(MATCH_SERVER_MESSAGES.childNotActive('Hugo', 'Blessé'));
  });

  it('Absent without justification: 400 with the spec’s message, and nothing is written', async () => {
    const res = await put(as.coach!, [
      { joueurId: bruno.id, statutPresence: 'INDISPONIBLE', justification: 'Malade' },
      { joueurId: alice.id, statutPresence: 'INDISPONIBLE', justification: '   ' },
    ]);
    expect(res.status).toBe(400);
    expect(res.error).toEqual({
      message: 'Justificatif obligatoire pour Alice Durand.',
      errors: { 'items.1.justification': 'Justificatif obligatoire pour Alice Durand.' },
    });
    expect(rowOf(await list(as.coach!), bruno)!.statutPresence).toBe('DISPONIBLE');
    const unknown = await put(as.coach!, [
      { joueurId: awayPlayer.id, statutPresence: 'DISPONIBLE', justification: null },
    ]);
    expect(unknown.status).toBe(400);
    expect(
      (await put(as.coach!, [{ joueurId: alice.id, statutPresence: 'PEUT-ETRE' }])).status,
    ).toBe(400);
  });

  it('justifications: coach and leaders read every one; a player only their own; a parent their children’s', async () => {
    await put(as.coach!, [
      { joueurId: bruno.id, statutPresence: 'INDISPONIBLE', justification: 'Rendez-vous médical' },
    ]);
    for (const c of [as.coach!, as.boss!]) {
      const rows = await list(c);
      expect(rowOf(rows, alice)!.justificationAbsence).toBe('Examen');
      expect(rowOf(rows, bruno)!.justificationAbsence).toBe('Rendez-vous médical');
    }
    const asAlice = await list(as.alice!);
    expect(rowOf(asAlice, alice)!.justificationAbsence).toBe('Examen');
    expect(rowOf(asAlice, bruno)).not.toHaveProperty('justificationAbsence');
    // Another family's row says only whether the player comes (decision 0106): absent reads null.
    expect(rowOf(asAlice, bruno)!.statutPresence).toBeNull();
    const asParent = await list(as.parent!);
    expect(rowOf(asParent, bruno)!.justificationAbsence).toBe('Rendez-vous médical');
    expect(rowOf(asParent, alice)).not.toHaveProperty('justificationAbsence');
    // the away team's players and coach: none (the away coach may answer rows too)
    const asAway = await list(as.awayPlayer!);
    expect(asAway.every((r) => !('justificationAbsence' in r))).toBe(true);
    // and the audit line never holds the text
    const audits = await ctx.app.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'convocation'), eq(auditLog.entityId, id)));
    expect(audits.length).toBeGreaterThan(0);
    expect(JSON.stringify(audits)).not.toContain('médical');
  });

  it('a member of an uninvolved team is refused (403); another club is 404', async () => {
    expect((await as.outsider!.send(api.matches.convocations, { params: { id: id } })).status).toBe(
      403,
    );
    expect(
      (
        await put(as.outsider!, [
          { joueurId: outsider.id, statutPresence: 'DISPONIBLE', justification: null },
        ])
      ).status,
    ).toBe(403);
    const other = await createClub(ctx.app.db);
    const otherBoss = await signIn(
      ctx.app,
      await createMember(ctx.app.db, other.id, { role: 'DIRIGEANT' }),
    );
    expect((await otherBoss.send(api.matches.convocations, { params: { id: id } })).status).toBe(
      404,
    );
    expect((await put(otherBoss, [])).status).toBe(404);
  });

  it('a cancelled match’s convocation is read-only (409)', async () => {
    const cid = await newMatch('2026-04-12 15:00:00', '2026-04-12 17:00:00');
    at('2026-04-01T10:00:00Z');
    expect(
      (await as.coach!.send(api.matches.cancel, { params: { id: cid }, body: { annule: true } }))
        .status,
    ).toBe(200);
    const res = await put(
      as.alice!,
      [{ joueurId: alice.id, statutPresence: 'DISPONIBLE', justification: null }],
      cid,
    );
    expect(res.status).toBe(409);
    expect(res.error.message).toBe(MATCH_SERVER_MESSAGES.cancelled);
    expect((await list(as.alice!, cid)).every((r) => !r.modifiable)).toBe(true);
  });
});

describe('[matches] players who join a team later', () => {
  it('are convoked to its upcoming matches (not past ones); leaving withdraws unanswered upcoming rows', async () => {
    at('2026-05-01T10:00:00Z');
    const past = await newMatch('2026-04-20 15:00:00', '2026-04-20 17:00:00', {
      home: t3,
      away: null,
    });
    const upcoming = await newMatch('2026-05-20 15:00:00', '2026-05-20 17:00:00', {
      home: t3,
      away: null,
    });
    const answered = await newMatch('2026-05-27 15:00:00', '2026-05-27 17:00:00', {
      home: t3,
      away: null,
    });
    const cancelled = await newMatch('2026-05-28 15:00:00', '2026-05-28 17:00:00', {
      home: t3,
      away: null,
    });
    await as.boss!.send(api.matches.cancel, { params: { id: cancelled }, body: { annule: true } });
    const convokedTo = async (memberId: number) =>
      (
        await ctx.app.db
          .select({ matchId: convocations.matchId })
          .from(convocations)
          .where(eq(convocations.memberId, memberId))
      )
        .map((r) => r.matchId)
        .filter((m) => [past, upcoming, answered, cancelled].includes(m))
        .sort();

    // through the members routes: an existing player given a second team…
    const res = await as.boss!.send(api.members.update, {
      params: { id: alice.id },
      body: { equipesIds: [t1.id, t3.id] },
    });
    expect(res.status, res.text).toBe(200);
    expect(await convokedTo(alice.id)).toEqual([upcoming, answered].sort());
    // …and a new player created in the team
    const created = await as.boss!.send(api.members.create, {
      body: {
        nom: 'Nouveau',
        prenom: 'Joueur',
        dateDeNaissance: '2008-01-01',
        genre: 'Homme',
        email: `nouveau.${Date.now()}@example.org`,
        numeroTelephone: '0611223344',
        role: 'JOUEUR',
        nomEquipe: t3.nom,
        clubId: club.id,
      },
    });
    expect(created.status, created.text).toBe(201);
    expect(await convokedTo(created.body.id)).toEqual([upcoming, answered].sort());

    // leaving the team: the unanswered upcoming row goes, the answered one stays
    const answer = await as.alice!.send(api.matches.answerConvocations, {
      params: { id: answered },
      body: {
        items: [{ joueurId: alice.id, statutPresence: 'DISPONIBLE', justification: null }],
      },
    });
    expect(answer.status, answer.text).toBe(200);
    const left = await as.boss!.send(api.members.update, {
      params: { id: alice.id },
      body: { equipesIds: [t1.id] },
    });
    expect(left.status).toBe(200);
    expect(await convokedTo(alice.id)).toEqual([answered]);
    // a coach joining the team is not convoked
    const newCoach = await createMember(ctx.app.db, club.id, { role: 'ENTRAINEUR' });
    await as.boss!.send(api.members.update, {
      params: { id: newCoach.id },
      body: { equipesIds: [t3.id] },
    });
    expect(await convokedTo(newCoach.id)).toEqual([]);
    await setMemberTeams(ctx.app.db, club.id, alice.id, [t1.id]);
  });
});

describe('[matches] the demo club (npm run seed:demo)', () => {
  it('a coach sees finished matches with scores and upcoming ones, in date order, with convocations', async () => {
    const { seedDemo } = await import('../../scripts/seed-demo.ts');
    const { accounts, clubId } = await seedDemo(ctx.app.db, { today: new Date(2026, 10, 22) });
    at('2026-11-22T12:00:00Z');
    const account = accounts.find((a) => a.role === 'ENTRAINEUR')!;
    const [coachRow] = await ctx.app.db
      .select()
      .from(members)
      .where(and(eq(members.clubId, clubId), eq(members.email, account.email)));
    const client = await signIn(ctx.app, coachRow!);
    const res = await client.send(api.matches.listTeam, { params: { id: coachRow!.teamId } });
    expect(res.status, res.text).toBe(200);
    const list = listOf(res);
    const starts = list.map((m) => m.dateDebut);
    expect(starts).toEqual([...starts].sort());
    const finished = list.filter((m) => m.statut === 'TERMINE');
    expect(finished.length).toBeGreaterThan(3);
    expect(finished.every((m) => m.scoreDomicile !== null && m.scoreExterieur !== null)).toBe(true);
    const upcoming = list.filter((m) => m.statut === 'A_VENIR');
    expect(upcoming.length).toBeGreaterThan(3);
    expect(upcoming.every((m) => m.scoreDomicile === null)).toBe(true);
    expect(list.every((m) => m.equipeDomicile?.nom && m.equipeExterieur?.nom && m.lieux)).toBe(
      true,
    );
    const rows = await client.send(api.matches.convocations, { params: { id: upcoming[0]!.id } });
    expect(rows.status).toBe(200);
    expect(rows.body.length).toBeGreaterThan(5);
    expect(rows.body.every((r) => r.modifiable)).toBe(true);
  });
});
