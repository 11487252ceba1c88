import { and, asc, count, eq, inArray, isNull, notInArray, sql, type SQL } from 'drizzle-orm';
import type { TChildRef, TMemberTeam, TTeamHat } from '@club/contract';
import type { DbOrTx } from '../../db/client.ts';
import { memberTeamsJson } from '../../db/fragments.ts';
import { memberFieldColumns } from '../../db/member-columns.ts';
import { guardians, members, oneTimeTokens, teamMemberships, teams } from '../../db/schema.ts';

/** The only Drizzle queries of the members feature; every one is filtered by the club id. */

/** A member an import creates (no password: invited after the commit). */
export interface NewMember {
  club_id: number;
  team_id: number | null;
  nom: string;
  prenom: string;
  date_naissance: string | null;
  genre: string | null;
  email: string | null;
  telephone: string | null;
  numero_licence: string | null;
  role: string;
  statut: string;
  taille: number | null;
  poids: number | null;
  numero: number | null;
  poste: string | null;
}

/** A child as the member row carries it: the reference, and the child's teams for the rule. */
export type ChildRow = TChildRef & { teamIds: number[] };

/**
 * The member's children as JSON [{id, nom, prenom, teamIds}] (empty for a member without any);
 * `teamIds` is for the rule of who sees which child (privacy.ts `visibleChildren`), never answered.
 */
const childrenJson = sql<ChildRow[]>`coalesce((
  select json_agg(json_build_object('id', c.id, 'nom', c.nom, 'prenom', c.prenom,
                    'teamIds', array(select tm.team_id from team_memberships tm
                                     where tm.member_id = c.id and tm.club_id = c.club_id
                                     order by tm.team_id))
                  order by lower(c.nom), lower(c.prenom), c.id)
  from guardians g join members c on c.id = g.child_id
  where g.parent_id = ${members.id} and g.club_id = ${members.clubId}
), '[]'::json)`;

/** The member's guardians' ids, ascending. */
const parentIdsArray = sql<number[]>`array(
  select g.parent_id from guardians g
  where g.child_id = ${members.id} and g.club_id = ${members.clubId}
  order by g.parent_id)`;

const memberColumns = {
  ...memberFieldColumns,
  clubId: members.clubId,
  teamId: members.teamId,
  activated: sql<boolean>`(${members.passwordHash} is not null)`.as('activated'),
  teamNom: teams.nom,
  teams: memberTeamsJson(),
  children: childrenJson,
  parentIds: parentIdsArray,
};
export type MemberRow = {
  id: number;
  clubId: number;
  teamId: number | null;
  nom: string;
  prenom: string;
  dateNaissance: string | null;
  genre: string | null;
  email: string | null;
  telephone: string | null;
  numeroLicence: string | null;
  /** The principal hat (the spec's role). */
  role: string;
  /** The club role (hats). */
  roleClub: string | null;
  statut: string;
  taille: number | null;
  poids: number | null;
  numero: number | null;
  poste: string | null;
  avatarUrl: string | null;
  partageCoordonnees: boolean;
  activated: boolean;
  teamNom: string | null;
  /** Every team with the role held in it, the primary one first. */
  teams: TMemberTeam[];
  children: ChildRow[];
  /** The member's guardians. */
  parentIds: number[];
};

export interface MemberFilters {
  /** Members of that team (any of their teams). */
  teamId?: number;
  nom?: string;
  prenom?: string;
  email?: string;
  role?: string;
  dateNaissance?: string;
  /** Accent- and case-insensitive part of the name of any of the member's teams. */
  nomEquipe?: string;
  /** Born within these years (inclusive; null = open): an age category of the season. */
  birthYears?: { from: number | null; to: number | null };
  /** Members of no team who hold no club role (leaders are club-level). */
  noTeam?: boolean;
}

/** Escapes LIKE wildcards so that a user's '%' or '_' matches itself. */
const likePattern = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/**
 * Accent- and case-insensitive "contains". f_unaccent() is the IMMUTABLE wrapper of unaccent() of
 * migration 0005, so that the trigram indexes on members' names serve this search.
 */
const fuzzy = (column: SQL, value: string) =>
  sql`f_unaccent(${column}::text) ilike f_unaccent(${likePattern(value)})`;

/** Members of the club, without the anonymised rows of deleted accounts. */
const liveMember = (clubId: number) => and(eq(members.clubId, clubId), isNull(members.erasedAt))!;

function whereFor(clubId: number, f: MemberFilters): SQL {
  const conditions: SQL[] = [liveMember(clubId)];
  if (f.teamId !== undefined)
    conditions.push(
      sql`exists (select 1 from ${teamMemberships} tm
                  where tm.member_id = ${members.id} and tm.team_id = ${f.teamId})`,
    );
  if (f.nom) conditions.push(fuzzy(sql`${members.nom}`, f.nom));
  if (f.prenom) conditions.push(fuzzy(sql`${members.prenom}`, f.prenom));
  if (f.email) conditions.push(sql`${members.email}::text ilike ${likePattern(f.email)}`);
  if (f.role) {
    // A hat of that role (docs/architecture.md §7): in the listed team when there is one, else
    // anywhere in the club; the principal role counts too (a member without any hat).
    const role = f.role.toUpperCase();
    const team = f.teamId !== undefined ? sql`and tm.team_id = ${f.teamId}` : sql``;
    conditions.push(sql`(
      exists (select 1 from ${teamMemberships} tm
              where tm.club_id = ${clubId} and tm.member_id = ${members.id} ${team}
                and coalesce(tm.role, ${members.clubRole}) = ${role})
      ${f.teamId === undefined ? sql`or ${members.role} = ${role} or ${members.clubRole} = ${role}` : sql``}
      ${
        role === 'PARENT' && f.teamId === undefined
          ? sql`or exists (select 1 from ${guardians} g where g.club_id = ${clubId} and g.parent_id = ${members.id})`
          : sql``
      })`);
  }
  if (f.dateNaissance) conditions.push(eq(members.dateNaissance, f.dateNaissance));
  if (f.nomEquipe)
    conditions.push(
      sql`exists (select 1 from ${teamMemberships} tm join ${teams} t on t.id = tm.team_id
                  where tm.member_id = ${members.id} and ${fuzzy(sql`t.nom`, f.nomEquipe)})`,
    );
  if (f.birthYears) {
    // A category without a birth date is unknown: such members never match.
    conditions.push(sql`${members.dateNaissance} is not null`);
    if (f.birthYears.from !== null)
      conditions.push(sql`${members.dateNaissance} >= ${`${f.birthYears.from}-01-01`}::date`);
    if (f.birthYears.to !== null)
      conditions.push(sql`${members.dateNaissance} <= ${`${f.birthYears.to}-12-31`}::date`);
  }
  // « Sans équipe »: the members who belong in a team and have none; a leader (club role) is
  // club-level, not waiting for a team (docs/decisions/0070-member-import-export.md).
  if (f.noTeam)
    conditions.push(
      isNull(members.clubRole),
      sql`not exists (select 1 from ${teamMemberships} tm
                      where tm.club_id = ${clubId} and tm.member_id = ${members.id})`,
    );
  return and(...conditions)!;
}

export const membersRepository = {
  async list(
    db: DbOrTx,
    clubId: number,
    filters: MemberFilters,
    paging?: { page: number; size: number },
  ): Promise<{ rows: MemberRow[]; total: number }> {
    const where = whereFor(clubId, filters);
    const query = db
      .select(memberColumns)
      .from(members)
      .leftJoin(teams, and(eq(teams.id, members.teamId), eq(teams.clubId, clubId)))
      .where(where)
      .orderBy(
        asc(sql`lower(unaccent(${members.nom}))`),
        asc(sql`lower(unaccent(${members.prenom}))`),
        asc(members.id),
      );
    if (!paging) {
      const rows = await query;
      return { rows, total: rows.length };
    }
    const [rows, [totalRow]] = await Promise.all([
      query.limit(paging.size).offset(paging.page * paging.size),
      db.select({ n: count() }).from(members).where(where),
    ]);
    return { rows, total: Number(totalRow?.n ?? 0) };
  },

  async findById(db: DbOrTx, clubId: number, id: number): Promise<MemberRow | undefined> {
    const [row] = await db
      .select(memberColumns)
      .from(members)
      .leftJoin(teams, eq(teams.id, members.teamId))
      .where(and(liveMember(clubId), eq(members.id, id)))
      .limit(1);
    return row;
  },

  /** Locks the member row for the rest of the transaction. */
  async lockById(db: DbOrTx, clubId: number, id: number) {
    const [row] = await db
      .select({ id: members.id })
      .from(members)
      .where(and(eq(members.clubId, clubId), eq(members.id, id)))
      .for('update');
    return row;
  },

  /** Locks every DIRIGEANT row of the club and returns how many there are. */
  async lockManagers(db: DbOrTx, clubId: number): Promise<number> {
    const rows = await db
      .select({ id: members.id })
      .from(members)
      .where(and(liveMember(clubId), sql`upper(${members.role}) = 'DIRIGEANT'`))
      .for('update');
    return rows.length;
  },

  /** Whether a member of the club has this e-mail (unique per club, docs/decisions/0112). */
  async emailTaken(db: DbOrTx, email: string, clubId: number): Promise<boolean> {
    const [row] = await db
      .select({ id: members.id })
      .from(members)
      .where(and(eq(members.clubId, clubId), eq(members.email, email)))
      .limit(1);
    return !!row;
  },

  async findTeamByName(db: DbOrTx, clubId: number, nom: string) {
    const [row] = await db
      .select({ id: teams.id, nom: teams.nom })
      .from(teams)
      .where(and(eq(teams.clubId, clubId), sql`lower(${teams.nom}) = lower(${nom})`))
      .limit(1);
    return row;
  },

  /** The club's teams (an import finds them by name). */
  async clubTeams(db: DbOrTx, clubId: number) {
    return db.select({ id: teams.id, nom: teams.nom }).from(teams).where(eq(teams.clubId, clubId));
  },

  async findTeamById(db: DbOrTx, clubId: number, id: number) {
    const [row] = await db
      .select({ id: teams.id, nom: teams.nom })
      .from(teams)
      .where(and(eq(teams.clubId, clubId), eq(teams.id, id)))
      .limit(1);
    return row;
  },

  /** The ids among `ids` that are teams of the club. */
  async existingTeamIds(db: DbOrTx, clubId: number, ids: readonly number[]): Promise<number[]> {
    if (!ids.length) return [];
    const rows = await db
      .select({ id: teams.id })
      .from(teams)
      .where(and(eq(teams.clubId, clubId), inArray(teams.id, [...ids])));
    return rows.map((r) => r.id);
  },

  /** The ids among `ids` that are members of the club. */
  async existingMemberIds(db: DbOrTx, clubId: number, ids: readonly number[]): Promise<number[]> {
    if (!ids.length) return [];
    const rows = await db
      .select({ id: members.id })
      .from(members)
      .where(and(liveMember(clubId), inArray(members.id, [...ids])));
    return rows.map((r) => r.id);
  },

  async insert(db: DbOrTx, values: typeof members.$inferInsert): Promise<number> {
    const [row] = await db.insert(members).values(values).returning({ id: members.id });
    return row!.id;
  },

  async update(
    db: DbOrTx,
    clubId: number,
    id: number,
    values: Partial<typeof members.$inferInsert>,
  ): Promise<void> {
    await db
      .update(members)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(members.clubId, clubId), eq(members.id, id)));
  },

  /**
   * The member's teams become exactly `teams` with their roles, the first one primary
   * (members.team_id). A bare id keeps the role of a team the member is already in (a new one
   * takes the member's team role: migration 0015).
   */
  async setTeams(
    db: DbOrTx,
    clubId: number,
    memberId: number,
    teamList: readonly (number | TTeamHat)[],
  ) {
    const hats = teamList.map((t) => (typeof t === 'number' ? { id: t } : t));
    const teamIds = hats.map((t) => t.id);
    await db
      .delete(teamMemberships)
      .where(
        and(
          eq(teamMemberships.clubId, clubId),
          eq(teamMemberships.memberId, memberId),
          teamIds.length ? notInArray(teamMemberships.teamId, [...teamIds]) : undefined,
        ),
      );
    const bare = hats.filter((t) => !('role' in t));
    const withRole = hats.filter((t): t is TTeamHat => 'role' in t);
    if (bare.length)
      await db
        .insert(teamMemberships)
        .values(bare.map((t) => ({ clubId, teamId: t.id, memberId })))
        .onConflictDoNothing();
    if (withRole.length)
      await db
        .insert(teamMemberships)
        .values(withRole.map((t) => ({ clubId, teamId: t.id, memberId, role: t.role })))
        .onConflictDoUpdate({
          target: [teamMemberships.teamId, teamMemberships.memberId],
          set: { role: sql`excluded.role` },
          setWhere: sql`${teamMemberships.role} is distinct from excluded.role`,
        });
    await db
      .update(members)
      .set({ teamId: teamIds[0] ?? null, updatedAt: new Date() })
      .where(and(eq(members.clubId, clubId), eq(members.id, memberId)));
  },

  /** The child's guardians become exactly `parentIds`. */
  async setParents(db: DbOrTx, clubId: number, childId: number, parentIds: readonly number[]) {
    await db
      .delete(guardians)
      .where(
        and(
          eq(guardians.clubId, clubId),
          eq(guardians.childId, childId),
          parentIds.length ? notInArray(guardians.parentId, [...parentIds]) : undefined,
        ),
      );
    if (parentIds.length)
      await db
        .insert(guardians)
        .values(parentIds.map((parentId) => ({ clubId, parentId, childId })))
        .onConflictDoNothing();
  },

  /** The members among `ids` with their birth dates (guardians must be adults). */
  async birthDates(db: DbOrTx, clubId: number, ids: readonly number[]) {
    if (!ids.length) return [];
    return db
      .select({ id: members.id, dateNaissance: members.dateNaissance })
      .from(members)
      .where(and(liveMember(clubId), inArray(members.id, [...ids])));
  },

  /** The guardian's children become exactly `childIds`. */
  async setChildren(db: DbOrTx, clubId: number, parentId: number, childIds: readonly number[]) {
    await db
      .delete(guardians)
      .where(
        and(
          eq(guardians.clubId, clubId),
          eq(guardians.parentId, parentId),
          childIds.length ? notInArray(guardians.childId, [...childIds]) : undefined,
        ),
      );
    if (childIds.length)
      await db
        .insert(guardians)
        .values(childIds.map((childId) => ({ clubId, parentId, childId })))
        .onConflictDoNothing();
  },

  /**
   * Inserts many members (an import) and answers their ids by e-mail. The rows travel as ONE JSON
   * parameter per thousand members (json_to_recordset), not thousands of bound parameters: a
   * tenth of the driver's work and memory for a season's file.
   */
  async insertMany(db: DbOrTx, rows: readonly NewMember[]): Promise<Map<string, number>> {
    const ids = new Map<string, number>();
    const CHUNK = 1000;
    for (let i = 0; i < rows.length; i += CHUNK) {
      const json = JSON.stringify(rows.slice(i, i + CHUNK));
      const result = await db.execute(sql`
        insert into ${members} (club_id, team_id, nom, prenom, date_naissance, genre, email,
                                telephone, numero_licence, role, statut, taille, poids, numero, poste)
        select r.club_id, r.team_id, r.nom, r.prenom, r.date_naissance, r.genre, r.email,
               r.telephone, r.numero_licence, r.role, r.statut, r.taille, r.poids, r.numero, r.poste
        from json_to_recordset(${json}::json) as r(
          club_id int, team_id int, nom text, prenom text, date_naissance date, genre text,
          email text, telephone text, numero_licence text, role text, statut text,
          taille smallint, poids smallint, numero smallint, poste text)
        returning id, email`);
      for (const r of (result as unknown as { rows: { id: number; email: string }[] }).rows)
        ids.set(r.email.toLowerCase(), r.id);
    }
    return ids;
  },

  /** Memberships beyond the primary team (the insert trigger writes that one). */
  async addMemberships(
    db: DbOrTx,
    clubId: number,
    rows: readonly { memberId: number; teamId: number }[],
  ): Promise<void> {
    const CHUNK = 1000;
    for (let i = 0; i < rows.length; i += CHUNK)
      await db
        .insert(teamMemberships)
        .values(rows.slice(i, i + CHUNK).map((r) => ({ clubId, ...r })))
        .onConflictDoNothing();
  },

  /**
   * Which of `emails` a member of any club already has. The e-mail is unique across the
   * application while the request's club-scoped transaction sees its own club only: the
   * SECURITY DEFINER function of the `season_onboarding` migration answers (docs/decisions/0070-member-import-export.md).
   */
  async emailsInUse(db: DbOrTx, emails: readonly string[]): Promise<Set<string>> {
    if (!emails.length) return new Set();
    const list = JSON.stringify(emails);
    const result = await db.execute(
      sql`select member_emails_in_use(array(select jsonb_array_elements_text(${list}::jsonb))) as email`,
    );
    return new Set(
      (result as unknown as { rows: { email: string }[] }).rows.map((r) => r.email.toLowerCase()),
    );
  },

  /**
   * Among `ids`, the club's members still to invite: not activated, and with no invitation issued
   * since `since` (a retried invitation job does not mail twice).
   */
  async pendingInvitees(
    db: DbOrTx,
    clubId: number,
    ids: readonly number[],
    since: Date,
  ): Promise<number[]> {
    if (!ids.length) return [];
    const rows = await db
      .select({ id: members.id })
      .from(members)
      .where(
        and(
          eq(members.clubId, clubId),
          inArray(members.id, [...ids]),
          sql`${members.passwordHash} is null`,
          sql`not exists (select 1 from ${oneTimeTokens} t
                          where t.member_id = ${members.id} and t.club_id = ${clubId}
                            and t.purpose = 'invitation' and t.created_at >= ${since.toISOString()}::timestamptz)`,
        ),
      )
      .orderBy(asc(members.id));
    return rows.map((r) => r.id);
  },

  /** Locks every member row of the club (an import writes against a stable club). */
  async lockClubMembers(db: DbOrTx, clubId: number): Promise<void> {
    await db.execute(sql`select 1 from ${members} where ${members.clubId} = ${clubId} for update`);
  },

  async delete(db: DbOrTx, clubId: number, id: number): Promise<void> {
    await db.delete(members).where(and(eq(members.clubId, clubId), eq(members.id, id)));
  },
};
