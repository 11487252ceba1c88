import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  API_DOCS_PATH,
  EVENT_FIELD_MESSAGES,
  EVENT_MESSAGES,
  SERVER_MESSAGES,
  api,
  hatsFromRole,
  urlOf,
  type CallResult,
  type EndpointSpec,
  type Role,
  type TEventWrite,
} from '@club/contract';
import {
  createClub,
  createEvent,
  createMember,
  createTeam,
  linkGuardian,
  setMemberTeams,
} from '../../db/factories.ts';
import { auditLog, convocations, eventTeams, events, matches } from '../../db/schema.ts';
import {
  buildTestApp,
  signIn,
  type TestClient,
  type TestContext,
  typedAnswer,
} from '../../test/helper.ts';
import type { Actor } from '../../authz/index.ts';
import { listVisibleEvents } from './index.ts';

/**
 * Events CRUD of spec §7 with docs/architecture.md §7 and the matches of MATCH events
 * (decision 0017).
 */
let ctx: TestContext;
let club: { id: number };
let other: { id: number };
let seniors: { id: number; nom: string };
let u17: { id: number; nom: string };
let u15: { id: number; nom: string };
let foreignTeam: { id: number };
let asLeader: TestClient;
let asCoach: TestClient; // coach of Seniors
let asTwoTeamsCoach: TestClient; // coach of Seniors and U17
let asPlayer: TestClient; // player of Seniors
let asParent: TestClient; // parent of Seniors whose child plays in U15
let asOtherLeader: TestClient;
let seniorPlayers: number[];

const body = (overrides: Partial<TEventWrite> = {}): TEventWrite => ({
  nom: 'Entraînement',
  lieux: 'Gymnase',
  dateDebut: '2026-10-06T18:00:00',
  dateFin: '2026-10-06T20:00:00',
  type: 'ENTRAINEMENT',
  equipesIds: [seniors.id],
  clubId: club.id,
  ...overrides,
});
const ids = (list: { id: number }[]) => list.map((e) => e.id);

async function created(client: TestClient, overrides: Partial<TEventWrite> = {}) {
  const res = await client.send(api.events.create, { body: body(overrides) });
  expect(res.status, res.text).toBe(201);
  return res.body;
}
const createRaw = async (client: TestClient, payload: object) =>
  typedAnswer(
    api.events.create,
    await client.raw({ method: 'POST', url: urlOf(api.events.create, { body: body() }), payload }),
  );
/** A team's matches without page nor size: the plain list. */
const listOf = (res: CallResult<typeof api.matches.listTeam>) => {
  const listed = res.body;
  if (!Array.isArray(listed)) throw new Error(`une liste attendue : ${res.text}`);
  return listed;
};
async function stored(id: number) {
  const [row] = await ctx.app.db.select().from(events).where(eq(events.id, id));
  return row;
}
async function matchOf(eventId: number) {
  const [row] = await ctx.app.db.select().from(matches).where(eq(matches.eventId, eventId));
  return row;
}

beforeAll(async () => {
  ctx = await buildTestApp();
  const db = ctx.app.db;
  club = await createClub(db);
  other = await createClub(db);
  seniors = await createTeam(db, club.id, { nom: 'Seniors' });
  u17 = await createTeam(db, club.id, { nom: 'U17' });
  u15 = await createTeam(db, club.id, { nom: 'U15' });
  foreignTeam = await createTeam(db, other.id, { nom: 'Ailleurs' });
  const member = (
    clubId: number,
    role: 'DIRIGEANT' | 'ENTRAINEUR' | 'JOUEUR' | 'PARENT',
    teamId: number | null = null,
  ) => createMember(db, clubId, { role, teamId });
  asLeader = await signIn(ctx.app, await member(club.id, 'DIRIGEANT'));
  asCoach = await signIn(ctx.app, await member(club.id, 'ENTRAINEUR', seniors.id));
  const twoTeams = await member(club.id, 'ENTRAINEUR', seniors.id);
  await setMemberTeams(db, club.id, twoTeams.id, [seniors.id, u17.id]);
  asTwoTeamsCoach = await signIn(ctx.app, twoTeams);
  const p1 = await member(club.id, 'JOUEUR', seniors.id);
  const p2 = await member(club.id, 'JOUEUR', seniors.id);
  seniorPlayers = [p1.id, p2.id];
  for (const p of seniorPlayers) await setMemberTeams(db, club.id, p, [seniors.id]);
  asPlayer = await signIn(ctx.app, p1);
  const parent = await member(club.id, 'PARENT', seniors.id);
  const child = await member(club.id, 'JOUEUR', u15.id);
  await linkGuardian(db, club.id, parent.id, child.id);
  asParent = await signIn(ctx.app, parent);
  asOtherLeader = await signIn(ctx.app, await member(other.id, 'DIRIGEANT'));
});
afterAll(async () => {
  await ctx?.close();
});

describe('[events] create, read, update, delete', () => {
  it('a leader creates an event for two teams; dates come back as the wall clock sent', async () => {
    // 02:30 on the spring DST change does not exist in Paris: stored as given, no zone applied.
    const event = await created(asLeader, {
      dateDebut: '2027-03-28T02:30:00',
      dateFin: '2027-03-28T04:00',
      equipesIds: [u17.id, seniors.id],
    });
    expect(event).toMatchObject({
      nom: 'Entraînement',
      type: 'ENTRAINEMENT',
      lieux: 'Gymnase',
      dateDebut: '2027-03-28T02:30:00',
      dateFin: '2027-03-28T04:00:00',
      clubId: club.id,
      adversaireNom: null,
      match: null,
    });
    expect([...event.equipesIds].sort()).toEqual([seniors.id, u17.id].sort());
    expect(event.equipes.find((t) => t.id === u17.id)).toMatchObject({ nom: 'U17' });
    expect((await stored(event.id))!.dateDebut).toMatch(/^2027-03-28[ T]02:30:00/);
    const read = await asLeader.send(api.events.get, { params: { id: event.id } });
    expect(read.body).toEqual(event);
  });

  it('PUT replaces the fields and the teams; DELETE removes it', async () => {
    const event = await created(asLeader);
    const res = await asLeader.send(api.events.update, {
      params: { id: event.id },
      body: body({ nom: 'Réunion', type: 'REUNION', lieux: 'Club-house', equipesIds: [] }),
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ nom: 'Réunion', type: 'REUNION', equipesIds: [] });
    const del = await asLeader.send(api.events.remove, { params: { id: event.id } });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ message: EVENT_FIELD_MESSAGES.eventDeleted });
    expect(await stored(event.id)).toBeUndefined();
    expect((await asLeader.send(api.events.get, { params: { id: event.id } })).status).toBe(404);
  });

  it('writes an audit line for each write', async () => {
    const event = await created(asCoach);
    await asCoach.send(api.events.update, {
      params: { id: event.id },
      body: body({ nom: 'Séance vidéo' }),
    });
    await asCoach.send(api.events.remove, { params: { id: event.id } });
    const lines = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'event'), eq(auditLog.entityId, event.id)));
    expect(lines.map((l) => l.action)).toEqual(['create', 'update', 'delete']);
    expect(lines[1]!.details).toMatchObject({ fields: ['nom'] });
    expect(lines.every((l) => l.clubId === club.id)).toBe(true);
  });
});

describe('[events] validation (spec §5 "Event form"), French messages', () => {
  it('nom, lieux, dateDebut, dateFin and type are required', async () => {
    const res = await createRaw(asLeader, { equipesIds: [], clubId: club.id });
    expect(res.status).toBe(400);
    expect(res.error).toMatchObject({
      message: SERVER_MESSAGES.validation,
      errors: {
        nom: SERVER_MESSAGES.required,
        lieux: SERVER_MESSAGES.required,
        dateDebut: EVENT_FIELD_MESSAGES.dateTimeInvalid,
        dateFin: EVENT_FIELD_MESSAGES.dateTimeInvalid,
        type: EVENT_FIELD_MESSAGES.typeInvalid,
      },
    });
  });

  it('dateFin after dateDebut, wall-clock format only, known types', async () => {
    const cases: [object, string, string][] = [
      [{ dateFin: '2026-10-06T18:00:00' }, 'dateFin', EVENT_FIELD_MESSAGES.endBeforeStart],
      [{ dateFin: '2026-10-05T20:00:00' }, 'dateFin', EVENT_FIELD_MESSAGES.endBeforeStart],
      [
        { dateDebut: '2026-10-06T16:00:00.000Z' },
        'dateDebut',
        EVENT_FIELD_MESSAGES.dateTimeInvalid,
      ],
      [{ dateDebut: '2026-02-30T10:00:00' }, 'dateDebut', EVENT_FIELD_MESSAGES.dateTimeInvalid],
      [{ type: 'FETE' }, 'type', EVENT_FIELD_MESSAGES.typeInvalid],
      [{ nom: 'x'.repeat(121) }, 'nom', SERVER_MESSAGES.tooLong(120)],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await createRaw(asLeader, { ...body(), ...overrides });
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(res.error.errors?.[field]).toBe(message);
    }
  });

  it('refuses control characters and unknown fields (recurrence comes later)', async () => {
    const res = await asLeader.send(api.events.create, { body: body({ lieux: 'Gym\u0000nase' }) });
    expect(res.status).toBe(400);
    expect(res.error.errors?.lieux).toBe(SERVER_MESSAGES.controlCharacters);
    const extra = await createRaw(asLeader, { ...body(), recurrence: { rrule: 'x' } });
    expect(extra.status).toBe(400);
  });

  it('a match needs a team: "Pour un match, sélectionne au moins une équipe."', async () => {
    const res = await asLeader.send(api.events.create, {
      body: body({ type: 'MATCH', equipesIds: [] }),
    });
    expect(res.status).toBe(400);
    expect(res.error.errors?.equipesIds).toBe(EVENT_MESSAGES.matchNeedsTeam);
    const both = await asLeader.send(api.events.create, {
      body: body({ type: 'MATCH', equipesIds: [seniors.id, u17.id], adversaireNom: 'FC Rival' }),
    });
    expect(both.error.errors?.adversaireNom).toBe(EVENT_FIELD_MESSAGES.opponentTwice);
  });

  it('teams must be teams of the club (400 on equipesIds, as for members)', async () => {
    for (const teamId of [foreignTeam.id, 999_999]) {
      const res = await asLeader.send(api.events.create, { body: body({ equipesIds: [teamId] }) });
      expect(res.status).toBe(400);
      expect(res.error.errors).toEqual({ equipesIds: EVENT_FIELD_MESSAGES.teamUnknown });
    }
  });

  it('a path id different from the body id is refused', async () => {
    const event = await created(asLeader);
    const res = typedAnswer(
      api.events.update,
      await asLeader.raw({
        method: 'PUT',
        url: urlOf(api.events.update, { params: { id: event.id }, body: body() }),
        payload: { ...body(), id: event.id + 1 },
      }),
    );
    expect(res.status).toBe(400);
    expect(res.error.errors?.id).toBe(EVENT_FIELD_MESSAGES.idMismatch);
  });
});

describe('[events] another club (docs/architecture.md §7: 404)', () => {
  it('its events, its club id and its list are not found', async () => {
    const event = await created(asLeader);
    expect((await asOtherLeader.send(api.events.get, { params: { id: event.id } })).status).toBe(
      404,
    );
    expect(
      (await asOtherLeader.send(api.events.listClub, { params: { clubId: club.id } })).status,
    ).toBe(404);
    const put = await asOtherLeader.send(api.events.update, {
      params: { id: event.id },
      body: body({ clubId: other.id, equipesIds: [] }),
    });
    expect(put.status).toBe(404);
    expect((await asOtherLeader.send(api.events.remove, { params: { id: event.id } })).status).toBe(
      404,
    );
    expect((await asOtherLeader.send(api.events.create, { body: body() })).status).toBe(404);
    expect(await stored(event.id)).toMatchObject({ nom: 'Entraînement' });
    const own = await asOtherLeader.send(api.events.listClub, { params: { clubId: other.id } });
    expect(ids(own.body)).not.toContain(event.id);
  });
});

describe('[events] a coach writes only their own teams’ events, even with a crafted request', () => {
  it('cannot create an event of another team, nor add another team to one of theirs', async () => {
    for (const equipesIds of [[u17.id], [seniors.id, u17.id], []]) {
      const res = await asCoach.send(api.events.create, { body: body({ equipesIds }) });
      expect(res.status, JSON.stringify(equipesIds)).toBe(403);
      expect(res.error.message).toBe(EVENT_FIELD_MESSAGES.notOwnTeams);
    }
    // The coach of both teams may.
    expect(
      (
        await asTwoTeamsCoach.send(api.events.create, {
          body: body({ equipesIds: [seniors.id, u17.id] }),
        })
      ).status,
    ).toBe(201);
  });

  it('cannot move, retarget or delete another team’s event; the event is unchanged', async () => {
    const theirs = await created(asLeader, { equipesIds: [u17.id] });
    const move = await asCoach.send(api.events.update, {
      params: { id: theirs.id },
      body: body({
        equipesIds: [u17.id],
        dateDebut: '2026-10-07T18:00:00',
        dateFin: '2026-10-07T20:00:00',
      }),
    });
    expect(move.status).toBe(403);
    const takeOver = await asCoach.send(api.events.update, {
      params: { id: theirs.id },
      body: body(),
    });
    expect(takeOver.status).toBe(403);
    expect((await asCoach.send(api.events.remove, { params: { id: theirs.id } })).status).toBe(403);
    expect((await asLeader.send(api.events.get, { params: { id: theirs.id } })).body).toEqual(
      theirs,
    );

    const mine = await created(asCoach);
    const giveAway = await asCoach.send(api.events.update, {
      params: { id: mine.id },
      body: body({ equipesIds: [u17.id] }),
    });
    expect(giveAway.status).toBe(403);
    expect((await asLeader.send(api.events.get, { params: { id: mine.id } })).body).toEqual(mine);
  });

  it('players and parents write nothing', async () => {
    const event = await created(asLeader);
    for (const client of [asPlayer, asParent]) {
      expect((await client.send(api.events.create, { body: body() })).status).toBe(403);
      expect(
        (await client.send(api.events.update, { params: { id: event.id }, body: body() })).status,
      ).toBe(403);
      expect((await client.send(api.events.remove, { params: { id: event.id } })).status).toBe(403);
    }
  });
});

describe('[events] who reads what (spec §6 calendar)', () => {
  it('players see their teams’ and team-less events; a parent also the child’s team; leaders all', async () => {
    const c = await createClub(ctx.app.db);
    const a = await createTeam(ctx.app.db, c.id, { nom: 'A' });
    const b = await createTeam(ctx.app.db, c.id, { nom: 'B' });
    const k = await createTeam(ctx.app.db, c.id, { nom: 'K' });
    const ev = {
      a: await createEvent(ctx.app.db, c.id, { teamIds: [a.id] }),
      b: await createEvent(ctx.app.db, c.id, { teamIds: [b.id] }),
      ab: await createEvent(ctx.app.db, c.id, { teamIds: [a.id, b.id] }),
      all: await createEvent(ctx.app.db, c.id),
      k: await createEvent(ctx.app.db, c.id, { teamIds: [k.id] }),
    };
    const playerA = await createMember(ctx.app.db, c.id, { role: 'JOUEUR', teamId: a.id });
    await setMemberTeams(ctx.app.db, c.id, playerA.id, [a.id]);
    const playerAB = await createMember(ctx.app.db, c.id, { role: 'JOUEUR', teamId: a.id });
    await setMemberTeams(ctx.app.db, c.id, playerAB.id, [a.id, b.id]);
    const child = await createMember(ctx.app.db, c.id, { role: 'JOUEUR', teamId: k.id });
    await setMemberTeams(ctx.app.db, c.id, child.id, [k.id]);
    const parent = await createMember(ctx.app.db, c.id, { role: 'PARENT', teamId: b.id });
    await setMemberTeams(ctx.app.db, c.id, parent.id, [b.id]);
    await linkGuardian(ctx.app.db, c.id, parent.id, child.id);
    const noTeam = await createMember(ctx.app.db, c.id, { role: 'JOUEUR' });
    const leader = await createMember(ctx.app.db, c.id, { role: 'RESPONSABLE' });

    const seen = async (m: typeof leader) =>
      ids(
        (await (await signIn(ctx.app, m)).send(api.events.listClub, { params: { clubId: c.id } }))
          .body,
      ).sort();
    const sorted = (...events: { id: number }[]) => ids(events).sort();
    expect(await seen(playerA)).toEqual(sorted(ev.a, ev.ab, ev.all));
    expect(await seen(playerAB)).toEqual(sorted(ev.a, ev.b, ev.ab, ev.all));
    expect(await seen(parent)).toEqual(sorted(ev.b, ev.ab, ev.all, ev.k));
    expect(await seen(noTeam)).toEqual(sorted(ev.all));
    expect(await seen(leader)).toEqual(sorted(...Object.values(ev)));
    // The detail follows the same rule.
    const asA = await signIn(ctx.app, playerA);
    expect((await asA.send(api.events.get, { params: { id: ev.b.id } })).status).toBe(403);
    expect((await asA.send(api.events.get, { params: { id: ev.all.id } })).status).toBe(200);
  });
});

describe('[events] listVisibleEvents (the dashboards’ entry point)', () => {
  it('narrows to one team (and, when asked, the team-less events) within the reading rule', async () => {
    const c = await createClub(ctx.app.db);
    const a = await createTeam(ctx.app.db, c.id);
    const b = await createTeam(ctx.app.db, c.id);
    const ofA = await createEvent(ctx.app.db, c.id, { teamIds: [a.id] });
    const ofB = await createEvent(ctx.app.db, c.id, { teamIds: [b.id] });
    const all = await createEvent(ctx.app.db, c.id);
    // The spec's single role over the given teams (hats.ts `hatsFromRole`), as a session loads it.
    const actor = (role: Role, teamIds: number[]): Actor => {
      const single = hatsFromRole(role, teamIds);
      return {
        id: 1,
        clubId: c.id,
        role,
        roleClub: single.roleClub,
        teamRoles: single.equipes,
        statut: 'Actif',
        email: 'acteur@example.org',
        nom: 'Acteur',
        prenom: 'Test',
        clubNom: 'Club',
        teams: [],
        teamIds,
        primaryTeam: null,
        childIds: [],
        childTeamIds: [],
        sessionId: 'test',
      };
    };
    const list = async (who: Actor, filter: Parameters<typeof listVisibleEvents>[2]) =>
      ids(await listVisibleEvents(ctx.app.db, who, filter));
    expect(await list(actor('DIRIGEANT', []), { teamId: a.id })).toEqual([ofA.id]);
    expect(await list(actor('DIRIGEANT', []), { teamId: a.id, withoutTeam: true })).toEqual(
      ids([ofA, all]),
    );
    // A player of A asking for B's events gets none of them.
    expect(await list(actor('JOUEUR', [a.id]), { teamId: b.id, withoutTeam: true })).toEqual([
      all.id,
    ]);
    expect(await list(actor('JOUEUR', [a.id]), {})).toEqual(ids([ofA, all]));
    expect(await list(actor('RESPONSABLE', []), {})).toEqual(ids([ofA, ofB, all]));
  });
});

describe('[events] from/to: only the events overlapping the range', () => {
  it('filters on overlap, both bounds inclusive days; without them the whole list', async () => {
    const c = await createClub(ctx.app.db);
    const leader = await signIn(
      ctx.app,
      await createMember(ctx.app.db, c.id, { role: 'DIRIGEANT' }),
    );
    const at = (nom: string, dateDebut: string, dateFin: string) =>
      createEvent(ctx.app.db, c.id, { nom, dateDebut, dateFin });
    const before = await at('avant', '2026-02-27 10:00:00', '2026-02-28 23:59:00');
    const endsAtMidnight = await at('minuit', '2026-02-28 22:00:00', '2026-03-01 00:00:00');
    const straddles = await at('à cheval', '2026-02-28 22:00:00', '2026-03-01 01:00:00');
    const first = await at('premier', '2026-03-01 00:00:00', '2026-03-01 01:00:00');
    const last = await at('dernier', '2026-03-31 23:00:00', '2026-04-01 01:00:00');
    const after = await at('après', '2026-04-01 00:00:00', '2026-04-01 02:00:00');
    const list = async (query: { from?: string; to?: string }) => {
      const res = await leader.send(api.events.listClub, { params: { clubId: c.id }, query });
      expect(res.status, res.text).toBe(200);
      return ids(res.body);
    };
    expect(await list({ from: '2026-03-01', to: '2026-03-31' })).toEqual(
      ids([straddles, first, last]),
    );
    expect(await list({ from: '2026-03-01' })).toEqual(ids([straddles, first, last, after]));
    expect(await list({ to: '2026-02-28' })).toEqual(ids([before, endsAtMidnight, straddles]));
    expect(await list({})).toHaveLength(6);
    const bad = await leader.send(api.events.listClub, {
      params: { clubId: c.id },
      query: { from: '2026-03-31', to: '2026-03-01' },
    });
    expect(bad.status).toBe(400);
    expect(bad.error.errors?.to).toBe(EVENT_FIELD_MESSAGES.rangeInvalid);
    expect(
      (
        await leader.send(api.events.listClub, {
          params: { clubId: c.id },
          query: { from: 'demain' },
        })
      ).status,
    ).toBe(400);
  });
});

describe('[events] MATCH events keep their match', () => {
  const convoked = async (matchId: number) =>
    (
      await ctx.app.db
        .select({ memberId: convocations.memberId })
        .from(convocations)
        .where(eq(convocations.matchId, matchId))
    )
      .map((r) => r.memberId)
      .sort();

  it('a match against a team of the club: home = base team, away = opposing; base players convoked', async () => {
    const event = await created(asCoach, {
      nom: 'Derby',
      type: 'MATCH',
      equipesIds: [seniors.id, u17.id],
    });
    expect(event.equipesIds).toEqual([seniors.id, u17.id]);
    expect(event.match).toMatchObject({
      equipeDomicileId: seniors.id,
      equipeExterieurId: u17.id,
      adversaireNom: null,
    });
    const match = (await matchOf(event.id))!;
    expect(match).toMatchObject({
      id: event.match!.id,
      homeTeamId: seniors.id,
      awayTeamId: u17.id,
    });
    expect(await convoked(match.id)).toEqual([...seniorPlayers].sort());
    // Both teams' members see it; the coach of the base team edits it.
    const asU17Coach = await signIn(
      ctx.app,
      await createMember(ctx.app.db, club.id, { role: 'ENTRAINEUR', teamId: u17.id }),
    );
    expect((await asU17Coach.send(api.events.get, { params: { id: event.id } })).status).toBe(200);
    expect((await asU17Coach.send(api.events.remove, { params: { id: event.id } })).status).toBe(
      403,
    );
  });

  it('the match appears on the matches of both platform teams, and leaves with its event', async () => {
    const event = await created(asLeader, {
      nom: 'Derby du dimanche',
      type: 'MATCH',
      lieux: 'Stade',
      dateDebut: '2026-12-06T15:00:00',
      dateFin: '2026-12-06T17:00:00',
      equipesIds: [u17.id, seniors.id],
    });
    for (const team of [u17, seniors]) {
      const res = await asLeader.send(api.matches.listTeam, { params: { id: team.id } });
      expect(res.status, res.text).toBe(200);
      expect(listOf(res).find((m) => m.evenementId === event.id)).toMatchObject({
        id: event.match!.id,
        dateDebut: '2026-12-06T15:00:00',
        lieux: 'Stade',
        equipeDomicile: { id: u17.id, nom: 'U17' },
        equipeExterieur: { id: seniors.id, nom: 'Seniors' },
      });
    }
    expect((await asLeader.send(api.events.remove, { params: { id: event.id } })).status).toBe(200);
    const after = await asLeader.send(api.matches.listTeam, { params: { id: u17.id } });
    expect(listOf(after).map((m) => m.evenementId)).not.toContain(event.id);
  });

  it('a match against a typed opponent; updating changes the match; no longer a MATCH removes it', async () => {
    const event = await created(asLeader, {
      type: 'MATCH',
      equipesIds: [seniors.id],
      adversaireNom: 'FC Rival',
    });
    expect(event).toMatchObject({ equipesIds: [seniors.id], adversaireNom: 'FC Rival' });
    expect(event.match).toMatchObject({
      equipeDomicileId: seniors.id,
      equipeExterieurId: null,
      adversaireNom: 'FC Rival',
    });
    const matchId = event.match!.id;

    const toTeam = await asLeader.send(api.events.update, {
      params: { id: event.id },
      body: body({
        type: 'MATCH',
        equipesIds: [seniors.id, u15.id],
        dateDebut: '2026-10-10T15:00:00',
        dateFin: '2026-10-10T17:00:00',
      }),
    });
    expect(toTeam.status, toTeam.text).toBe(200);
    expect(toTeam.body.match).toEqual({
      id: matchId,
      equipeDomicileId: seniors.id,
      equipeExterieurId: u15.id,
      adversaireNom: null,
      domicile: true,
    });
    expect(await matchOf(event.id)).toMatchObject({
      id: matchId,
      awayTeamId: u15.id,
      opponentName: null,
    });

    const retyped = await asLeader.send(api.events.update, {
      params: { id: event.id },
      body: body({ type: 'TOURNOI' }),
    });
    expect(retyped.status).toBe(200);
    expect(retyped.body).toMatchObject({ match: null, adversaireNom: null });
    expect(await matchOf(event.id)).toBeUndefined();
    expect(await convoked(matchId)).toEqual([]);
  });

  it('an event becoming a MATCH gets its match', async () => {
    const event = await created(asLeader);
    const res = await asLeader.send(api.events.update, {
      params: { id: event.id },
      body: body({ type: 'match', adversaireNom: 'US Voisine' }),
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ type: 'MATCH', adversaireNom: 'US Voisine' });
    expect(await matchOf(event.id)).toMatchObject({
      homeTeamId: seniors.id,
      opponentName: 'US Voisine',
    });
  });

  it('deleting a MATCH event deletes its match and convocations', async () => {
    const event = await created(asCoach, { type: 'MATCH', adversaireNom: 'AS Loin' });
    const matchId = event.match!.id;
    expect((await convoked(matchId)).length).toBe(seniorPlayers.length);
    expect((await asCoach.send(api.events.remove, { params: { id: event.id } })).status).toBe(200);
    expect(await matchOf(event.id)).toBeUndefined();
    expect(await convoked(matchId)).toEqual([]);
    expect(
      await ctx.app.db.select().from(eventTeams).where(eq(eventTeams.eventId, event.id)),
    ).toEqual([]);
  });

  it('a failed write leaves no match behind (one transaction)', async () => {
    const before = (await ctx.app.db.select().from(matches)).length;
    const res = await asLeader.send(api.events.create, {
      body: body({ type: 'MATCH', equipesIds: [seniors.id, foreignTeam.id] }),
    });
    expect(res.status).toBe(400);
    expect((await ctx.app.db.select().from(matches)).length).toBe(before);
  });
});

/** A declared path as OpenAPI writes it (`:id` as `{id}`). */
const openApi = (endpoint: EndpointSpec) => endpoint.path.replace(/:(\w+)/g, '{$1}');

describe('[events] documentation', () => {
  it('the events routes are in the OpenAPI description, with the body and answer shapes', async () => {
    // The OpenAPI document is no endpoint of the contract: its path is the contract's constant.
    const res = await ctx.app.inject({ method: 'GET', url: `${API_DOCS_PATH}/json` });
    expect(res.statusCode).toBe(200);
    const { paths } = res.json();
    expect(Object.keys(paths[openApi(api.events.listClub)])).toEqual(['get']);
    expect(Object.keys(paths[openApi(api.events.get)]).sort()).toEqual(['delete', 'get', 'put']);
    const post = paths[openApi(api.events.create)].post;
    expect(post.tags).toEqual(['événements']);
    const bodySchema = post.requestBody.content['application/json'].schema;
    expect(Object.keys(bodySchema.properties)).toEqual(
      expect.arrayContaining([
        'nom',
        'lieux',
        'dateDebut',
        'dateFin',
        'type',
        'equipesIds',
        'clubId',
        'adversaireNom',
      ]),
    );
    const answer = post.responses['201'].content['application/json'].schema;
    expect(Object.keys(answer.properties)).toEqual(
      expect.arrayContaining(['id', 'equipesIds', 'equipes', 'match', 'adversaireNom']),
    );
    const query = paths[openApi(api.events.listClub)].get.parameters.map(
      (p: { name: string }) => p.name,
    );
    expect(query).toEqual(expect.arrayContaining(['clubId', 'from', 'to']));
  });
});
