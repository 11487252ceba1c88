import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { convocations, matches, members, teamMemberships } from '../../db/schema.ts';

/** The only Drizzle queries of the matches feature; every one is filtered by the club id. */
export const matchesRepository = {
  async findByEvent(db: DbOrTx, clubId: number, eventId: number) {
    const [row] = await db
      .select()
      .from(matches)
      .where(and(eq(matches.clubId, clubId), eq(matches.eventId, eventId)))
      .limit(1);
    return row;
  },

  async insert(db: DbOrTx, values: typeof matches.$inferInsert) {
    const [row] = await db.insert(matches).values(values).returning();
    return row!;
  },

  async updateSides(
    db: DbOrTx,
    clubId: number,
    id: number,
    sides: { homeTeamId: number; awayTeamId: number | null; opponentName: string | null },
  ) {
    await db
      .update(matches)
      .set({ ...sides, updatedAt: new Date() })
      .where(and(eq(matches.clubId, clubId), eq(matches.id, id)));
  },

  async deleteByEvent(db: DbOrTx, clubId: number, eventId: number) {
    await db.delete(matches).where(and(eq(matches.clubId, clubId), eq(matches.eventId, eventId)));
  },

  /** Convokes every JOUEUR of the team (any membership) not convoked yet; returns how many rows. */
  async convokeTeamPlayers(db: DbOrTx, clubId: number, matchId: number, teamId: number) {
    const result = await db.execute(sql`
      insert into ${convocations} (club_id, match_id, member_id)
      select ${clubId}, ${matchId}, m.id
      from ${teamMemberships} tm join ${members} m on m.id = tm.member_id
      where tm.club_id = ${clubId} and tm.team_id = ${teamId} and upper(m.role) = 'JOUEUR'
      on conflict do nothing
      returning id`);
    return (result as unknown as { rows: unknown[] }).rows.length;
  },
};
