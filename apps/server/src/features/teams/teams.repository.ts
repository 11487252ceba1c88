import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { members, teamMemberships, teams } from '../../db/schema.ts';

export type TeamRow = typeof teams.$inferSelect;

/** The only Drizzle queries of the teams feature; every one is filtered by the club id. */
export const teamsRepository = {
  async listByClub(db: DbOrTx, clubId: number): Promise<TeamRow[]> {
    return db
      .select()
      .from(teams)
      .where(eq(teams.clubId, clubId))
      .orderBy(asc(sql`lower(${teams.nom})`), asc(teams.id));
  },

  async findById(db: DbOrTx, clubId: number, id: number, lock = false) {
    const q = db
      .select()
      .from(teams)
      .where(and(eq(teams.clubId, clubId), eq(teams.id, id)));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },

  async nameTaken(db: DbOrTx, clubId: number, nom: string, exceptId?: number) {
    const [row] = await db
      .select({ id: teams.id })
      .from(teams)
      .where(
        and(
          eq(teams.clubId, clubId),
          sql`lower(${teams.nom}) = lower(${nom})`,
          exceptId === undefined ? undefined : ne(teams.id, exceptId),
        ),
      )
      .limit(1);
    return !!row;
  },

  async byCategoryDivision(
    db: DbOrTx,
    clubId: number,
    categorie: string,
    division: string,
    excludeId?: number,
  ) {
    return db
      .select()
      .from(teams)
      .where(
        and(
          eq(teams.clubId, clubId),
          sql`lower(${teams.categorie}) = lower(${categorie})`,
          sql`lower(${teams.division}) = lower(${division})`,
          excludeId === undefined ? undefined : ne(teams.id, excludeId),
        ),
      )
      .orderBy(asc(sql`lower(${teams.nom})`), asc(teams.id));
  },

  async insert(db: DbOrTx, values: typeof teams.$inferInsert) {
    const [row] = await db.insert(teams).values(values).returning();
    return row!;
  },

  async update(
    db: DbOrTx,
    clubId: number,
    id: number,
    values: { nom: string; categorie: string; division: string; presentParDefaut?: boolean },
  ) {
    const [row] = await db
      .update(teams)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(teams.clubId, clubId), eq(teams.id, id)))
      .returning();
    return row;
  },

  async countMembers(db: DbOrTx, clubId: number, teamId: number) {
    const [row] = await db
      .select({ n: count() })
      .from(teamMemberships)
      .where(and(eq(teamMemberships.clubId, clubId), eq(teamMemberships.teamId, teamId)));
    return Number(row?.n ?? 0);
  },

  /**
   * The team's members stay in the club: a member whose primary team it was gets their next team
   * as primary, or none; the memberships go with the team (foreign keys).
   */
  async delete(db: DbOrTx, clubId: number, id: number) {
    await db
      .update(members)
      .set({
        teamId: sql`(
          select tm.team_id from ${teamMemberships} tm
          where tm.member_id = ${members.id} and tm.team_id <> ${id}
          order by tm.created_at, tm.team_id limit 1
        )`,
        updatedAt: new Date(),
      })
      .where(and(eq(members.clubId, clubId), eq(members.teamId, id)));
    await db.delete(teams).where(and(eq(teams.clubId, clubId), eq(teams.id, id)));
  },
};
