import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  SERVER_MESSAGES,
  api,
  STATISTICS_MESSAGES,
  fairnessAlerts,
  type TTeamStatistics,
} from '@club/contract';
import {
  createClub,
  createConvocation,
  createEvent,
  createMatch,
  createMember,
  createTeam,
  linkGuardian,
  setMemberTeams,
} from '../../db/factories.ts';
import { clubs, eventPresences } from '../../db/schema.ts';
import { manualClock } from '../../lib/clock.ts';
import { buildTestApp, signIn, type TestClient, type TestContext } from '../../test/helper.ts';

/**
 * Team statistics on the real application (PGlite, and PostgreSQL with TEST_DATABASE_URL: the
 * file is in DATABASE_SENSITIVE). A built history: a club whose season starts in September, team
 * A (Seniors) and team B (Réserve), trainings before, in and after the season (one for every
 * team), matches with scores, a cancelled one, one not started, one between A and B, answers and
 * selections, and David who played for A until December, then for B.
 */
const clock = manualClock();
afterEach(() => clock.set('2026-03-15T12:00:00Z'));

type Member = Awaited<ReturnType<typeof createMember>>;
let ctx: TestContext;
let club: { id: number };
let otherClub: { id: number };
let teamA: { id: number };
let teamB: { id: number };
let alice: Member;
let bruno: Member;
let chloe: Member;
let david: Member;
let emma: Member;
const as: Record<string, TestClient> = {};

const D = 'DISPONIBLE';
const I = 'INDISPONIBLE';

beforeAll(async () => {
  clock.set('2026-03-15T12:00:00Z');
  ctx = await buildTestApp({}, undefined, { clock });
  const db = ctx.app.db;
  club = await createClub(db, { timezone: 'Europe/Paris', seasonStartMonth: 9 });
  otherClub = await createClub(db);
  teamA = await createTeam(db, club.id, { nom: 'Seniors' });
  teamB = await createTeam(db, club.id, { nom: 'Réserve' });
  const player = (prenom: string, teamId: number) =>
    createMember(db, club.id, { teamId, prenom, nom: 'Joueur' });
  alice = await player('Alice', teamA.id);
  bruno = await player('Bruno', teamA.id);
  chloe = await player('Chloé', teamA.id);
  david = await player('David', teamA.id);
  emma = await player('Emma', teamB.id);
  const coachA = await createMember(db, club.id, { role: 'ENTRAINEUR', teamId: teamA.id });
  const coachB = await createMember(db, club.id, { role: 'ENTRAINEUR', teamId: teamB.id });
  const leader = await createMember(db, club.id, { role: 'DIRIGEANT' });
  const responsable = await createMember(db, club.id, { role: 'RESPONSABLE' });
  const parent = await createMember(db, club.id, { role: 'PARENT' });
  await linkGuardian(db, club.id, parent.id, chloe.id);
  const stranger = await createMember(db, otherClub.id, { role: 'DIRIGEANT' });

  // Trainings: (date, teams, answers)
  const training = async (date: string, teamIds: number[], answers: [Member, string][]) => {
    const e = await createEvent(db, club.id, {
      dateDebut: `${date} 18:00:00`,
      dateFin: `${date} 20:00:00`,
      teamIds,
    });
    for (const [m, statutPresence] of answers)
      await db
        .insert(eventPresences)
        .values({ clubId: club.id, eventId: e.id, memberId: m.id, statutPresence });
  };
  await training('2025-08-25', [teamA.id], [[alice, D]]); // the season before
  await training(
    '2025-09-10',
    [teamA.id],
    [
      [alice, D],
      [bruno, D],
      [david, D],
    ],
  );
  await training(
    '2025-10-10',
    [teamA.id],
    [
      [alice, D],
      [david, D],
    ],
  );
  await training(
    '2025-11-10',
    [teamA.id],
    [
      [alice, I],
      [david, D],
    ],
  );
  await training(
    '2025-12-10',
    [teamA.id],
    [
      [alice, D],
      [david, D],
    ],
  );
  await training('2026-01-10', [teamA.id], [[alice, D]]);
  await training('2026-01-12', [teamB.id], [[david, D]]);
  // every team's training (no team named)
  await training(
    '2026-02-10',
    [],
    [
      [alice, D],
      [david, D],
      [emma, D],
    ],
  );
  await training('2026-02-12', [teamB.id], [[david, I]]);
  await training('2026-03-20', [teamA.id], []); // not held yet

  // Matches: (date, sides, score, convocations [member, answer, selection])
  const match = async (
    date: string,
    sides: { homeTeamId: number; awayTeamId?: number },
    score: [number, number] | null,
    rows: [Member, string | null, string | null][],
    cancelled = false,
  ) => {
    const { match: m } = await createMatch(db, club.id, {
      ...sides,
      opponentName: sides.awayTeamId ? null : 'FC Voisin',
      dateDebut: `${date} 15:00:00`,
      dateFin: `${date} 17:00:00`,
      scoreDomicile: score?.[0] ?? null,
      scoreExterieur: score?.[1] ?? null,
      cancelled,
    });
    for (const [p, statutPresence, selection] of rows)
      await createConvocation(db, club.id, m.id, p.id, {
        statutPresence,
        selection,
        selectionPublished: selection,
      });
  };
  const A = { homeTeamId: teamA.id };
  await match('2025-08-30', A, [5, 0], [[alice, D, 'SELECTIONNE']]); // the season before
  await match(
    '2025-09-20',
    A,
    [2, 1],
    [
      [alice, D, 'SELECTIONNE'],
      [bruno, D, 'SELECTIONNE'],
      [chloe, D, 'NON_RETENU'],
      [david, D, 'SELECTIONNE'],
    ],
  );
  await match(
    '2025-10-20',
    A,
    [1, 1],
    [
      [alice, D, 'SELECTIONNE'],
      [bruno, D, 'SELECTIONNE'],
      [chloe, D, 'REMPLACANT'],
      [david, I, null],
    ],
  );
  await match(
    '2025-12-06',
    { ...A },
    [0, 2],
    [
      [alice, D, 'SELECTIONNE'],
      // no answer, selected: available
      [bruno, null, 'SELECTIONNE'],
      [chloe, D, 'NON_RETENU'],
      [david, D, 'SELECTIONNE'],
    ],
  );
  // B (base, home) against A: 1–3
  await match(
    '2026-01-20',
    { homeTeamId: teamB.id, awayTeamId: teamA.id },
    [1, 3],
    [
      [david, D, 'SELECTIONNE'],
      [emma, D, 'SELECTIONNE'],
    ],
  );
  await match('2026-02-15', A, null, [[alice, D, 'SELECTIONNE']], true); // cancelled
  await match('2026-02-28', A, null, [
    [alice, D, 'SELECTIONNE'],
    [bruno, D, 'SELECTIONNE'],
    [chloe, D, 'NON_RETENU'],
  ]); // played, no score entered
  await match('2026-03-15', A, null, [[alice, D, 'SELECTIONNE']]); // 15:00 Paris: not started
  // David moved to the Réserve in the winter break.
  await setMemberTeams(db, club.id, david.id, [teamB.id]);

  for (const [name, m] of Object.entries({
    alice,
    coachA,
    coachB,
    leader,
    responsable,
    parent,
    stranger,
  }))
    as[name] = await signIn(ctx.app, m);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const teamInput = (teamId: number, saison?: string) => ({
  params: { teamId },
  query: saison ? { saison } : {},
});
async function stats(who: string, teamId: number, saison?: string): Promise<TTeamStatistics> {
  const res = await as[who]!.send(api.statistics.team, teamInput(teamId, saison));
  expect(res.status, res.text).toBe(200);
  return res.body;
}
const row = (s: TTeamStatistics, m: Member) => s.joueurs.find((j) => j.membre.id === m.id)!;

describe('[statistics] figures of a team over a season', { timeout: 60_000 }, () => {
  it('results: played matches with a score, for the team on either side; the form of the last five', async () => {
    const a = await stats('coachA', teamA.id, '2025-2026');
    expect(a.equipe).toEqual({ id: teamA.id, nom: 'Seniors' });
    expect(a.saison).toEqual({ libelle: '2025-2026', debut: '2025-09-01', fin: '2026-08-31' });
    expect(a.resultats).toEqual({
      joues: 4,
      victoires: 2,
      nuls: 1,
      defaites: 1,
      butsPour: 6,
      butsContre: 5,
      forme: ['V', 'N', 'D', 'V'],
    });
    const b = await stats('leader', teamB.id, '2025-2026');
    expect(b.resultats).toMatchObject({ joues: 1, defaites: 1, butsPour: 1, butsContre: 3 });
    expect(b.resultats.forme).toEqual(['D']);
  });

  it('per player: trainings attended / held, convocations, availability, selections', async () => {
    const a = await stats('coachA', teamA.id, '2025-2026');
    // held: 4 of A's + the club-wide one + January's; the March one is ahead
    expect(a.entrainementsTenus).toBe(6);
    expect(a.joueurs.map((j) => j.membre.prenom)).toEqual(['Alice', 'Bruno', 'Chloé', 'David']);
    expect(a.complet).toBe(true);
    expect(row(a, alice)).toEqual({
      membre: { id: alice.id, nom: 'Joueur', prenom: 'Alice' },
      actuel: true,
      entrainements: { presents: 5, total: 6 },
      matchs: { convocations: 4, disponibles: 4, selectionne: 4, remplacant: 0, nonRetenu: 0 },
      tauxPresence: 83,
      partSelection: 100,
      alerteEquite: false,
      // four published selections as a starter, no sheet saved, no action: every minute
      // (docs/decisions/0128-playing-time.md)
      buts: 0,
      passes: 0,
      cartons: 0,
      minutesJouees: 480,
      partTempsDeJeu: 100,
      alerteTempsDeJeu: false,
    });
    expect(row(a, bruno)).toMatchObject({
      entrainements: { presents: 1, total: 6 },
      matchs: { convocations: 4, disponibles: 4, selectionne: 4, remplacant: 0, nonRetenu: 0 },
      tauxPresence: 17,
    });
    expect(row(a, chloe)).toMatchObject({
      entrainements: { presents: 0, total: 6 },
      matchs: { convocations: 4, disponibles: 4, selectionne: 0, remplacant: 1, nonRetenu: 3 },
      tauxPresence: 0,
      partSelection: 0,
    });
  });

  it('the fairness flag: a selection share under half the team median', async () => {
    const a = await stats('coachA', teamA.id, '2025-2026');
    expect(a.medianeSelection).toBe(100);
    expect(a.joueurs.filter((j) => j.alerteEquite).map((j) => j.membre.prenom)).toEqual(['Chloé']);
    // the rule itself: never-available players have no share; strictly under half the median
    expect(
      fairnessAlerts([
        { disponibles: 4, selectionne: 2 },
        { disponibles: 4, selectionne: 4 },
        { disponibles: 4, selectionne: 1 },
        { disponibles: 0, selectionne: 0 },
      ]),
    ).toEqual({ median: 0.5, alerts: [false, false, false, false] });
    expect(fairnessAlerts([]).median).toBeNull();
  });

  it('a player who changed team: the rows follow the team played for', async () => {
    const a = await stats('coachA', teamA.id, '2025-2026');
    // in A until December: A's trainings up to the last record there, A's matches
    expect(row(a, david)).toMatchObject({
      actuel: false,
      entrainements: { presents: 4, total: 4 },
      matchs: { convocations: 3, disponibles: 2, selectionne: 2, remplacant: 0, nonRetenu: 0 },
      alerteEquite: false,
    });
    const b = await stats('coachB', teamB.id, '2025-2026');
    expect(b.joueurs.map((j) => j.membre.prenom)).toEqual(['David', 'Emma']);
    // in B from January: B's trainings from the first record there (with the club-wide one)
    expect(row(b, david)).toMatchObject({
      actuel: true,
      entrainements: { presents: 2, total: 3 },
      matchs: { convocations: 1, disponibles: 1, selectionne: 1, remplacant: 0, nonRetenu: 0 },
    });
    // Emma, in B all season: every B training held (the club-wide one included)
    expect(row(b, emma)).toMatchObject({ entrainements: { presents: 1, total: 3 } });
  });

  it('season boundaries: the club’s month, the season before, the default season', async () => {
    const before = await stats('coachA', teamA.id, '2024-2025');
    expect(before.saison).toEqual({ libelle: '2024-2025', debut: '2024-09-01', fin: '2025-08-31' });
    expect(before.resultats).toMatchObject({ joues: 1, victoires: 1, butsPour: 5 });
    expect(before.entrainementsTenus).toBe(1);
    expect(row(before, alice)).toMatchObject({
      entrainements: { presents: 1, total: 1 },
      matchs: { convocations: 1, selectionne: 1 },
    });
    // without `saison`: the season of the club's today (15 March 2026)
    expect((await stats('coachA', teamA.id)).saison.libelle).toBe('2025-2026');
    // a season starting in August takes in the end of August 2025
    await ctx.app.db.update(clubs).set({ seasonStartMonth: 8 }).where(eq(clubs.id, club.id));
    try {
      // (a reader who has not asked this address yet: answers are kept per member and address)
      const august = await stats('leader', teamA.id, '2025-2026');
      expect(august.saison).toMatchObject({ debut: '2025-08-01', fin: '2026-07-31' });
      expect(august.resultats.joues).toBe(5);
      expect(august.entrainementsTenus).toBe(7);
      expect(row(august, alice).entrainements).toEqual({ presents: 6, total: 7 });
    } finally {
      await ctx.app.db.update(clubs).set({ seasonStartMonth: 9 }).where(eq(clubs.id, club.id));
    }
    // the clock moves past the 15:00 kick-off: that match's convocation now counts
    // (asked by a reader who has not asked it yet: answers are kept per member and address)
    clock.set('2026-03-15T15:30:00Z');
    expect(row(await stats('responsable', teamA.id), alice).matchs.convocations).toBe(5);
  });

  it('a bad season: 400 in French on the field', async () => {
    for (const saison of ['2025-2027', '2026-2025', '2025', 'abcd-efgh', '0001-0002']) {
      const res = await as.coachA!.send(api.statistics.team, teamInput(teamA.id, saison));
      expect(res.status, saison).toBe(400);
      expect(res.error).toEqual({
        message: SERVER_MESSAGES.validation,
        errors: { saison: STATISTICS_MESSAGES.seasonInvalid },
      });
    }
  });
});

describe('[statistics] who sees what', { timeout: 60_000 }, () => {
  it('coach and leaders: every player with the flag; a player: their own row; a parent: the children’s', async () => {
    for (const who of ['coachA', 'leader', 'responsable']) {
      const s = await stats(who, teamA.id, '2025-2026');
      expect(s.joueurs, who).toHaveLength(4);
      expect(s.complet).toBe(true);
    }
    const mine = await stats('alice', teamA.id, '2025-2026');
    expect(mine.complet).toBe(false);
    expect(mine.medianeSelection).toBeNull();
    expect(mine.joueurs.map((j) => j.membre.id)).toEqual([alice.id]);
    expect(mine.joueurs[0]!.alerteEquite).toBeNull();
    expect(mine.resultats.joues).toBe(4);
    const child = await stats('parent', teamA.id, '2025-2026');
    expect(child.joueurs.map((j) => j.membre.id)).toEqual([chloe.id]);
    expect(child.joueurs[0]).toMatchObject({ tauxPresence: 0, alerteEquite: null });
  });

  it('another team’s coach 403, another club 404, a missing team 404', async () => {
    expect((await as.coachB!.send(api.statistics.team, teamInput(teamA.id))).status).toBe(403);
    expect((await as.alice!.send(api.statistics.team, teamInput(teamB.id))).status).toBe(403);
    const foreign = await as.stranger!.send(api.statistics.team, teamInput(teamA.id));
    expect(foreign.status).toBe(404);
    expect(foreign.error.message).toBeTypeOf('string');
    expect((await as.leader!.send(api.statistics.team, teamInput(2_000_000_000))).status).toBe(404);
  });

  it('the CSV: coach and leaders, French spreadsheet format; a player 403', async () => {
    const res = await as.coachA!.call(api.statistics.teamExport, teamInput(teamA.id, '2025-2026'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="statistiques-equipe-${teamA.id}-2025-2026.csv"`,
    );
    const text = res.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'Nom;Prénom;Entraînements présents;Entraînements tenus;Taux de présence (%);Convocations;' +
        'Disponible;Sélectionné;Remplaçant;Non retenu;Part de sélection (%);Alerte équité;' +
        'Dans l’équipe aujourd’hui;Buts;Passes décisives;Cartons;Minutes jouées;' +
        'Part du temps de jeu (%);Alerte temps de jeu',
    );
    expect(lines[1]).toBe('Joueur;Alice;5;6;83;4;4;4;0;0;100;Non;Oui;0;0;0;480;100;Non');
    expect(lines[3]).toBe('Joueur;Chloé;0;6;0;4;4;0;1;3;0;Oui;Oui;0;0;0;0;0;Oui');
    expect((await as.alice!.send(api.statistics.teamExport, teamInput(teamA.id))).status).toBe(403);
    expect((await as.stranger!.send(api.statistics.teamExport, teamInput(teamA.id))).status).toBe(
      404,
    );
  });

  it('the club overview: leaders only, attendance and results per team', async () => {
    const res = await as.leader!.send(api.statistics.club, {
      params: { clubId: club.id },
      query: { saison: '2025-2026' },
    });
    expect(res.status, res.text).toBe(200);
    const body = res.body;
    expect(body.equipes.map((e) => e.equipe.nom)).toEqual(['Réserve', 'Seniors']);
    const seniors = body.equipes[1];
    // (5 + 1 + 0 + 4) of (6 + 6 + 6 + 4)
    expect(seniors).toMatchObject({
      entrainementsTenus: 6,
      tauxPresence: 45,
      joueurs: 4,
      alertesEquite: 1,
      resultats: { joues: 4, victoires: 2 },
    });
    const clubInput = { params: { clubId: club.id } };
    expect((await as.coachA!.send(api.statistics.club, clubInput)).status).toBe(403);
    expect((await as.stranger!.send(api.statistics.club, clubInput)).status).toBe(404);
  });
});

describe(
  '[statistics] attendance never taken: no rate (decision 0106)',
  { timeout: 60_000 },
  () => {
    it('14 trainings held without any attendance answer: tauxPresence null for the player and the team; a team “présent par défaut” keeps its rate', async () => {
      const db = ctx.app.db;
      const other = await createClub(db, { timezone: 'Europe/Paris', seasonStartMonth: 9 });
      const u13 = await createTeam(db, other.id, { nom: 'U13' });
      const byDefault = await createTeam(db, other.id, { nom: 'Vétérans', presentParDefaut: true });
      const player = await createMember(db, other.id, { teamId: u13.id, prenom: 'Noa' });
      const veteran = await createMember(db, other.id, { teamId: byDefault.id, prenom: 'Paul' });
      const coach = await createMember(db, other.id, { role: 'ENTRAINEUR', teamId: u13.id });
      const leader = await createMember(db, other.id, { role: 'DIRIGEANT' });
      for (let week = 0; week < 14; week++) {
        const day = new Date(Date.UTC(2025, 9, 1 + week * 7)).toISOString().slice(0, 10);
        await createEvent(db, other.id, {
          dateDebut: `${day} 18:00:00`,
          dateFin: `${day} 20:00:00`,
          teamIds: [u13.id],
        });
      }
      await createEvent(db, other.id, {
        dateDebut: '2025-10-05 10:00:00',
        dateFin: '2025-10-05 12:00:00',
        teamIds: [byDefault.id],
      });

      const s = await (
        await signIn(ctx.app, coach)
      ).send(api.statistics.team, teamInput(u13.id, '2025-2026'));
      expect(s.status, s.text).toBe(200);
      const team = s.body;
      expect(team.entrainementsTenus).toBe(14);
      expect(team.joueurs.find((j) => j.membre.id === player.id)).toMatchObject({
        entrainements: { presents: 0, total: 14 },
        tauxPresence: null,
      });

      const overview = await (
        await signIn(ctx.app, leader)
      ).send(api.statistics.club, { params: { clubId: other.id }, query: { saison: '2025-2026' } });
      expect(overview.status, overview.text).toBe(200);
      const byName = new Map(overview.body.equipes.map((e) => [e.equipe.nom, e]));
      expect(byName.get('U13')).toMatchObject({ entrainementsTenus: 14, tauxPresence: null });
      // silence is an answer there: present
      expect(byName.get('Vétérans')).toMatchObject({ entrainementsTenus: 1, tauxPresence: 100 });
      const asLeader = await signIn(ctx.app, leader);
      const veterans = (
        await asLeader.send(api.statistics.team, teamInput(byDefault.id, '2025-2026'))
      ).body;
      expect(veterans.joueurs.find((j) => j.membre.id === veteran.id)?.tauxPresence).toBe(100);

      // once attendance is taken at one training, the rate is back (absent elsewhere: 0 %)
      const [first] = await db
        .select({ id: eventPresences.eventId })
        .from(eventPresences)
        .where(eq(eventPresences.clubId, other.id));
      expect(first).toBeUndefined();
      const marked = await createEvent(db, other.id, {
        dateDebut: '2026-02-20 18:00:00',
        dateFin: '2026-02-20 20:00:00',
        teamIds: [u13.id],
      });
      await db.insert(eventPresences).values({
        clubId: other.id,
        eventId: marked.id,
        memberId: player.id,
        statutPresence: 'INDISPONIBLE',
      });
      const after = await asLeader.send(api.statistics.team, teamInput(u13.id, '2025-2026'));
      expect(after.body.joueurs[0]).toMatchObject({
        entrainements: { presents: 0, total: 15 },
        tauxPresence: 0,
      });
    });
  },
);
