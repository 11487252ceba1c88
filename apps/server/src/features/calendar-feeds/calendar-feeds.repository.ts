import { and, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { calendarFeeds, clubs, teams } from '../../db/schema.ts';

/** The only Drizzle queries of the calendar feeds; every one is filtered by the club id. */
export const calendarFeedsRepository = {
  async findTeam(db: DbOrTx, clubId: number, teamId: number) {
    const [row] = await db
      .select({ id: teams.id, nom: teams.nom })
      .from(teams)
      .where(and(eq(teams.id, teamId), eq(teams.clubId, clubId)))
      .limit(1);
    return row ?? null;
  },

  /** The member's live feed (the newest, there is at most one) with its team's name. */
  async findLiveOfMember(db: DbOrTx, clubId: number, memberId: number) {
    const [row] = await db
      .select({
        createdAt: calendarFeeds.createdAt,
        matchesOnly: calendarFeeds.matchesOnly,
        teamId: teams.id,
        teamNom: teams.nom,
      })
      .from(calendarFeeds)
      .leftJoin(teams, and(eq(teams.id, calendarFeeds.teamId), eq(teams.clubId, clubId)))
      .where(
        and(
          eq(calendarFeeds.clubId, clubId),
          eq(calendarFeeds.memberId, memberId),
          isNull(calendarFeeds.revokedAt),
        ),
      )
      .orderBy(desc(calendarFeeds.createdAt), desc(calendarFeeds.id))
      .limit(1);
    return row ?? null;
  },

  /** Revokes every live feed of the member; the number revoked. */
  async revokeAll(db: DbOrTx, clubId: number, memberId: number): Promise<number> {
    const rows = await db
      .update(calendarFeeds)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(calendarFeeds.clubId, clubId),
          eq(calendarFeeds.memberId, memberId),
          isNull(calendarFeeds.revokedAt),
        ),
      )
      .returning({ id: calendarFeeds.id });
    return rows.length;
  },

  async insert(
    db: DbOrTx,
    values: {
      clubId: number;
      memberId: number;
      teamId: number | null;
      matchesOnly: boolean;
      tokenHash: string;
    },
  ) {
    await db.insert(calendarFeeds).values(values);
  },

  /** The live feed of a token hash, with its club's name and time zone. */
  async findLive(db: DbOrTx, tokenHash: string) {
    const [row] = await db
      .select({
        clubId: calendarFeeds.clubId,
        memberId: calendarFeeds.memberId,
        teamId: calendarFeeds.teamId,
        matchesOnly: calendarFeeds.matchesOnly,
        createdAt: calendarFeeds.createdAt,
        timezone: clubs.timezone,
        clubNom: clubs.nom,
      })
      .from(calendarFeeds)
      .innerJoin(clubs, eq(clubs.id, calendarFeeds.clubId))
      .where(and(eq(calendarFeeds.tokenHash, tokenHash), isNull(calendarFeeds.revokedAt)))
      .limit(1);
    return row ?? null;
  },
};
