import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES, api, urlOf, type TDashboardEventsQuery } from '@club/contract';
import type { Actor } from '../../authz/index.ts';
import {
  createClub,
  createEvent,
  createMember,
  createTeam,
  linkGuardian,
  setMemberTeams,
} from '../../db/factories.ts';
import { clubToday } from '../../lib/club-time.ts';
import { buildTestApp, signIn, type TestClient, type TestContext } from '../../test/helper.ts';
import { matchSync } from '../matches/index.ts';
import { createDashboardService, nextDay } from './dashboard.service.ts';

let ctx: TestContext;
let club: { id: number; nom: string };
let seniors: { id: number; nom: string };
let u17: { id: number; nom: string };
let asBoss: TestClient;
let asPlayer: TestClient;
let asParent: TestClient;
let boss: Awaited<ReturnType<typeof createMember>>;

const ids = (events: { id: number }[]) => events.map((e) => e.id);
const teamEvents = (client: TestClient, id: number, query: TDashboardEventsQuery = {}) =>
  client.send(api.dashboard.events, { params: { id }, query });
const teamMembers = (client: TestClient, id: number) =>
  client.send(api.dashboard.members, { params: { id } });

beforeAll(async () => {
  ctx = await buildTestApp();
  const db = ctx.app.db;
  club = await createClub(db, { nom: 'FC Tableau', timezone: 'Europe/Paris' });
  seniors = await createTeam(db, club.id, { nom: 'Seniors' });
  u17 = await createTeam(db, club.id, { nom: 'U17' });
  boss = await createMember(db, club.id, { role: 'DIRIGEANT' });
  const player = await createMember(db, club.id, { role: 'JOUEUR', teamId: seniors.id });
  const parent = await createMember(db, club.id, { role: 'PARENT' });
  const child = await createMember(db, club.id, { role: 'JOUEUR', teamId: u17.id });
  await linkGuardian(db, club.id, parent.id, child.id);
  asBoss = await signIn(ctx.app, boss);
  asPlayer = await signIn(ctx.app, player);
  asParent = await signIn(ctx.app, parent);
});
afterAll(async () => {
  await ctx?.close();
});

describe('[dashboard] GET /api/dashboard/evenements/:id?date=', () => {
  it('the team’s events of that day and the events with no team, sorted by start', async () => {
    const db = ctx.app.db;
    const day = '2030-03-12';
    const late = await createEvent(db, club.id, {
      nom: 'Match du soir',
      type: 'MATCH',
      dateDebut: `${day} 20:00:00`,
      dateFin: `${day} 22:00:00`,
      lieux: 'Stade',
      teamIds: [seniors.id],
    });
    // The evening match is played away against a typed opponent: the card names both sides.
    await db.transaction((tx) =>
      matchSync.upsertForEvent(tx, club.id, late.id, {
        homeTeamId: seniors.id,
        awayTeamId: null,
        opponentName: 'FC Voisin',
        domicile: false,
      }),
    );
    const early = await createEvent(db, club.id, {
      nom: 'Réunion du club',
      type: 'REUNION',
      dateDebut: `${day} 08:30:00`,
      dateFin: `${day} 09:30:00`,
      lieux: 'Club-house',
    });
    const shared = await createEvent(db, club.id, {
      nom: 'Entraînement commun',
      dateDebut: `${day} 18:00:00`,
      dateFin: `${day} 19:30:00`,
      teamIds: [u17.id, seniors.id],
    });
    // Another team's event, another day's, another club's: none of them.
    await createEvent(db, club.id, {
      dateDebut: `${day} 10:00:00`,
      dateFin: `${day} 11:00:00`,
      teamIds: [u17.id],
    });
    await createEvent(db, club.id, {
      dateDebut: '2030-03-13 10:00:00',
      dateFin: '2030-03-13 11:00:00',
      teamIds: [seniors.id],
    });
    const other = await createClub(db);
    await createEvent(db, other.id, {
      dateDebut: `${day} 12:00:00`,
      dateFin: `${day} 13:00:00`,
    });

    const res = await teamEvents(asPlayer, seniors.id, { date: day });
    expect(res.status, res.text).toBe(200);
    const body = res.body;
    expect(ids(body)).toEqual([early.id, shared.id, late.id]);
    expect(body[2]).toMatchObject({ equipe: 'Seniors', adversaire: 'FC Voisin', domicile: false });
    expect(body[0]).toEqual({
      id: early.id,
      nom: 'Réunion du club',
      type: 'REUNION',
      dateDebut: `${day}T08:30:00`,
      dateFin: `${day}T09:30:00`,
      lieux: 'Club-house',
      equipesIds: [],
      equipe: null,
      adversaire: null,
      domicile: null,
    });
    expect(body[1]!.equipesIds).toEqual([seniors.id, u17.id].sort((a, b) => a - b));

    // A leader reads any team of the club: the U17 day has the team-less meeting too.
    const u17Day = await teamEvents(asBoss, u17.id, { date: day });
    expect(u17Day.status).toBe(200);
    expect(u17Day.body.map((e) => e.nom)).toEqual([
      'Réunion du club',
      'Entraînement',
      'Entraînement commun',
    ]);
  });

  it('an event of several days shows on each of them; one ending at midnight is not the next day’s', async () => {
    const db = ctx.app.db;
    const team = await createTeam(db, club.id, { nom: 'Vétérans' });
    const tournament = await createEvent(db, club.id, {
      nom: 'Tournoi de Pâques',
      type: 'TOURNOI',
      dateDebut: '2030-04-19 09:00:00',
      dateFin: '2030-04-21 18:00:00',
      teamIds: [team.id],
    });
    const evening = await createEvent(db, club.id, {
      nom: 'Soirée',
      type: 'AUTRE',
      dateDebut: '2030-04-21 22:00:00',
      dateFin: '2030-04-22 00:00:00',
      teamIds: [team.id],
    });
    const on = async (date: string) => ids((await teamEvents(asBoss, team.id, { date })).body);
    expect(await on('2030-04-18')).toEqual([]);
    expect(await on('2030-04-20')).toEqual([tournament.id]);
    expect(await on('2030-04-21')).toEqual([tournament.id, evening.id]);
    expect(await on('2030-04-22')).toEqual([]);
  });

  it('a parent reads the team of a child; a player another team → 403; another club’s team → 404', async () => {
    expect((await teamEvents(asParent, u17.id)).status).toBe(200);
    expect((await teamEvents(asParent, seniors.id)).status).toBe(403);
    expect((await teamEvents(asPlayer, u17.id)).status).toBe(403);
    const other = await createClub(ctx.app.db);
    const otherTeam = await createTeam(ctx.app.db, other.id);
    const res = await teamEvents(asBoss, otherTeam.id);
    expect(res.status).toBe(404);
    expect(res.error.message).toBe(SERVER_MESSAGES.notFound);
    expect((await teamEvents(asBoss, 999999)).status).toBe(404);
  });

  it('refuses a malformed date, date with aVenir, an unknown parameter (400, French)', async () => {
    const bad = await teamEvents(asBoss, seniors.id, { date: '2030-02-30' });
    expect(bad.status).toBe(400);
    expect(bad.error).toEqual({
      message: SERVER_MESSAGES.validation,
      errors: { date: SERVER_MESSAGES.invalidDate },
    });
    const both = await teamEvents(asBoss, seniors.id, { date: '2030-03-12', aVenir: 'true' });
    expect(both.status).toBe(400);
    expect(both.error.errors).toEqual({ date: SERVER_MESSAGES.invalidValue });
    const unknown = await asBoss.raw({
      method: 'GET',
      url: `${urlOf(api.dashboard.events, { params: { id: seniors.id } })}?debut=1`,
    });
    expect(unknown.statusCode).toBe(400);
    const limit = await teamEvents(asBoss, seniors.id, { aVenir: 'true', limite: 0 });
    expect(limit.status).toBe(400);
  });

  it('without date, today is the club’s today, not the server’s', async () => {
    const db = ctx.app.db;
    // UTC+14 and UTC−11: most of the time these two clubs are not on the same calendar day.
    for (const timezone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      const c = await createClub(db, { timezone });
      const team = await createTeam(db, c.id);
      const leader = await createMember(db, c.id, { role: 'DIRIGEANT' });
      const client = await signIn(ctx.app, leader);
      const today = clubToday(timezone);
      const todays = await createEvent(db, c.id, {
        dateDebut: `${today} 00:30:00`,
        dateFin: `${today} 01:00:00`,
        teamIds: [team.id],
      });
      await createEvent(db, c.id, {
        dateDebut: `${nextDay(today)} 00:30:00`,
        dateFin: `${nextDay(today)} 01:00:00`,
        teamIds: [team.id],
      });
      const res = await teamEvents(client, team.id);
      expect(res.status).toBe(200);
      // The request may straddle the club's midnight; then the day has moved on by one.
      if (clubToday(timezone) === today) expect(ids(res.body)).toEqual([todays.id]);
    }
  });
});

describe('[dashboard] today on the club’s clock (injected), around midnight and the DST changes', () => {
  let team: { id: number };
  let actor: Actor;
  const dayEvents: Record<string, number> = {};

  beforeAll(async () => {
    const db = ctx.app.db;
    const c = await createClub(db, { nom: 'FC Horloge', timezone: 'Europe/Paris' });
    team = await createTeam(db, c.id);
    const leader = await createMember(db, c.id, { role: 'DIRIGEANT' });
    actor = {
      id: leader.id,
      clubId: c.id,
      role: 'DIRIGEANT',
      roleClub: 'DIRIGEANT',
      teamRoles: [],
      statut: 'Actif',
      email: leader.email,
      nom: leader.nom,
      prenom: leader.prenom,
      clubNom: c.nom,
      teams: [],
      teamIds: [],
      primaryTeam: null,
      childIds: [],
      childTeamIds: [],
      sessionId: 'test',
    };
    for (const day of [
      '2027-01-14',
      '2027-01-15',
      '2027-03-27',
      '2027-03-28',
      '2027-10-30',
      '2027-10-31',
    ]) {
      const e = await createEvent(db, c.id, {
        nom: `Le ${day}`,
        dateDebut: `${day} 12:00:00`,
        dateFin: `${day} 13:00:00`,
        teamIds: [team.id],
      });
      dayEvents[day] = e.id;
    }
  });

  const todayAt = async (instant: string) => {
    const service = createDashboardService({ db: ctx.app.db, now: () => new Date(instant) });
    return ids(await service.teamEvents(actor, team.id, { aVenir: false }));
  };

  it('23:30 UTC in winter is already tomorrow in Paris (UTC+1)', async () => {
    expect(await todayAt('2027-01-14T22:59:59Z')).toEqual([dayEvents['2027-01-14']]);
    expect(await todayAt('2027-01-14T23:00:00Z')).toEqual([dayEvents['2027-01-15']]);
    expect(await todayAt('2027-01-14T23:30:00Z')).toEqual([dayEvents['2027-01-15']]);
  });

  it('spring forward (28 March 2027): midnight is 23:00 UTC before, and the day is 23 hours', async () => {
    expect(await todayAt('2027-03-27T22:59:59Z')).toEqual([dayEvents['2027-03-27']]);
    expect(await todayAt('2027-03-27T23:00:00Z')).toEqual([dayEvents['2027-03-28']]);
    // 21:59:59 UTC on the 28th is 23:59:59 CEST: still the 28th.
    expect(await todayAt('2027-03-28T21:59:59Z')).toEqual([dayEvents['2027-03-28']]);
  });

  it('fall back (31 October 2027): midnight is 22:00 UTC before, 23:00 UTC after', async () => {
    expect(await todayAt('2027-10-29T22:00:00Z')).toEqual([dayEvents['2027-10-30']]);
    expect(await todayAt('2027-10-30T21:59:59Z')).toEqual([dayEvents['2027-10-30']]);
    expect(await todayAt('2027-10-30T22:00:00Z')).toEqual([dayEvents['2027-10-31']]);
    // 22:30 UTC on the 31st is 23:30 CET: still the 31st.
    expect(await todayAt('2027-10-31T22:30:00Z')).toEqual([dayEvents['2027-10-31']]);
  });

  it('aVenir: events not over at the club’s now, by start; an event in progress is included', async () => {
    const service = (instant: string) =>
      createDashboardService({ db: ctx.app.db, now: () => new Date(instant) });
    // 11:30 UTC on 30 Oct 2027 is 13:30 CEST: that day's 12:00–13:00 event is over.
    const upcoming = await service('2027-10-30T11:30:00Z').teamEvents(actor, team.id, {
      aVenir: true,
    });
    expect(ids(upcoming)).toEqual([dayEvents['2027-10-31']]);
    // 10:30 UTC is 12:30 CEST: in progress.
    const during = await service('2027-10-30T10:30:00Z').teamEvents(actor, team.id, {
      aVenir: true,
    });
    expect(ids(during)).toEqual([dayEvents['2027-10-30'], dayEvents['2027-10-31']]);
    const limited = await service('2027-01-01T00:00:00Z').teamEvents(actor, team.id, {
      aVenir: true,
      limite: 3,
    });
    expect(ids(limited)).toEqual([
      dayEvents['2027-01-14'],
      dayEvents['2027-01-15'],
      dayEvents['2027-03-27'],
    ]);
  });
});

describe('[dashboard] GET /api/dashboard/evenements/:id?aVenir=true', () => {
  it('upcoming events of the team and team-less ones, sorted by start, past ones left out', async () => {
    const db = ctx.app.db;
    const team = await createTeam(db, club.id, { nom: 'Futsal' });
    const member = await createMember(db, club.id, { role: 'ENTRAINEUR', teamId: team.id });
    const client = await signIn(ctx.app, member);
    const later = await createEvent(db, club.id, {
      dateDebut: '2099-06-02 10:00:00',
      dateFin: '2099-06-02 12:00:00',
      teamIds: [team.id],
    });
    const sooner = await createEvent(db, club.id, {
      dateDebut: '2099-06-01 10:00:00',
      dateFin: '2099-06-01 12:00:00',
    });
    await createEvent(db, club.id, {
      dateDebut: '2001-06-01 10:00:00',
      dateFin: '2001-06-01 12:00:00',
      teamIds: [team.id],
    });
    await createEvent(db, club.id, {
      dateDebut: '2099-05-01 10:00:00',
      dateFin: '2099-05-01 12:00:00',
      teamIds: [u17.id],
    });
    const res = await teamEvents(client, team.id, { aVenir: 'true' });
    expect(res.status, res.text).toBe(200);
    const got = ids(res.body);
    // Team-less events of the other tests (2030) come first; ours are the last two, in order.
    expect(got.slice(-2)).toEqual([sooner.id, later.id]);
    expect(res.body.every((e) => e.dateFin > '2026')).toBe(true);
    const starts = res.body.map((e) => e.dateDebut);
    expect(starts).toEqual([...starts].sort());
  });
});

describe('[dashboard] GET /api/dashboard/membres/:id', () => {
  it('every member of the team (any membership), by name, with what the cards show', async () => {
    const db = ctx.app.db;
    const team = await createTeam(db, club.id, { nom: 'Handi' });
    const zoe = await createMember(db, club.id, {
      role: 'JOUEUR',
      nom: 'Zidane',
      prenom: 'Zoé',
      statut: 'Blessé',
      teamId: team.id,
      avatarUrl: '/avatars/zoe.png',
    });
    const coach = await createMember(db, club.id, {
      role: 'ENTRAINEUR',
      nom: 'Abel',
      prenom: 'Bruno',
    });
    // The coach's primary team is another one: the membership alone counts.
    await setMemberTeams(db, club.id, coach.id, [u17.id, team.id]);
    await createMember(db, club.id, { role: 'JOUEUR', nom: 'Ailleurs', teamId: seniors.id });
    const res = await teamMembers(asBoss, team.id);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual([
      {
        id: coach.id,
        nom: 'Abel',
        prenom: 'Bruno',
        role: 'ENTRAINEUR',
        statut: 'Actif',
        avatarUrl: null,
      },
      {
        id: zoe.id,
        nom: 'Zidane',
        prenom: 'Zoé',
        role: 'JOUEUR',
        statut: 'Blessé',
        avatarUrl: '/avatars/zoe.png',
      },
    ]);
    // The answer carries nothing else of the member (no e-mail, no phone).
    expect(Object.keys(res.body[0]!).sort()).toEqual(
      ['avatarUrl', 'id', 'nom', 'prenom', 'role', 'statut'].sort(),
    );
  });

  it('a member reads their team; a parent their child’s; others 403; another club 404', async () => {
    expect((await teamMembers(asPlayer, seniors.id)).status).toBe(200);
    expect((await teamMembers(asPlayer, u17.id)).status).toBe(403);
    expect((await teamMembers(asParent, u17.id)).status).toBe(200);
    expect((await teamMembers(asParent, seniors.id)).status).toBe(403);
    const other = await createClub(ctx.app.db);
    const otherTeam = await createTeam(ctx.app.db, other.id);
    await createMember(ctx.app.db, other.id, { teamId: otherTeam.id });
    expect((await teamMembers(asBoss, otherTeam.id)).status).toBe(404);
  });
});
