import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, urlOf, MATCH_SHEET_MESSAGES, type TMatchActionInput } from '@club/contract';
import {
  createClub,
  createEvent,
  createMember,
  createTeam,
  linkGuardian,
} from '../../db/factories.ts';
import { clubLocalDateTime } from '../../lib/club-time.ts';
import { buildTestApp, signIn, TestClient, type TestContext } from '../../test/helper.ts';
import { matchSync } from './matches.sync.ts';

/**
 * The match sheet, live actions, the score they give and the public live link (decisions
 * 0125–0127), on the real application (PGlite, or PostgreSQL with TEST_DATABASE_URL).
 */
let ctx: TestContext;
type Member = Awaited<ReturnType<typeof createMember>>;
const TZ = 'Europe/Paris';
const MIN = 60_000;
const local = (ms: number) =>
  clubLocalDateTime(TZ, new Date(Date.now() + ms))
    .slice(0, 19)
    .replace('T', ' ');

interface World {
  club: { id: number };
  team: { id: number };
  coach: Member;
  players: Member[];
  asCoach: TestClient;
}

async function world(sport: string): Promise<World> {
  const db = ctx.app.db;
  const club = await createClub(db, { timezone: TZ, sport, nom: `Club ${sport} ${Math.random()}` });
  const team = await createTeam(db, club.id, { nom: 'Seniors' });
  const coach = await createMember(db, club.id, { role: 'ENTRAINEUR', teamId: team.id });
  const players = [];
  for (const prenom of ['Alice', 'Bruno', 'Carl'])
    players.push(await createMember(db, club.id, { teamId: team.id, prenom, nom: 'Durand' }));
  return { club, team, coach, players, asCoach: await signIn(ctx.app, coach) };
}

/** A match of the world's team against an outside opponent, live now unless `when` says. */
async function liveMatch(w: World, when?: { dateDebut: string; dateFin: string }) {
  const event = await createEvent(ctx.app.db, w.club.id, {
    nom: 'Match',
    type: 'MATCH',
    lieux: 'Stade',
    dateDebut: when?.dateDebut ?? local(-30 * MIN),
    dateFin: when?.dateFin ?? local(60 * MIN),
    teamIds: [w.team.id],
  });
  const { matchId } = await ctx.app.db.transaction((tx) =>
    matchSync.upsertForEvent(tx, w.club.id, event.id, {
      homeTeamId: w.team.id,
      awayTeamId: null,
      opponentName: 'FC Voisin',
    }),
  );
  return matchId;
}

const add = (as: TestClient, id: number, body: TMatchActionInput) =>
  as.send(api.matchSheet.addAction, { params: { id }, body });
const direct = async (as: TestClient, id: number) => {
  const res = await as.send(api.matchSheet.live, { params: { id } });
  expect(res.status).toBe(200);
  return res.body;
};

let fb: World;
let fbMatch: number;
let parent: Member;
let otherTeamPlayer: Member;
let otherTeamCoach: Member;
let otherLeader: Member;

beforeAll(async () => {
  ctx = await buildTestApp({ QUIET_HOURS: '' });
  fb = await world('Football');
  fbMatch = await liveMatch(fb);
  const db = ctx.app.db;
  parent = await createMember(db, fb.club.id, { role: 'PARENT', prenom: 'Paule' });
  await linkGuardian(db, fb.club.id, parent.id, fb.players[1]!.id);
  const other = await createTeam(db, fb.club.id, { nom: 'U13' });
  otherTeamPlayer = await createMember(db, fb.club.id, { teamId: other.id });
  otherTeamCoach = await createMember(db, fb.club.id, { role: 'ENTRAINEUR', teamId: other.id });
  const otherClub = await createClub(db, { nom: 'Autre club', timezone: TZ });
  otherLeader = await createMember(db, otherClub.id, { role: 'DIRIGEANT' });
  // The published selection: Alice and Bruno start, Carl on the bench.
  const [alice, bruno, carl] = fb.players;
  const sel = await fb.asCoach.send(api.matches.selection, {
    params: { id: fbMatch },
    body: {
      joueurs: [
        { membreId: alice!.id, selection: 'SELECTIONNE' },
        { membreId: bruno!.id, selection: 'SELECTIONNE' },
        { membreId: carl!.id, selection: 'REMPLACANT' },
      ],
      publier: true,
    },
  });
  expect(sel.status).toBe(200);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

describe('match sheet', () => {
  it('defaults to the published selection, then keeps what the coach saves', async () => {
    const res = await fb.asCoach.send(api.matchSheet.sheet, { params: { id: fbMatch } });
    expect(res.status).toBe(200);
    const sheet = res.body;
    expect(sheet.enregistree).toBe(false);
    expect(sheet.joueurs.map((j) => [j.membre.prenom, j.titulaire])).toEqual([
      ['Alice', true],
      ['Bruno', true],
      ['Carl', false],
    ]);
    const [alice, bruno, carl] = fb.players;
    const put = await fb.asCoach.send(api.matchSheet.updateSheet, {
      params: { id: fbMatch },
      body: {
        joueurs: [
          { membreId: alice!.id, titulaire: true, numero: 9 },
          { membreId: bruno!.id, titulaire: true, numero: 10 },
          { membreId: carl!.id, titulaire: false, numero: 14 },
        ],
      },
    });
    expect(put.status).toBe(200);
    const saved = put.body;
    expect(saved.enregistree).toBe(true);
    expect(saved.joueurs.map((j) => j.numero)).toEqual([9, 10, 14]);
    const dup = await fb.asCoach.send(api.matchSheet.updateSheet, {
      params: { id: fbMatch },
      body: {
        joueurs: [
          { membreId: alice!.id, titulaire: true, numero: 9 },
          { membreId: bruno!.id, titulaire: true, numero: 9 },
        ],
      },
    });
    expect(dup.status).toBe(400);
    expect(dup.error).toMatchObject({ message: MATCH_SHEET_MESSAGES.duplicateNumber });
    const stranger = await fb.asCoach.send(api.matchSheet.updateSheet, {
      params: { id: fbMatch },
      body: { joueurs: [{ membreId: otherTeamPlayer.id, titulaire: true }] },
    });
    expect(stranger.status).toBe(400);
  });
});

describe('live actions and the score', () => {
  it('football: goals both ways, a wrong type for the sport is refused in French', async () => {
    const [alice, bruno] = fb.players;
    expect(
      (await add(fb.asCoach, fbMatch, { minute: 12, type: 'BUT', membreId: alice!.id })).status,
    ).toBe(201);
    expect(
      (await add(fb.asCoach, fbMatch, { minute: 12, type: 'PASSE_DECISIVE', membreId: bruno!.id }))
        .status,
    ).toBe(201);
    expect((await add(fb.asCoach, fbMatch, { minute: 30, type: 'BUT_ADVERSAIRE' })).status).toBe(
      201,
    );
    const wrong = await add(fb.asCoach, fbMatch, {
      minute: 31,
      type: 'ESSAI',
      membreId: alice!.id,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.error).toMatchObject({
      message: "Cette action n'existe pas au football.",
      errors: { type: "Cette action n'existe pas au football." },
    });
    const noPlayer = await add(fb.asCoach, fbMatch, { minute: 31, type: 'BUT' });
    expect(noPlayer.status).toBe(400);
    const notOnSheet = await add(fb.asCoach, fbMatch, {
      minute: 31,
      type: 'BUT',
      membreId: otherTeamPlayer.id,
    });
    expect(notOnSheet.status).toBe(400);
    const badMinute = await fb.asCoach.raw({
      method: 'POST',
      url: urlOf(api.matchSheet.addAction, {
        params: { id: fbMatch },
        body: { minute: 0, type: 'BUT' },
      }),
      payload: { minute: 'vingt', type: 'BUT' },
    });
    expect(badMinute.statusCode).toBe(400);
    const live = await direct(fb.asCoach, fbMatch);
    expect(live.score).toEqual({ domicile: 1, exterieur: 1 });
    expect(live.statut).toBe('EN_COURS');
    expect(live.actions.map((a) => a.type)).toEqual(['BUT', 'PASSE_DECISIVE', 'BUT_ADVERSAIRE']);
  });

  it('the same cle twice stores one action', async () => {
    const [alice] = fb.players;
    const body = { minute: 40, type: 'BUT' as const, membreId: alice!.id, cle: 'hors-ligne-1' };
    const first = await add(fb.asCoach, fbMatch, body);
    const again = await add(fb.asCoach, fbMatch, body);
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    const live = await direct(fb.asCoach, fbMatch);
    expect(live.actions.filter((a) => a.cle === 'hors-ligne-1')).toHaveLength(1);
    expect(live.score).toEqual({ domicile: 2, exterieur: 1 });
  });

  it('deleting an action corrects the score; a typed score that differs is shown, not overwritten', async () => {
    const before = await direct(fb.asCoach, fbMatch);
    const last = before.actions.find((a) => a.cle === 'hors-ligne-1')!;
    const del = await fb.asCoach.send(api.matchSheet.removeAction, {
      params: { id: fbMatch, actionId: last.id },
    });
    expect(del.status).toBe(200);
    expect(del.body.score).toEqual({ domicile: 1, exterieur: 1 });
    const gone = await fb.asCoach.send(api.matchSheet.removeAction, {
      params: { id: fbMatch, actionId: last.id },
    });
    expect(gone.status).toBe(404);
    const typed = await fb.asCoach.send(api.matches.score, {
      params: { id: fbMatch },
      body: { scoreDomicile: 3, scoreExterieur: 1 },
    });
    expect(typed.status).toBe(200);
    const live = await direct(fb.asCoach, fbMatch);
    expect(live.score).toEqual({ domicile: 1, exterieur: 1 });
    expect(live.scoreSaisi).toEqual({ domicile: 3, exterieur: 1 });
    expect(live.ecartScore).toBe(MATCH_SHEET_MESSAGES.scoreMismatch('3 – 1', '1 – 1'));
  });

  it('each action goes out as a match event of the live stream', async () => {
    const { rows } = await ctx.app.database.executeSql(
      `select data from live_events where club_id = $1 and type = 'match'`,
      [fb.club.id],
    );
    const changes = (rows as { data: { matchId: number; changement: string } }[])
      .filter((r) => r.data.matchId === fbMatch)
      .map((r) => r.data.changement);
    expect(changes).toContain('action');
    expect(changes).toContain('feuille');
  });

  it('rugby: essai 5, transformation 2, pénalité 3, drop 3, opponent points', async () => {
    const w = await world('Rugby');
    const id = await liveMatch(w);
    const [a] = w.players;
    await w.asCoach.send(api.matchSheet.updateSheet, {
      params: { id },
      body: { joueurs: w.players.map((p) => ({ membreId: p.id, titulaire: true })) },
    });
    for (const type of ['ESSAI', 'TRANSFORMATION', 'PENALITE', 'DROP'] as const)
      expect((await add(w.asCoach, id, { minute: 5, type, membreId: a!.id })).status).toBe(201);
    expect(
      (await add(w.asCoach, id, { minute: 9, type: 'POINTS_ADVERSAIRE', points: 7 })).status,
    ).toBe(201);
    const noPoints = await add(w.asCoach, id, { minute: 9, type: 'POINTS_ADVERSAIRE' });
    expect(noPoints.status).toBe(400);
    expect(noPoints.error).toMatchObject({ message: MATCH_SHEET_MESSAGES.pointsRequired });
    const wrong = await add(w.asCoach, id, { minute: 9, type: 'BUT', membreId: a!.id });
    expect(wrong.error).toMatchObject({ message: "Cette action n'existe pas au rugby." });
    expect((await direct(w.asCoach, id)).score).toEqual({ domicile: 13, exterieur: 7 });
  });

  it('basketball: 1, 2 and 3 points, opponent points', async () => {
    const w = await world('Basketball');
    const id = await liveMatch(w);
    await w.asCoach.send(api.matchSheet.updateSheet, {
      params: { id },
      body: { joueurs: w.players.map((p) => ({ membreId: p.id, titulaire: true })) },
    });
    const [a, b] = w.players;
    for (const type of ['PANIER_1', 'PANIER_2', 'PANIER_3', 'FAUTE'] as const)
      expect((await add(w.asCoach, id, { minute: 3, type, membreId: b!.id })).status).toBe(201);
    await add(w.asCoach, id, { minute: 4, type: 'PANIER_3', membreId: a!.id });
    await add(w.asCoach, id, { minute: 4, type: 'POINTS_ADVERSAIRE', points: 2 });
    expect((await add(w.asCoach, id, { minute: 4, type: 'BUT_ADVERSAIRE' })).status).toBe(400);
    expect((await direct(w.asCoach, id)).score).toEqual({ domicile: 9, exterieur: 2 });
  });

  it('handball: goals and saves; football types outside the list refused', async () => {
    const w = await world('Handball');
    const id = await liveMatch(w);
    await w.asCoach.send(api.matchSheet.updateSheet, {
      params: { id },
      body: { joueurs: w.players.map((p) => ({ membreId: p.id, titulaire: true })) },
    });
    const [a] = w.players;
    for (const type of ['BUT', 'BUT', 'ARRET', 'EXCLUSION'] as const)
      expect((await add(w.asCoach, id, { minute: 3, type, membreId: a!.id })).status).toBe(201);
    await add(w.asCoach, id, { minute: 4, type: 'BUT_ADVERSAIRE' });
    expect(
      (await add(w.asCoach, id, { minute: 4, type: 'PASSE_DECISIVE', membreId: a!.id })).status,
    ).toBe(400);
    expect((await direct(w.asCoach, id)).score).toEqual({ domicile: 2, exterieur: 1 });
  });

  it('no action before the kick-off', async () => {
    const id = await liveMatch(fb, {
      dateDebut: local(24 * 60 * MIN),
      dateFin: local(26 * 60 * MIN),
    });
    const res = await add(fb.asCoach, id, { minute: 1, type: 'BUT_ADVERSAIRE' });
    expect(res.status).toBe(409);
    expect(res.error).toMatchObject({ message: MATCH_SHEET_MESSAGES.notLive });
  });
});

describe('permissions', () => {
  it('players and parents of the team read; only the coach and leaders write', async () => {
    const asPlayer = await signIn(ctx.app, fb.players[0]!);
    const asParent = await signIn(ctx.app, parent);
    for (const as of [asPlayer, asParent]) {
      expect((await as.send(api.matchSheet.live, { params: { id: fbMatch } })).status).toBe(200);
      expect((await as.send(api.matchSheet.sheet, { params: { id: fbMatch } })).status).toBe(200);
      expect((await add(as, fbMatch, { minute: 50, type: 'BUT_ADVERSAIRE' })).status).toBe(403);
      expect((await as.send(api.matchSheet.share, { params: { id: fbMatch } })).status).toBe(403);
    }
    const leader = await createMember(ctx.app.db, fb.club.id, { role: 'DIRIGEANT' });
    const asLeader = await signIn(ctx.app, leader);
    const byLeader = await add(asLeader, fbMatch, { minute: 50, type: 'BUT_ADVERSAIRE' });
    expect(byLeader.status).toBe(201);
    await asLeader.send(api.matchSheet.removeAction, {
      params: { id: fbMatch, actionId: byLeader.body.id },
    });
  });

  it('another team reads nothing and writes nothing; another club gets 404', async () => {
    const asOtherPlayer = await signIn(ctx.app, otherTeamPlayer);
    const asOtherCoach = await signIn(ctx.app, otherTeamCoach);
    for (const as of [asOtherPlayer, asOtherCoach]) {
      expect((await as.send(api.matchSheet.live, { params: { id: fbMatch } })).status).toBe(403);
      expect((await as.send(api.matchSheet.sheet, { params: { id: fbMatch } })).status).toBe(403);
    }
    expect((await add(asOtherCoach, fbMatch, { minute: 50, type: 'BUT_ADVERSAIRE' })).status).toBe(
      403,
    );
    const asOtherClub = await signIn(ctx.app, otherLeader);
    expect((await asOtherClub.send(api.matchSheet.live, { params: { id: fbMatch } })).status).toBe(
      404,
    );
    expect((await add(asOtherClub, fbMatch, { minute: 50, type: 'BUT_ADVERSAIRE' })).status).toBe(
      404,
    );
    expect((await asOtherClub.send(api.matchSheet.share, { params: { id: fbMatch } })).status).toBe(
      404,
    );
  });
});

describe('public live link', () => {
  it('shows score and actions with first names only, noindex; revocable', async () => {
    const res = await fb.asCoach.send(api.matchSheet.share, { params: { id: fbMatch } });
    expect(res.status).toBe(200);
    const { url } = res.body;
    const jeton = url.split('/direct/')[1]!;
    expect(jeton).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const anonymous = new TestClient(ctx.app);
    const pub = await anonymous.send(api.matchSheet.publicLive, { params: { jeton } });
    expect(pub.status).toBe(200);
    expect(pub.headers['x-robots-tag']).toContain('noindex');
    const body = pub.body;
    expect(body.score).toEqual({ domicile: 1, exterieur: 1 });
    expect(body.actions.map((a) => a.prenom)).toEqual(['Alice', 'Bruno', null]);
    // No id, no last name, no private field anywhere in the answer.
    expect(pub.text).not.toMatch(/"id"|membreId|Durand|email|telephone|dateNaissance/);
    for (const id of fb.players.map((p) => p.id)) expect(pub.text).not.toContain(`:${id},`);
    // A new link revokes the previous one; revoking ends the current one.
    const second = (await fb.asCoach.send(api.matchSheet.share, { params: { id: fbMatch } })).body;
    expect((await anonymous.send(api.matchSheet.publicLive, { params: { jeton } })).status).toBe(
      404,
    );
    const jeton2 = second.url.split('/direct/')[1]!;
    expect(
      (await anonymous.send(api.matchSheet.publicLive, { params: { jeton: jeton2 } })).status,
    ).toBe(200);
    const revoke = await fb.asCoach.send(api.matchSheet.revokeShare, { params: { id: fbMatch } });
    expect(revoke.status).toBe(200);
    expect(
      (await anonymous.send(api.matchSheet.publicLive, { params: { jeton: jeton2 } })).status,
    ).toBe(404);
    const junk = await anonymous.send(api.matchSheet.publicLive, {
      params: { jeton: 'x'.repeat(43) },
    });
    expect(junk.status).toBe(404);
  });
});

describe('playing time in the statistics (decision 0128)', () => {
  it('minutes with substitutions and a red card; goals, assists, cards; the alert; the CSV', async () => {
    const w = await world('Football');
    const id = await liveMatch(w, { dateDebut: local(-200 * MIN), dateFin: local(-110 * MIN) });
    const [alice, bruno, carl] = w.players;
    await w.asCoach.send(api.matchSheet.updateSheet, {
      params: { id },
      body: {
        joueurs: [
          { membreId: alice!.id, titulaire: true },
          { membreId: bruno!.id, titulaire: true },
          { membreId: carl!.id, titulaire: false },
        ],
      },
    });
    const actions: TMatchActionInput[] = [
      { minute: 30, type: 'CARTON_JAUNE', membreId: alice!.id },
      { minute: 60, type: 'SORTIE', membreId: bruno!.id },
      { minute: 75, type: 'ENTREE', membreId: carl!.id },
      { minute: 78, type: 'BUT', membreId: carl!.id },
      { minute: 78, type: 'PASSE_DECISIVE', membreId: alice!.id },
      { minute: 80, type: 'CARTON_ROUGE', membreId: alice!.id },
      { minute: 85, type: 'ENTREE', membreId: alice!.id },
    ];
    for (const body of actions) expect((await add(w.asCoach, id, body)).status).toBe(201);
    const res = await w.asCoach.send(api.statistics.team, { params: { teamId: w.team.id } });
    expect(res.status, res.text).toBe(200);
    const stats = res.body;
    const row = (p: Member) => stats.joueurs.find((j) => j.membre.id === p.id)!;
    const pick = (p: Member) => {
      const r = row(p);
      return [r.minutesJouees, r.partTempsDeJeu, r.buts, r.passes, r.cartons, r.alerteTempsDeJeu];
    };
    expect(pick(alice!)).toEqual([80, 89, 0, 1, 2, false]);
    expect(pick(bruno!)).toEqual([60, 67, 0, 0, 0, false]);
    expect(pick(carl!)).toEqual([15, 17, 1, 0, 0, true]);
    expect(stats.medianeTempsDeJeu).toBe(67);
    // A player sees their own row, without the team's alert.
    const asCarl = await signIn(ctx.app, carl!);
    const own = (await asCarl.send(api.statistics.team, { params: { teamId: w.team.id } })).body;
    expect(own.joueurs.map((j) => [j.minutesJouees, j.alerteTempsDeJeu])).toEqual([[15, null]]);
    const csv = await w.asCoach.call(api.statistics.teamExport, { params: { teamId: w.team.id } });
    expect(csv.statusCode).toBe(200);
    const lines = csv.rawPayload.toString('utf8').slice(1).split('\r\n');
    expect(lines[0]).toMatch(
      /;Buts;Passes décisives;Cartons;Minutes jouées;Part du temps de jeu \(%\);Alerte temps de jeu$/,
    );
    const carlLine = lines.find((l) => l.startsWith('Durand;Carl;'))!;
    expect(carlLine).toMatch(/;1;0;0;15;17;Oui$/);
  });
});
