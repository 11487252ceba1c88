import { asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { clubs, members, sports, teams } from '../../db/schema.ts';

/** Public counters of the landing page: the only cross-club queries, and they return counts only. */
export const homeStatsRepository = {
  async totals(db: DbOrTx) {
    const [[m], [c], [t]] = await Promise.all([
      // Deleted accounts (anonymised rows kept for past results) are no longer members.
      db.select({ n: count() }).from(members).where(isNull(members.erasedAt)),
      db.select({ n: count() }).from(clubs),
      db.select({ n: count() }).from(teams),
    ]);
    return { members: m?.n ?? 0, clubs: c?.n ?? 0, equipes: t?.n ?? 0 };
  },

  /** Every sport with the number of teams of the clubs practising it. */
  async teamsPerSport(db: DbOrTx) {
    return db
      .select({ sportNom: sql<string>`${sports.nom}::text`, nombreEquipes: count(teams.id) })
      .from(sports)
      .leftJoin(clubs, eq(clubs.sportId, sports.id))
      .leftJoin(teams, eq(teams.clubId, clubs.id))
      .groupBy(sports.id, sports.nom)
      .orderBy(asc(sports.id));
  },
};
