import { and, eq, notInArray } from 'drizzle-orm';
import type { ClubRole, Role, TeamRole } from '@club/contract';
import type { DbOrTx } from './client.ts';
import {
  clubs,
  convocations,
  eventTeams,
  events,
  guardians,
  matches,
  members,
  payments,
  sports,
  teamMemberships,
  teams,
} from './schema.ts';
import { hashPassword } from '../lib/password-hash.ts';

/** The French names of generated people (demo seed, bulk load, benches), one copy. */
export * from './sample-names.ts';

/** Data factories with overrides, shared by the tests, the demo seed and the e2e fixtures. */
let seq = 0;
const next = () => `${Date.now().toString(36)}${(++seq).toString(36)}`;

export const DEFAULT_TEST_PASSWORD = 'Motdepasse-Solide-42';

export async function sportId(db: DbOrTx, nom = 'Football'): Promise<number> {
  const [row] = await db.select({ id: sports.id }).from(sports).where(eq(sports.nom, nom));
  if (row) return row.id;
  const [created] = await db
    .insert(sports)
    .values({ nom })
    .onConflictDoNothing()
    .returning({ id: sports.id });
  return created ? created.id : sportId(db, nom);
}

export async function createClub(
  db: DbOrTx,
  overrides: Partial<typeof clubs.$inferInsert> & { sport?: string } = {},
) {
  const { sport, ...rest } = overrides;
  const [club] = await db
    .insert(clubs)
    .values({
      nom: `Club ${next()}`,
      sportId: await sportId(db, sport ?? 'Football'),
      ville: 'Nantes',
      pays: 'France',
      ...rest,
    })
    .returning();
  return club!;
}

export async function createTeam(
  db: DbOrTx,
  clubId: number,
  overrides: Partial<typeof teams.$inferInsert> = {},
) {
  const [team] = await db
    .insert(teams)
    .values({
      clubId,
      nom: `Équipe ${next()}`,
      categorie: 'Senior',
      division: 'Régional 1',
      ...overrides,
    })
    .returning();
  return team!;
}

const passwordHashes = new Map<string, Promise<string>>();
/** Hashing is slow on purpose; factories reuse one hash per distinct password. */
function cachedHash(password: string) {
  let h = passwordHashes.get(password);
  if (!h) passwordHashes.set(password, (h = hashPassword(password)));
  return h;
}

export async function createMember(
  db: DbOrTx,
  clubId: number,
  overrides: Partial<typeof members.$inferInsert> & { role?: Role; password?: string | null } = {},
) {
  const { password = DEFAULT_TEST_PASSWORD, ...rest } = overrides;
  const n = next();
  const [member] = await db
    .insert(members)
    .values({
      clubId,
      nom: 'Martin',
      prenom: 'Camille',
      email: `membre.${n}@example.org`,
      role: 'JOUEUR',
      statut: 'Actif',
      genre: 'Femme',
      dateNaissance: '2000-01-15',
      telephone: '0600000000',
      passwordHash: password ? await cachedHash(password) : null,
      activatedAt: password ? new Date() : null,
      ...rest,
    })
    .returning();
  // The factory always gives an address unless `email: null` is asked for (a child without
  // e-mail, decision 0111): tests read it as a string.
  return member! as typeof members.$inferSelect & { email: string };
}

/** The member's teams become exactly `teamIds`, the first one primary (members.team_id). */
export async function setMemberTeams(
  db: DbOrTx,
  clubId: number,
  memberId: number,
  teamIds: number[],
) {
  await db
    .delete(teamMemberships)
    .where(
      and(
        eq(teamMemberships.memberId, memberId),
        teamIds.length ? notInArray(teamMemberships.teamId, teamIds) : undefined,
      ),
    );
  if (teamIds.length)
    await db
      .insert(teamMemberships)
      .values(teamIds.map((teamId) => ({ clubId, teamId, memberId })))
      .onConflictDoNothing();
  await db
    .update(members)
    .set({ teamId: teamIds[0] ?? null })
    .where(eq(members.id, memberId));
}

/**
 * The member's hats (docs/architecture.md §7) become exactly these: the club role and each team
 * with the role held in it, the first team primary.
 */
export async function setMemberHats(
  db: DbOrTx,
  clubId: number,
  memberId: number,
  hats: { roleClub?: ClubRole | null; teams: readonly { id: number; role: TeamRole | null }[] },
) {
  if (hats.roleClub !== undefined)
    await db.update(members).set({ clubRole: hats.roleClub }).where(eq(members.id, memberId));
  await db.delete(teamMemberships).where(eq(teamMemberships.memberId, memberId));
  if (hats.teams.length)
    await db
      .insert(teamMemberships)
      .values(hats.teams.map((t) => ({ clubId, teamId: t.id, memberId, role: t.role })));
  await db
    .update(members)
    .set({ teamId: hats.teams[0]?.id ?? null })
    .where(eq(members.id, memberId));
}

/** Links a guardian (any adult) to a child (guardians). */
export async function linkGuardian(db: DbOrTx, clubId: number, parentId: number, childId: number) {
  await db.insert(guardians).values({ clubId, parentId, childId }).onConflictDoNothing();
}

export async function createEvent(
  db: DbOrTx,
  clubId: number,
  overrides: Partial<typeof events.$inferInsert> & { teamIds?: number[] } = {},
) {
  const { teamIds = [], ...rest } = overrides;
  const [event] = await db
    .insert(events)
    .values({
      clubId,
      nom: 'Entraînement',
      type: 'ENTRAINEMENT',
      dateDebut: '2026-01-10 18:00:00',
      dateFin: '2026-01-10 20:00:00',
      lieux: 'Gymnase',
      ...rest,
    })
    .returning();
  if (teamIds.length)
    await db
      .insert(eventTeams)
      .values(teamIds.map((teamId) => ({ eventId: event!.id, teamId, clubId })));
  return event!;
}

export async function createMatch(
  db: DbOrTx,
  clubId: number,
  overrides: {
    homeTeamId: number;
    awayTeamId?: number | null;
    opponentName?: string | null;
    dateDebut?: string;
    dateFin?: string;
    lieux?: string;
    /** Meeting time (club wall clock, before dateDebut) and place. */
    rendezVous?: string | null;
    lieuRendezVous?: string | null;
    /** Whether the base team plays at home (the default) or away. */
    domicile?: boolean;
    scoreDomicile?: number | null;
    scoreExterieur?: number | null;
    cancelled?: boolean;
  },
) {
  const teamIds = [overrides.homeTeamId, ...(overrides.awayTeamId ? [overrides.awayTeamId] : [])];
  const event = await createEvent(db, clubId, {
    nom: 'Match',
    type: 'MATCH',
    dateDebut: overrides.dateDebut ?? '2026-01-11 15:00:00',
    dateFin: overrides.dateFin ?? '2026-01-11 17:00:00',
    lieux: overrides.lieux ?? 'Stade municipal',
    rendezVous: overrides.rendezVous ?? null,
    lieuRendezVous: overrides.lieuRendezVous ?? null,
    teamIds,
  });
  const [match] = await db
    .insert(matches)
    .values({
      clubId,
      eventId: event.id,
      homeTeamId: overrides.homeTeamId,
      awayTeamId: overrides.awayTeamId ?? null,
      opponentName: overrides.opponentName ?? null,
      domicile: overrides.domicile ?? true,
      scoreDomicile: overrides.scoreDomicile ?? null,
      scoreExterieur: overrides.scoreExterieur ?? null,
      cancelled: overrides.cancelled ?? false,
    })
    .returning();
  return { event, match: match! };
}

export async function createConvocation(
  db: DbOrTx,
  clubId: number,
  matchId: number,
  memberId: number,
  overrides: Partial<typeof convocations.$inferInsert> = {},
) {
  const [row] = await db
    .insert(convocations)
    .values({ clubId, matchId, memberId, ...overrides })
    .returning();
  return row!;
}

/**
 * A payment of a member's fee (cash by default) in the season that starts in `season` (the current
 * season of a July club when left out).
 */
export async function createPayment(
  db: DbOrTx,
  clubId: number,
  memberId: number,
  overrides: Partial<typeof payments.$inferInsert> = {},
) {
  const now = new Date();
  const season = now.getUTCMonth() >= 6 ? now.getUTCFullYear() : now.getUTCFullYear() - 1;
  const [row] = await db
    .insert(payments)
    .values({
      clubId,
      memberId,
      memberNom: 'Martin',
      memberPrenom: 'Camille',
      season,
      montant: 5000,
      moyen: 'ESPECES',
      date: now.toISOString().slice(0, 10),
      ...overrides,
    })
    .returning();
  return row!;
}
