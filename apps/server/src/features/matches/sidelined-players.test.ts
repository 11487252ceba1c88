import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type TConvocation } from '@club/contract';
import {
  createClub,
  createConvocation,
  createMatch,
  createMember,
  createTeam,
} from '../../db/factories.ts';
import { clubLocalDateTime } from '../../lib/club-time.ts';
import { buildTestApp, signIn, type TestClient, type TestContext } from '../../test/helper.ts';

/**
 * Injured, ill and suspended players on match day
 * (docs/decisions/0108-injured-and-suspended-players-on-match-day.md): the coach sees their
 * status in the convocation list, they are not awaited (« sans réponse »), they cannot be
 * selected, and the team's coach records the status.
 */
let ctx: TestContext;
type Member = Awaited<ReturnType<typeof createMember>>;
let club: Awaited<ReturnType<typeof createClub>>;
let t1: { id: number };
let t2: { id: number };
let coach: Member;
let otherCoach: Member;
let leader: Member;
let alice: Member;
let lucas: Member;
let sam: Member;
let nina: Member;
let parent: Member;
let matchId: number;
let asCoach: TestClient;
let asOtherCoach: TestClient;
let asLeader: TestClient;
let asAlice: TestClient;
let asParent: TestClient;

/** The club's wall clock `days` from now at 15:00, as stored ('YYYY-MM-DD HH:mm:ss'). */
const inDays = (days: number, hour = 15) =>
  `${clubLocalDateTime(club.timezone, new Date(Date.now() + days * 86_400_000)).slice(0, 10)} ${String(hour).padStart(2, '0')}:00:00`;

beforeAll(async () => {
  ctx = await buildTestApp();
  const db = ctx.app.db;
  club = await createClub(db, { timezone: 'Europe/Paris' });
  t1 = await createTeam(db, club.id, { nom: 'Seniors A' });
  t2 = await createTeam(db, club.id, { nom: 'U17' });
  coach = await createMember(db, club.id, { role: 'ENTRAINEUR', teamId: t1.id, prenom: 'Carla' });
  otherCoach = await createMember(db, club.id, { role: 'ENTRAINEUR', teamId: t2.id });
  leader = await createMember(db, club.id, { role: 'DIRIGEANT' });
  alice = await createMember(db, club.id, { teamId: t1.id, prenom: 'Alice', nom: 'Durand' });
  lucas = await createMember(db, club.id, {
    teamId: t1.id,
    prenom: 'Lucas',
    nom: 'Martin',
    statut: 'Blessé',
  });
  sam = await createMember(db, club.id, {
    teamId: t1.id,
    prenom: 'Sam',
    nom: 'Roux',
    statut: 'Suspendu',
  });
  nina = await createMember(db, club.id, { teamId: t1.id, prenom: 'Nina', nom: 'Blanc' });
  parent = await createMember(db, club.id, { role: 'PARENT', teamId: t1.id });
  const { match } = await createMatch(db, club.id, {
    homeTeamId: t1.id,
    opponentName: 'FC Voisin',
    dateDebut: inDays(3),
    dateFin: inDays(3, 17),
  });
  matchId = match.id;
  for (const m of [alice, lucas, sam, nina]) await createConvocation(db, club.id, matchId, m.id);
  asCoach = await signIn(ctx.app, coach);
  asOtherCoach = await signIn(ctx.app, otherCoach);
  asLeader = await signIn(ctx.app, leader);
  asAlice = await signIn(ctx.app, alice);
  asParent = await signIn(ctx.app, parent);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const rows = async (client: TestClient) => {
  const res = await client.send(api.matches.convocations, { params: { id: matchId } });
  expect(res.status, res.text).toBe(200);
  return res.body;
};
const rowOf = (list: TConvocation[], who: { id: number }) =>
  list.find((r) => r.joueur.id === who.id)!;
const sansReponse = async (client: TestClient) => {
  const res = await client.send(api.matches.get, { params: { id: matchId } });
  expect(res.status, res.text).toBe(200);
  return res.body.reponses?.sansReponse;
};
const setStatut = (client: TestClient, who: { id: number }, statut: string) =>
  client.send(api.members.update, { params: { id: who.id }, body: { statut } });

describe('[match day] injured, ill and suspended players (decision 0108)', () => {
  it('the coach reads each player’s status in the convocation list; other families do not', async () => {
    const list = await rows(asCoach);
    expect(rowOf(list, lucas).statutJoueur).toBe('Blessé');
    expect(rowOf(list, sam).statutJoueur).toBe('Suspendu');
    expect(rowOf(list, alice).statutJoueur).toBe('Actif');
    // Health data (privacy.ts): a teammate reads their own status only.
    const mates = await rows(asAlice);
    expect(rowOf(mates, alice).statutJoueur).toBe('Actif');
    expect(rowOf(mates, lucas)).not.toHaveProperty('statutJoueur');
    expect(rowOf(await rows(asParent), lucas)).not.toHaveProperty('statutJoueur');
  });

  it('an injured or suspended player without answer is not counted « sans réponse »', async () => {
    // Alice and Nina are awaited; Lucas (Blessé) and Sam (Suspendu) are not.
    expect(await sansReponse(asCoach)).toBe(2);
    // The leaders' home page counts the same way.
    const home = await asLeader.send(api.dashboard.home);
    expect(home.status, home.text).toBe(200);
    const awaiting = home.body.club!.sansReponse.liste.find((m) => m.matchId === matchId);
    expect(awaiting?.sansReponse).toBe(2);
  });

  it('selecting an injured player is refused with 422 naming the player and the status', async () => {
    const res = await asCoach.send(api.matches.selection, {
      params: { id: matchId },
      body: {
        joueurs: [
          { membreId: alice.id, selection: 'SELECTIONNE' },
          { membreId: lucas.id, selection: 'SELECTIONNE' },
        ],
      },
    });
    expect(res.status).toBe(422);
    expect(res.error.message).toBe(
      'Lucas Martin est blessé(e) : il (elle) ne peut pas être sélectionné(e) ni remplaçant(e).',
    );
    const suspended = await asCoach.send(api.matches.selection, {
      params: { id: matchId },
      body: {
        joueurs: [{ membreId: sam.id, selection: 'REMPLACANT' }],
      },
    });
    expect(suspended.status).toBe(422);
    expect(suspended.error.message).toMatch(/^Sam Roux est suspendu\(e\) : /);
    // Nothing was written: Alice is not selected.
    expect(rowOf(await rows(asCoach), alice).selection).toBeNull();
    // "Not kept" stays possible for them.
    const notKept = await asCoach.send(api.matches.selection, {
      params: { id: matchId },
      body: {
        joueurs: [{ membreId: lucas.id, selection: 'NON_RETENU' }],
      },
    });
    expect(notKept.status, notKept.text).toBe(200);
  });

  it('the team’s coach records a player’s injury, illness and return; another team’s coach, a player or a parent may not', async () => {
    expect((await setStatut(asOtherCoach, nina, 'Blessé')).status).toBe(403);
    expect((await setStatut(asAlice, nina, 'Blessé')).status).toBe(403);
    expect((await setStatut(asParent, nina, 'Blessé')).status).toBe(403);
    // nor their own (a coach is not injured by their own hand: leaders only, spec §6)
    expect((await setStatut(asAlice, alice, 'Blessé')).status).toBe(403);
    expect((await setStatut(asCoach, coach, 'Blessé')).status).toBe(403);

    const injured = await setStatut(asCoach, nina, 'Blessé');
    expect(injured.status, injured.text).toBe(200);
    expect(rowOf(await rows(asCoach), nina).statutJoueur).toBe('Blessé');
    expect(await sansReponse(asCoach)).toBe(1);

    const ill = await setStatut(asCoach, nina, 'Malade');
    expect(ill.status, ill.text).toBe(200);
    expect(rowOf(await rows(asCoach), nina).statutJoueur).toBe('Malade');
    const refused = await asCoach.send(api.matches.selection, {
      params: { id: matchId },
      body: {
        joueurs: [{ membreId: nina.id, selection: 'SELECTIONNE' }],
      },
    });
    expect(refused.status).toBe(422);
    expect(refused.error.message).toMatch(/^Nina Blanc est malade : /);

    const back = await setStatut(asCoach, nina, 'Actif');
    expect(back.status, back.text).toBe(200);
    expect(await sansReponse(asCoach)).toBe(2);
    const selected = await asCoach.send(api.matches.selection, {
      params: { id: matchId },
      body: {
        joueurs: [{ membreId: nina.id, selection: 'SELECTIONNE' }],
      },
    });
    expect(selected.status, selected.text).toBe(200);
  });
});
