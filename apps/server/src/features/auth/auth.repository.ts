import { and, eq, gt, inArray, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { normalizeClubRole, normalizeRole, type TChildTeams } from '@club/contract';
import { memberTeamsJson } from '../../db/fragments.ts';
import type { Actor } from '../../authz/index.ts';
import { clubs, members, oneTimeTokens, sessions, teams } from '../../db/schema.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';

export type TokenPurpose = 'password_reset' | 'invitation';

/**
 * An account's address. Only a member with an address can activate an account; a child without
 * e-mail (decision 0111) reads '' here and is never mailed from this feature (the invitation
 * service checks it).
 */
const accountEmail = () => sql<string>`coalesce(${members.email}::text, '')`;

const memberColumns = {
  id: members.id,
  clubId: members.clubId,
  teamId: members.teamId,
  role: members.role,
  statut: members.statut,
  // A member without e-mail (a child, decision 0111) has no account: '' there, never mailed.
  email: accountEmail(),
  nom: members.nom,
  prenom: members.prenom,
  passwordHash: members.passwordHash,
  activatedAt: members.activatedAt,
  clubNom: clubs.nom,
  teamNom: teams.nom,
};
export type MemberAccount = Awaited<ReturnType<typeof findAccount>> & object;

/** The only Drizzle queries of the auth feature. */

/** The one member matching `where`, with their club's and primary team's names, or null. */
async function findAccount(db: DbOrTx, where: SQL | undefined) {
  const [row] = await db
    .select(memberColumns)
    .from(members)
    .innerJoin(clubs, eq(clubs.id, members.clubId))
    .leftJoin(teams, eq(teams.id, members.teamId))
    .where(where)
    .limit(1);
  return row ?? null;
}

/**
 * The member row an e-mail signs in with: of an account in several clubs (docs/decisions/0112),
 * the row of the club used last (its newest session), else the first; a row with a password
 * before a row still waiting for its invitation.
 */
export async function findMemberByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select(memberColumns)
    .from(members)
    .innerJoin(clubs, eq(clubs.id, members.clubId))
    .leftJoin(teams, eq(teams.id, members.teamId))
    .where(eq(members.email, email))
    .orderBy(
      sql`${members.passwordHash} is null`,
      sql`(select max(s.created_at) from sessions s where s.member_id = ${members.id}) desc nulls last`,
      members.id,
    )
    .limit(1);
  return row ?? null;
}

/**
 * The rows of an account (docs/decisions/0112): the member rows of one e-mail that have a
 * password (they share it: a row gets it only as the account's), each with its club.
 */
export async function accountRows(db: DbOrTx, email: string) {
  if (!email) return [];
  return db
    .select({
      idClub: members.clubId,
      nomClub: clubs.nom,
      idMembre: members.id,
      role: members.role,
      passwordHash: members.passwordHash,
    })
    .from(members)
    .innerJoin(clubs, eq(clubs.id, members.clubId))
    .where(and(eq(members.email, email), isNotNull(members.passwordHash), isNull(members.erasedAt)))
    .orderBy(clubs.nom, members.id);
}

/** The ids of an account's rows, as SQL: the member's own and those sharing its e-mail and password. */
const accountMemberIds = (memberId: number) => sql`(
  select o.id from members o join members m on m.id = ${memberId}
  where o.id = m.id or (o.email = m.email and o.password_hash is not null))`;

export async function findMemberById(db: DbOrTx, id: number) {
  return findAccount(db, eq(members.id, id));
}

/** A member of one club (tenant filter), or null. */
export async function findClubMember(db: DbOrTx, clubId: number, id: number) {
  return findAccount(db, and(eq(members.id, id), eq(members.clubId, clubId)));
}

export async function setPasswordHash(
  db: DbOrTx,
  memberId: number,
  passwordHash: string,
  opts: { changed: boolean },
) {
  await db
    .update(members)
    .set({
      passwordHash,
      ...(opts.changed
        ? {
            passwordChangedAt: new Date(),
            activatedAt: sql`coalesce(${members.activatedAt}, now())`,
            updatedAt: new Date(),
          }
        : {}),
    })
    // One password for the account's rows in every club (docs/decisions/0112).
    .where(inArray(members.id, accountMemberIds(memberId)));
}

/** The member as the rules see it: club, teams, children and children's teams. */
const actorColumns = () => ({
  id: members.id,
  clubId: members.clubId,
  teamId: members.teamId,
  role: members.role,
  roleClub: members.clubRole,
  statut: members.statut,
  email: accountEmail(),
  nom: members.nom,
  prenom: members.prenom,
  clubNom: clubs.nom,
  teams: memberTeamsJson(),
  // Each child with their teams (the navigation's child switcher); childIds and childTeamIds are
  // derived from it (`withChildren`).
  children: sql<TChildTeams[]>`coalesce((
      select json_agg(json_build_object(
               'id', c.id, 'nom', c.nom, 'prenom', c.prenom,
               'equipes', coalesce((
                 select json_agg(json_build_object('id', t.id, 'nom', t.nom)
                                 order by (t.id = c.team_id) desc nulls last, lower(t.nom), t.id)
                 from team_memberships tm join teams t on t.id = tm.team_id
                 where tm.member_id = c.id and tm.club_id = c.club_id
               ), '[]'::json))
             order by lower(c.prenom), c.id)
      from guardians g join members c on c.id = g.child_id and c.club_id = g.club_id
      where g.parent_id = ${members.id} and g.club_id = ${members.clubId}
    ), '[]'::json)`,
});

/** The children's ids and the ids of their teams, as the permission tables read them. */
function withChildren(children: readonly TChildTeams[]) {
  return {
    childIds: children.map((c) => c.id).sort((a, b) => a - b),
    childTeamIds: [...new Set(children.flatMap((c) => c.equipes.map((t) => t.id)))],
  };
}

/** The query below, prepared once per database handle (drizzle `.prepare()`, decision 0030). */
const preparedActorQueries = new WeakMap<object, ReturnType<typeof prepareActorQuery>>();
function prepareActorQuery(db: DbOrTx) {
  return db
    .select(actorColumns())
    .from(sessions)
    .innerJoin(members, eq(members.id, sessions.memberId))
    .innerJoin(clubs, eq(clubs.id, members.clubId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        eq(sessions.memberId, sql.placeholder('memberId')),
        isNull(sessions.revokedAt),
        gt(sessions.absoluteExpiresAt, sql`now()`),
      ),
    )
    .limit(1)
    .prepare('find_actor');
}

/**
 * The signed-in scope's one query per request: the session (unrevoked, within its absolute
 * lifetime) of that member, the member, its club, teams, children and children's teams.
 */
export async function findActor(
  db: DbOrTx,
  sessionId: string,
  memberId: number,
): Promise<Actor | null> {
  if (!Number.isSafeInteger(memberId) || !/^[0-9a-f-]{36}$/i.test(sessionId)) return null;
  let query = preparedActorQueries.get(db);
  if (!query) preparedActorQueries.set(db, (query = prepareActorQuery(db)));
  const [row] = await query.execute({ sessionId, memberId });
  const role = row ? normalizeRole(row.role) : null;
  if (!row || !role) return null;
  const { teamId, ...rest } = row;
  return {
    ...rest,
    ...withChildren(row.children),
    role,
    roleClub: normalizeClubRole(row.roleClub),
    teamRoles: row.teams.map((t) => ({ id: t.id, role: t.role })),
    teamIds: row.teams.map((t) => t.id),
    primaryTeam: row.teams.find((t) => t.id === teamId) ?? null,
    sessionId,
  };
}

// ── sessions (one row per refresh token; rows of one login share a family) ──

export async function findSessionByTokenHash(db: DbOrTx, tokenHash: string) {
  const [row] = await db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash)).limit(1);
  return row ?? null;
}

export async function findSessionById(db: DbOrTx, id: string) {
  const [row] = await db.select().from(sessions).where(eq(sessions.id, id)).limit(1);
  return row ?? null;
}

/** The row that replaced `tokenHash` at its rotation. */
export async function findSuccessor(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select()
    .from(sessions)
    .where(eq(sessions.previousTokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

/** Marks a row rotated, only if nobody rotated it first; false when it lost the race. */
export async function markRotated(db: DbOrTx, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ rotatedAt: now, lastUsedAt: now })
    .where(and(eq(sessions.id, id), isNull(sessions.rotatedAt), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length === 1;
}

export async function insertRotatedSession(
  db: DbOrTx,
  values: {
    memberId: number;
    clubId: number;
    familyId: string;
    tokenHash: string;
    previousTokenHash: string;
    deviceFingerprint: string | null;
    userAgent: string | null;
    expiresAt: Date;
    absoluteExpiresAt: Date;
  },
) {
  const [row] = await db.insert(sessions).values(values).returning({ id: sessions.id });
  return row!.id;
}

export async function revokeFamily(db: DbOrTx, familyId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.familyId, familyId), isNull(sessions.revokedAt)));
}

/** Revokes every session of a member, except one family (the caller's own) when given. */
export async function revokeMemberSessions(db: DbOrTx, memberId: number, exceptFamilyId?: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        // Every club of the account (docs/decisions/0112).
        inArray(sessions.memberId, accountMemberIds(memberId)),
        isNull(sessions.revokedAt),
        exceptFamilyId ? ne(sessions.familyId, exceptFamilyId) : undefined,
      ),
    );
}

// ── one-time tokens (password reset, invitation) ──

/** Voids every unused token of that purpose for the member (a newer one replaces them). */
export async function voidTokens(db: DbOrTx, memberId: number, purpose: TokenPurpose) {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(oneTimeTokens.memberId, memberId),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
      ),
    );
}

export async function insertToken(
  db: DbOrTx,
  values: {
    memberId: number;
    clubId: number;
    purpose: TokenPurpose;
    tokenHash: string;
    expiresAt: Date;
  },
) {
  await db.insert(oneTimeTokens).values(values);
}

/**
 * A new one-time token of `purpose` for the member, in one transaction with the voiding of their
 * unused ones: only its hash is stored; the token itself is returned, for the mail's link.
 */
export async function issueToken(
  db: Db,
  member: { id: number; clubId: number },
  purpose: TokenPurpose,
  ttlMs: number,
): Promise<string> {
  const token = randomToken();
  await db.transaction(async (tx) => {
    await voidTokens(tx, member.id, purpose);
    await insertToken(tx, {
      memberId: member.id,
      clubId: member.clubId,
      purpose,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + ttlMs),
    });
  });
  return token;
}

/** An unused, unexpired token of that purpose, with its member's e-mail. */
export async function findValidToken(db: DbOrTx, tokenHash: string, purpose: TokenPurpose) {
  const [row] = await db
    .select({ id: oneTimeTokens.id, memberId: oneTimeTokens.memberId })
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.tokenHash, tokenHash),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Marks a token used; false when it was already used (a concurrent request won). */
export async function consumeToken(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(oneTimeTokens.id, id), isNull(oneTimeTokens.usedAt)))
    .returning({ id: oneTimeTokens.id });
  return rows.length === 1;
}

/**
 * A member as an Actor without a session (a secret calendar feed acts on their behalf,
 * decision 0023); null when the member is not of that club. `sessionId` is empty: nothing may
 * revoke it.
 */
export async function findMemberActor(
  db: DbOrTx,
  clubId: number,
  memberId: number,
): Promise<Actor | null> {
  const [row] = await db
    .select(actorColumns())
    .from(members)
    .innerJoin(clubs, eq(clubs.id, members.clubId))
    .where(and(eq(members.id, memberId), eq(members.clubId, clubId)))
    .limit(1);
  const role = row ? normalizeRole(row.role) : null;
  if (!row || !role) return null;
  const { teamId, ...rest } = row;
  return {
    ...rest,
    ...withChildren(row.children),
    role,
    roleClub: normalizeClubRole(row.roleClub),
    teamRoles: row.teams.map((t) => ({ id: t.id, role: t.role })),
    teamIds: row.teams.map((t) => t.id),
    primaryTeam: row.teams.find((t) => t.id === teamId) ?? null,
    sessionId: '',
  };
}
