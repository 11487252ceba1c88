import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { api, hatsFromRole, type TDashboardHome } from '@club/contract';
import type { Actor } from '../../authz/index.ts';
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
import { matches } from '../../db/schema.ts';
import { buildTestApp, signIn, TestClient, type TestContext } from '../../test/helper.ts';
import { createDashboardService } from './dashboard.service.ts';

/**
 * GET /api/dashboard/accueil (docs/decisions/0083-dashboard-home.md): what each role can act on,
 * at a fixed instant: 2031-05-10 12:00 in Paris (10:00 UTC).
 */
const NOW = new Date('2031-05-10T10:00:00Z');

let ctx: TestContext;
type Member = Awaited<ReturnType<typeof createMember>>;
let club: { id: number; nom: string };
let u17: { id: number; nom: string };
let u15: { id: number; nom: string };
let seniors: { id: number; nom: string };
let parent: Member;
let childA: Member;
let childB: Member;
let otherChild: Member;
let player: Member;
let injured: Member;
let boss: Member;
let pending: Member;
let loner: Member;
const m: Record<string, { id: number; eventId: number }> = {};

function actorOf(member: Member, extra: Partial<Actor> = {}): Actor {
  // The spec's single role over the given teams (hats.ts `hatsFromRole`).
  const single = hatsFromRole(member.role, extra.teamIds ?? []);
  return {
    id: member.id,
    clubId: club.id,
    role: member.role as Actor['role'],
    roleClub: single.roleClub,
    teamRoles: single.equipes,
    statut: member.statut,
    email: member.email,
    nom: member.nom,
    prenom: member.prenom,
    clubNom: club.nom,
    teams: [],
    teamIds: [],
    primaryTeam: null,
    childIds: [],
    childTeamIds: [],
    sessionId: 'test',
    ...extra,
  };
}

const homeOf = (actor: Actor): Promise<TDashboardHome> =>
  createDashboardService({ db: ctx.app.db, now: () => NOW }).home(actor);

beforeAll(async () => {
  ctx = await buildTestApp();
  const db = ctx.app.db;
  club = await createClub(db, { nom: 'FC Accueil', timezone: 'Europe/Paris' });
  u17 = await createTeam(db, club.id, { nom: 'U17' });
  u15 = await createTeam(db, club.id, { nom: 'U15' });
  seniors = await createTeam(db, club.id, { nom: 'Seniors' });
  boss = await createMember(db, club.id, { role: 'DIRIGEANT', nom: 'Chef', prenom: 'Alice' });
  parent = await createMember(db, club.id, { role: 'PARENT', nom: 'Nicolas', prenom: 'Chloé' });
  childA = await createMember(db, club.id, { nom: 'Nicolas', prenom: 'Léa', teamId: u17.id });
  childB = await createMember(db, club.id, { nom: 'Nicolas', prenom: 'Hugo', teamId: u15.id });
  await setMemberTeams(db, club.id, childA.id, [u17.id]);
  await setMemberTeams(db, club.id, childB.id, [u15.id]);
  await linkGuardian(db, club.id, parent.id, childA.id);
  await linkGuardian(db, club.id, parent.id, childB.id);
  otherChild = await createMember(db, club.id, { nom: 'Autre', prenom: 'Zoé', teamId: u17.id });
  await setMemberTeams(db, club.id, otherChild.id, [u17.id]);
  player = await createMember(db, club.id, { nom: 'Joueur', prenom: 'Paul', teamId: seniors.id });
  injured = await createMember(db, club.id, {
    nom: 'Blessé',
    prenom: 'Bruno',
    statut: 'Blessé',
    teamId: seniors.id,
  });
  await setMemberTeams(db, club.id, player.id, [seniors.id]);
  await setMemberTeams(db, club.id, injured.id, [seniors.id]);
  pending = await createMember(db, club.id, {
    role: 'ENTRAINEUR',
    nom: 'Attente',
    prenom: 'Inès',
    password: null,
  });
  loner = await createMember(db, club.id, { nom: 'Seul', prenom: 'Marc' });

  const match = async (
    key: string,
    teamId: number,
    day: string,
    extra: Parameters<typeof createMatch>[2] extends infer O ? Partial<O> : never = {},
  ) => {
    const { match: row, event } = await createMatch(db, club.id, {
      homeTeamId: teamId,
      opponentName: `Adversaire ${key}`,
      dateDebut: `${day} 15:00:00`,
      dateFin: `${day} 17:00:00`,
      ...extra,
    });
    m[key] = { id: row.id, eventId: event.id };
    return row;
  };
  // U17's next match (meeting 14:00), its selection published; then a later one.
  await match('u17next', u17.id, '2031-05-12', {
    rendezVous: '2031-05-12 14:00:00',
    lieuRendezVous: 'Parking du stade',
  });
  await createConvocation(db, club.id, m.u17next!.id, childA.id, {
    selectionPublished: 'REMPLACANT',
  });
  await createConvocation(db, club.id, m.u17next!.id, otherChild.id, {
    selectionPublished: 'SELECTIONNE',
    statutPresence: 'DISPONIBLE',
  });
  await db
    .update(matches)
    .set({ selectionPublishedAt: new Date('2031-05-09T08:00:00Z') })
    .where(eq(matches.id, m.u17next!.id));
  await match('u17later', u17.id, '2031-05-20');
  await createConvocation(db, club.id, m.u17later!.id, childA.id);
  // U15: a cancelled match first (not next, nothing to answer), then the next one.
  await match('u15cancelled', u15.id, '2031-05-11', { cancelled: true });
  await createConvocation(db, club.id, m.u15cancelled!.id, childB.id);
  await match('u15next', u15.id, '2031-05-13');
  await createConvocation(db, club.id, m.u15next!.id, childB.id);
  // Seniors: played without a score, played with a score, and an upcoming one.
  await match('played', seniors.id, '2031-05-03');
  await createConvocation(db, club.id, m.played!.id, player.id);
  await match('scored', seniors.id, '2031-05-04', { scoreDomicile: 2, scoreExterieur: 1 });
  await match('seniorsNext', seniors.id, '2031-05-14');
  await createConvocation(db, club.id, m.seniorsNext!.id, player.id);
  await createConvocation(db, club.id, m.seniorsNext!.id, injured.id);
  // Beyond the leaders' 14 days: not among the non-responders (still the player's to answer).
  await match('farAway', u15.id, '2031-06-20');
  await createConvocation(db, club.id, m.farAway!.id, loner.id);
  // Events of the week: a U17 training today, a club meeting for every team, a Seniors training.
  await createEvent(db, club.id, {
    nom: 'Entraînement U17',
    dateDebut: '2031-05-10 18:00:00',
    dateFin: '2031-05-10 19:30:00',
    teamIds: [u17.id],
  });
  await createEvent(db, club.id, {
    nom: 'Assemblée générale',
    type: 'REUNION',
    dateDebut: '2031-05-15 19:00:00',
    dateFin: '2031-05-15 21:00:00',
  });
  await createEvent(db, club.id, {
    nom: 'Entraînement Seniors',
    dateDebut: '2031-05-10 20:00:00',
    dateFin: '2031-05-10 22:00:00',
    teamIds: [seniors.id],
  });
  // Another club: nothing of it may show.
  const other = await createClub(db, { nom: 'FC Ailleurs' });
  const otherTeam = await createTeam(db, other.id, { nom: 'U17' });
  await createMember(db, other.id, { nom: 'Ailleurs', prenom: 'Non', password: null });
  await createMember(db, other.id, { nom: 'Ailleurs', prenom: 'Sans' });
  await createMatch(db, other.id, {
    homeTeamId: otherTeam.id,
    opponentName: 'X',
    dateDebut: '2031-05-02 15:00:00',
    dateFin: '2031-05-02 17:00:00',
  });
});
afterAll(async () => {
  await ctx?.close();
});

const parentActor = () =>
  actorOf(parent, { childIds: [childA.id, childB.id], childTeamIds: [u17.id, u15.id] });

describe('[dashboard home] a parent of two children in two teams', () => {
  it('lists each child’s unanswered convocations, soonest first, never another family’s', async () => {
    const home = await homeOf(parentActor());
    expect(home.aRepondre.map((r) => [r.matchId, r.joueur.prenom])).toEqual([
      [m.u17next!.id, 'Léa'],
      [m.u15next!.id, 'Hugo'],
      [m.u17later!.id, 'Léa'],
    ]);
    const first = home.aRepondre[0]!;
    expect(first).toMatchObject({
      evenementId: m.u17next!.eventId,
      type: 'MATCH',
      dateDebut: '2031-05-12T15:00:00',
      lieux: 'Stade municipal',
      equipe: { id: u17.id, nom: 'U17' },
      adversaire: 'Adversaire u17next',
      domicile: true,
      rendezVous: '2031-05-12T14:00:00',
      joueur: { id: childA.id, prenom: 'Léa' },
      soi: false,
      modifiable: true,
    });
    expect(home.club).toBeNull();
  });

  it('gives each team’s next match (not the cancelled one) with its published selection', async () => {
    const home = await homeOf(parentActor());
    expect(home.prochainsMatchs.map((x) => [x.equipe.nom, x.matchId])).toEqual([
      ['U17', m.u17next!.id],
      ['U15', m.u15next!.id],
    ]);
    const [u17Next, u15Next] = home.prochainsMatchs;
    expect(u17Next).toMatchObject({
      rendezVous: '2031-05-12T14:00:00',
      lieuRendezVous: 'Parking du stade',
      adversaire: 'Adversaire u17next',
    });
    expect(u17Next!.selection).toEqual([
      { id: otherChild.id, nom: 'Autre', prenom: 'Zoé', selection: 'SELECTIONNE' },
      { id: childA.id, nom: 'Nicolas', prenom: 'Léa', selection: 'REMPLACANT' },
    ]);
    // Not published yet: no selection.
    expect(u15Next!.selection).toBeNull();
  });

  it('the week: the children’s teams and the club’s events for every team, 7 days ahead', async () => {
    const home = await homeOf(parentActor());
    // The cancelled match stays in the agenda, as in the calendar; the 20th is past the week.
    expect(home.semaine.map((e) => e.id)).toEqual([
      home.semaine[0]!.id,
      m.u15cancelled!.eventId,
      m.u17next!.eventId,
      m.u15next!.eventId,
      home.semaine[4]!.id,
    ]);
    expect(home.semaine.map((e) => e.nom)).toEqual([
      'Entraînement U17',
      'Match',
      'Match',
      'Match',
      'Assemblée générale',
    ]);
  });
});

describe('[dashboard home] the missing answers of the next matches', () => {
  it('a coach of two teams reads each next match’s count of missing answers, the injured not counted', async () => {
    const coach = await createMember(ctx.app.db, club.id, {
      role: 'ENTRAINEUR',
      nom: 'Coach',
      prenom: 'Rémi',
    });
    const home = await homeOf(actorOf(coach, { teamIds: [u17.id, seniors.id] }));
    expect(home.prochainsMatchs.map((x) => [x.matchId, x.sansReponse])).toEqual([
      // Léa has not answered, Zoé has.
      [m.u17next!.id, 1],
      // Paul has not answered; Bruno is injured (decision 0108).
      [m.seniorsNext!.id, 1],
    ]);
  });

  it('a next match with nobody awaited reads 0', async () => {
    const coach = await createMember(ctx.app.db, club.id, {
      role: 'ENTRAINEUR',
      nom: 'Coach',
      prenom: 'Anne',
    });
    // A team with its next match and no player awaited.
    const vets = await createTeam(ctx.app.db, club.id, { nom: 'Vétérans' });
    const { match: row } = await createMatch(ctx.app.db, club.id, {
      homeTeamId: vets.id,
      opponentName: 'Anciens',
      dateDebut: '2031-05-16 15:00:00',
      dateFin: '2031-05-16 17:00:00',
    });
    const home = await homeOf(actorOf(coach, { teamIds: [vets.id] }));
    expect(home.prochainsMatchs.map((x) => [x.matchId, x.sansReponse])).toEqual([[row.id, 0]]);
  });

  it('players and parents do not get the count', async () => {
    const asParent = await homeOf(parentActor());
    expect(asParent.prochainsMatchs.length).toBeGreaterThan(0);
    for (const x of asParent.prochainsMatchs) expect(x).not.toHaveProperty('sansReponse');
    const asPlayer = await homeOf(actorOf(player, { teamIds: [seniors.id] }));
    expect(asPlayer.prochainsMatchs.length).toBeGreaterThan(0);
    for (const x of asPlayer.prochainsMatchs) expect(x).not.toHaveProperty('sansReponse');
  });
});

describe('[dashboard home] a player', () => {
  it('sees their own convocation (soi), not the match already played', async () => {
    const home = await homeOf(actorOf(player, { teamIds: [seniors.id] }));
    expect(home.aRepondre.map((r) => [r.matchId, r.soi, r.modifiable])).toEqual([
      [m.seniorsNext!.id, true, true],
    ]);
    expect(home.prochainsMatchs.map((x) => x.matchId)).toEqual([m.seniorsNext!.id]);
    expect(home.semaine.map((e) => e.nom)).toEqual([
      'Entraînement Seniors',
      'Match',
      'Assemblée générale',
    ]);
    expect(home.club).toBeNull();
  });

  it('a player who is not ACTIF sees the convocation but may not answer it (spec §4)', async () => {
    const home = await homeOf(actorOf(injured, { teamIds: [seniors.id] }));
    expect(home.aRepondre.map((r) => [r.matchId, r.modifiable])).toEqual([
      [m.seniorsNext!.id, false],
    ]);
  });
});

describe('[dashboard home] a leader sees the club as a whole', () => {
  it('today, matches without a score, non-responders, unactivated accounts, players without team', async () => {
    const home = await homeOf(actorOf(boss));
    const c = home.club!;
    expect(c.aujourdhui.map((e) => e.nom)).toEqual(['Entraînement U17', 'Entraînement Seniors']);
    expect(c.matchsSansScore.total).toBe(1);
    expect(c.matchsSansScore.liste).toEqual([
      expect.objectContaining({
        matchId: m.played!.id,
        equipe: { id: seniors.id, nom: 'Seniors' },
        adversaire: 'Adversaire played',
      }),
    ]);
    expect(c.sansReponse.liste.map((x) => [x.matchId, x.sansReponse, x.convoques])).toEqual([
      [m.u17next!.id, 1, 2],
      [m.u15next!.id, 1, 1],
      // Bruno is injured: convoked, not awaited (decision 0108)
      [m.seniorsNext!.id, 1, 2],
      [m.u17later!.id, 1, 1],
    ]);
    expect(c.sansReponse.total).toBe(4);
    expect(c.sansReponse.liste.map((x) => x.matchId)).not.toContain(m.farAway!.id);
    expect(c.comptesNonActives).toEqual({
      total: 1,
      liste: [{ id: pending.id, nom: 'Attente', prenom: 'Inès' }],
    });
    expect(c.joueursSansEquipe).toEqual({
      total: 1,
      liste: [{ id: loner.id, nom: 'Seul', prenom: 'Marc' }],
    });
    // A leader in no team and convoked nowhere has nothing of their own to answer.
    expect(home.aRepondre).toEqual([]);
  });
});

describe('[dashboard home] over HTTP, answered through the convocation endpoint', () => {
  it('an answer given for one child leaves the other child’s convocation', async () => {
    const asParent = await signIn(ctx.app, parent);
    const before = (await asParent.send(api.dashboard.home)).body;
    expect(before.aRepondre.map((r) => r.joueur.prenom)).toEqual(['Léa', 'Hugo', 'Léa']);
    const res = await asParent.send(api.matches.answerConvocations, {
      params: { id: m.u17next!.id },
      body: { items: [{ joueurId: childA.id, statutPresence: 'DISPONIBLE', justification: null }] },
    });
    expect(res.status).toBe(200);
    const after = (await asParent.send(api.dashboard.home)).body;
    expect(after.aRepondre.map((r) => [r.matchId, r.joueur.prenom])).toEqual([
      [m.u15next!.id, 'Hugo'],
      [m.u17later!.id, 'Léa'],
    ]);
    expect(after.club).toBeNull();
  });

  it('a leader’s answer carries the club part; anonymous is refused', async () => {
    const asBoss = await signIn(ctx.app, boss);
    const res = await asBoss.send(api.dashboard.home);
    expect(res.status).toBe(200);
    expect(res.body.club).not.toBeNull();
    const anonymous = await new TestClient(ctx.app).send(api.dashboard.home);
    expect(anonymous.status).toBe(401);
    expect(anonymous.error.message).toBeTruthy();
    expect(() => anonymous.body).toThrow(/GET \/api\/dashboard\/accueil → 401 \(2xx attendu\)/);
  });
});
