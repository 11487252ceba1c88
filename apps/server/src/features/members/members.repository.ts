import { and, asc, count, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { members, teams } from '../../db/schema.ts';

/** The only Drizzle queries of the members feature; every one is filtered by the club id. */

const memberColumns = {
  id: members.id,
  clubId: members.clubId,
  teamId: members.teamId,
  nom: members.nom,
  prenom: members.prenom,
  dateNaissance: members.dateNaissance,
  genre: members.genre,
  email: members.email,
  telephone: members.telephone,
  numeroLicence: members.numeroLicence,
  role: members.role,
  statut: members.statut,
  taille: members.taille,
  poids: members.poids,
  numero: members.numero,
  poste: members.poste,
  avatarUrl: members.avatarUrl,
  activated: sql<boolean>`(${members.passwordHash} is not null)`.as('activated'),
  teamNom: teams.nom,
};
export type MemberRow = {
  id: number;
  clubId: number;
  teamId: number | null;
  nom: string;
  prenom: string;
  dateNaissance: string | null;
  genre: string | null;
  email: string;
  telephone: string | null;
  numeroLicence: string | null;
  role: string;
  statut: string;
  taille: number | null;
  poids: number | null;
  numero: number | null;
  poste: string | null;
  avatarUrl: string | null;
  activated: boolean;
  teamNom: string | null;
};

export interface MemberFilters {
  teamId?: number;
  nom?: string;
  prenom?: string;
  email?: string;
  role?: string;
  dateNaissance?: string;
  nomEquipe?: string;
}

/** Escapes LIKE wildcards so that a user's '%' or '_' matches itself. */
const likePattern = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** Accent- and case-insensitive "contains". */
const fuzzy = (column: SQL | typeof members.nom, value: string) =>
  sql`unaccent(${column}::text) ilike unaccent(${likePattern(value)})`;

function whereFor(clubId: number, f: MemberFilters): SQL {
  const conditions: SQL[] = [eq(members.clubId, clubId)];
  if (f.teamId !== undefined) conditions.push(eq(members.teamId, f.teamId));
  if (f.nom) conditions.push(fuzzy(sql`${members.nom}`, f.nom));
  if (f.prenom) conditions.push(fuzzy(sql`${members.prenom}`, f.prenom));
  if (f.email) conditions.push(sql`${members.email}::text ilike ${likePattern(f.email)}`);
  if (f.role) conditions.push(sql`upper(${members.role}) = ${f.role.toUpperCase()}`);
  if (f.dateNaissance) conditions.push(eq(members.dateNaissance, f.dateNaissance));
  if (f.nomEquipe) conditions.push(fuzzy(sql`${teams.nom}`, f.nomEquipe));
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
      db
        .select({ n: count() })
        .from(members)
        .leftJoin(teams, and(eq(teams.id, members.teamId), eq(teams.clubId, clubId)))
        .where(where),
    ]);
    return { rows, total: Number(totalRow?.n ?? 0) };
  },

  async findById(db: DbOrTx, clubId: number, id: number): Promise<MemberRow | undefined> {
    const [row] = await db
      .select(memberColumns)
      .from(members)
      .leftJoin(teams, eq(teams.id, members.teamId))
      .where(and(eq(members.clubId, clubId), eq(members.id, id)))
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
      .where(and(eq(members.clubId, clubId), sql`upper(${members.role}) = 'DIRIGEANT'`))
      .for('update');
    return rows.length;
  },

  async emailTaken(db: DbOrTx, email: string, exceptId?: number): Promise<boolean> {
    const [row] = await db
      .select({ id: members.id })
      .from(members)
      .where(
        exceptId === undefined
          ? eq(members.email, email)
          : and(eq(members.email, email), ne(members.id, exceptId)),
      )
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

  async findTeamById(db: DbOrTx, clubId: number, id: number) {
    const [row] = await db
      .select({ id: teams.id, nom: teams.nom })
      .from(teams)
      .where(and(eq(teams.clubId, clubId), eq(teams.id, id)))
      .limit(1);
    return row;
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

  async delete(db: DbOrTx, clubId: number, id: number): Promise<void> {
    await db.delete(members).where(and(eq(members.clubId, clubId), eq(members.id, id)));
  },
};
