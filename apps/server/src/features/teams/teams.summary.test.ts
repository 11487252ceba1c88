import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@club/contract';
import {
  createClub,
  createEvent,
  createMatch,
  createMember,
  createTeam,
  setMemberTeams,
} from '../../db/factories.ts';
import { buildTestApp, signIn, type TestClient, type TestContext } from '../../test/helper.ts';
import { manualClock } from '../../lib/clock.ts';

/** The team cards' facts (GET /api/equipes/club/{clubId}/resume). */
let ctx: TestContext;
let club: { id: number };
let seniors: { id: number };
let juniors: { id: number };
let asBoss: TestClient;
let asJuniorPlayer: TestClient;
const clock = manualClock();

beforeAll(async () => {
  ctx = await buildTestApp({}, undefined, { clock });
  const db = ctx.app.db;
  club = await createClub(db, { timezone: 'Europe/Paris' });
  seniors = await createTeam(db, club.id, { nom: 'Seniors A' });
  juniors = await createTeam(db, club.id, { nom: 'U17' });
  await createTeam(db, club.id, { nom: 'Vétérans' });
  const boss = await createMember(db, club.id, { role: 'DIRIGEANT' });
  asBoss = await signIn(ctx.app, boss);
  for (const [prenom, nom] of [
    ['Léa', 'Durand'],
    ['Zoé', 'Bernard'],
  ]) {
    const coach = await createMember(db, club.id, { role: 'ENTRAINEUR', prenom, nom });
    await setMemberTeams(db, club.id, coach.id, [seniors.id]);
  }
  for (let i = 0; i < 3; i++) {
    const p = await createMember(db, club.id, { role: 'JOUEUR', nom: `Joueur${i}` });
    await setMemberTeams(db, club.id, p.id, [seniors.id]);
  }
  const junior = await createMember(db, club.id, { role: 'JOUEUR' });
  await setMemberTeams(db, club.id, junior.id, [juniors.id]);
  asJuniorPlayer = await signIn(ctx.app, junior);

  // Seniors: won 3–1 at home, then lost 0–2 away (the last one counts); a later match without a
  // score and a cancelled one are not results.
  await createMatch(db, club.id, {
    homeTeamId: seniors.id,
    opponentName: 'FC Nord',
    dateDebut: '2026-03-01 15:00:00',
    dateFin: '2026-03-01 17:00:00',
    scoreDomicile: 3,
    scoreExterieur: 1,
  });
  await createMatch(db, club.id, {
    homeTeamId: juniors.id,
    awayTeamId: seniors.id,
    dateDebut: '2026-03-08 15:00:00',
    dateFin: '2026-03-08 17:00:00',
    scoreDomicile: 2,
    scoreExterieur: 0,
  });
  await createMatch(db, club.id, {
    homeTeamId: seniors.id,
    opponentName: 'AS Sud',
    dateDebut: '2026-03-09 15:00:00',
    dateFin: '2026-03-09 17:00:00',
  });
  await createMatch(db, club.id, {
    homeTeamId: seniors.id,
    opponentName: 'Annulé FC',
    dateDebut: '2026-03-10 15:00:00',
    dateFin: '2026-03-10 17:00:00',
    scoreDomicile: 9,
    scoreExterieur: 0,
    cancelled: true,
  });
  // Next events: the club-wide meeting (no team) comes before the seniors' own match.
  await createEvent(db, club.id, {
    nom: 'Assemblée générale',
    type: 'REUNION',
    dateDebut: '2026-03-20 19:00:00',
    dateFin: '2026-03-20 21:00:00',
  });
  await createMatch(db, club.id, {
    homeTeamId: seniors.id,
    opponentName: 'Olympique Est',
    dateDebut: '2026-03-15 15:00:00',
    dateFin: '2026-03-15 17:00:00',
  });
  await createEvent(db, club.id, {
    nom: 'Entraînement U17',
    dateDebut: '2026-03-12 18:00:00',
    dateFin: '2026-03-12 20:00:00',
    teamIds: [juniors.id],
  });
  // Another club's team and match never show.
  const other = await createClub(db);
  const otherTeam = await createTeam(db, other.id, { nom: 'Ailleurs' });
  await createMatch(db, other.id, {
    homeTeamId: otherTeam.id,
    scoreDomicile: 1,
    scoreExterieur: 0,
  });
});
afterEach(() => clock.set(undefined));
afterAll(async () => {
  await ctx?.close();
});

const at = (iso: string) => clock.set(iso);

describe('[teams] team cards: players, coaches, next event, last result', () => {
  it('answers every team of the club with its facts, from the team’s side', async () => {
    at('2026-03-11T12:00:00Z'); // 13:00 in Paris
    const res = await asBoss.send(api.teams.summaries, { params: { clubId: club.id } });
    expect(res.status, res.text).toBe(200);
    const body = res.body;
    expect(body.map((t) => t.idEquipe)).toHaveLength(3);
    const s = body.find((t) => t.idEquipe === seniors.id);
    expect(s).toEqual({
      idEquipe: seniors.id,
      joueurs: 3,
      entraineurs: ['Zoé Bernard', 'Léa Durand'],
      prochainEvenement: {
        id: expect.any(Number),
        nom: 'Match',
        type: 'MATCH',
        dateDebut: '2026-03-15T15:00:00',
        adversaire: 'Olympique Est',
        // the card names the match home side first (decision 0109)
        domicile: true,
      },
      dernierResultat: {
        idMatch: expect.any(Number),
        dateDebut: '2026-03-08T15:00:00',
        adversaire: 'U17',
        scoreEquipe: 0,
        scoreAdversaire: 2,
        resultat: 'D',
      },
    });
    const j = body.find((t) => t.idEquipe === juniors.id);
    expect(j).toMatchObject({
      joueurs: 1,
      entraineurs: [],
      prochainEvenement: { nom: 'Entraînement U17', dateDebut: '2026-03-12T18:00:00' },
      dernierResultat: {
        adversaire: 'Seniors A',
        scoreEquipe: 2,
        scoreAdversaire: 0,
        resultat: 'V',
      },
    });
  });

  it('follows the clock: an event under way is still next, a finished one gives way', async () => {
    at('2026-03-15T14:30:00Z'); // 15:30 in Paris, during the seniors' match (no score yet)
    let s = (await asBoss.send(api.teams.summaries, { params: { clubId: club.id } })).body.find(
      (t) => t.idEquipe === seniors.id,
    )!;
    expect(s.prochainEvenement).toMatchObject({ adversaire: 'Olympique Est' });
    at('2026-03-15T17:00:00Z');
    s = (await asBoss.send(api.teams.summaries, { params: { clubId: club.id } })).body.find(
      (t) => t.idEquipe === seniors.id,
    )!;
    expect(s.prochainEvenement).toMatchObject({ nom: 'Assemblée générale', adversaire: null });
    // Before any match: no result.
    at('2026-02-01T12:00:00Z');
    s = (await asBoss.send(api.teams.summaries, { params: { clubId: club.id } })).body.find(
      (t) => t.idEquipe === seniors.id,
    )!;
    expect(s.dernierResultat).toBeNull();
  });

  it('a player reads only what their rules show: other teams’ members and events stay hidden', async () => {
    at('2026-03-11T12:00:00Z');
    const res = await asJuniorPlayer.send(api.teams.summaries, { params: { clubId: club.id } });
    expect(res.status, res.text).toBe(200);
    const body = res.body;
    const s = body.find((t) => t.idEquipe === seniors.id)!;
    // Not their team: no members; the seniors' own match is not theirs, the club-wide meeting is;
    // the seniors–U17 match is theirs (U17 plays it), the FC Nord one is not.
    expect(s.joueurs).toBeNull();
    expect(s.entraineurs).toBeNull();
    expect(s.prochainEvenement).toMatchObject({ nom: 'Assemblée générale' });
    expect(s.dernierResultat).toMatchObject({ adversaire: 'U17', resultat: 'D' });
    const j = body.find((t) => t.idEquipe === juniors.id)!;
    expect(j.joueurs).toBe(1);
  });

  it('another club’s id answers 404', async () => {
    const other = await createClub(ctx.app.db);
    const res = await asBoss.send(api.teams.summaries, { params: { clubId: other.id } });
    expect(res.status).toBe(404);
  });
});
