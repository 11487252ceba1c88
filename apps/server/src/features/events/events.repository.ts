import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { TEventTeam } from '@club/contract';
import type { DbOrTx } from '../../db/client.ts';
import { eventTeams, events, matches, teams } from '../../db/schema.ts';

/** The only Drizzle queries of the events feature; every one is filtered by the club id. */

/** Wall-clock timestamp as the API writes it: 'YYYY-MM-DDThh:mm:ss'. */
const wallClock = (column: typeof events.dateDebut | typeof events.dateFin) =>
  sql<string>`to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS')`;

const eventColumns = {
  id: events.id,
  clubId: events.clubId,
  nom: events.nom,
  type: events.type,
  dateDebut: wallClock(events.dateDebut),
  dateFin: wallClock(events.dateFin),
  lieux: events.lieux,
  matchId: matches.id,
  homeTeamId: matches.homeTeamId,
  awayTeamId: matches.awayTeamId,
  opponentName: matches.opponentName,
  teamId: teams.id,
  teamNom: teams.nom,
  teamCategorie: teams.categorie,
  teamDivision: teams.division,
};
type FlatRow = Omit<EventRow, 'teams'> & {
  teamId: number | null;
  teamNom: string | null;
  teamCategorie: string | null;
  teamDivision: string | null;
};

export interface EventRow {
  id: number;
  clubId: number;
  nom: string;
  type: string;
  dateDebut: string;
  dateFin: string;
  lieux: string;
  teams: TEventTeam[];
  matchId: number | null;
  homeTeamId: number | null;
  awayTeamId: number | null;
  opponentName: string | null;
}

export interface EventListFilter {
  /** ISO dates, inclusive: events overlapping [from 00:00, to + 1 day 00:00). */
  from?: string;
  to?: string;
  /**
   * Narrows the list to events of these teams (and, with `withoutTeam`, events with no team):
   * a prefilter in SQL for team roles; the permission table decides on each row afterwards.
   */
  teamIds?: readonly number[];
  withoutTeam?: boolean;
}

export interface EventValues {
  nom: string;
  type: string;
  dateDebut: string;
  dateFin: string;
  lieux: string;
}

/**
 * Events with their match and teams in one flat query (one row per event and team, no JSON
 * building: about twice as fast as a correlated json_agg on PGlite), grouped back in order.
 * Teams of an event: for a MATCH the base (home) team first, then by id.
 */
async function selectEvents(db: DbOrTx, where: SQL | undefined) {
  const query = db
    .select(eventColumns)
    .from(events)
    .leftJoin(matches, and(eq(matches.eventId, events.id), eq(matches.clubId, events.clubId)))
    .leftJoin(
      eventTeams,
      and(eq(eventTeams.eventId, events.id), eq(eventTeams.clubId, events.clubId)),
    )
    .leftJoin(teams, eq(teams.id, eventTeams.teamId))
    .where(where)
    .orderBy(
      asc(events.dateDebut),
      asc(events.id),
      sql`(${teams.id} = ${matches.homeTeamId}) desc nulls last`,
      asc(teams.id),
    );
  const flat = (await query) as FlatRow[];
  const grouped: EventRow[] = [];
  for (const { teamId, teamNom, teamCategorie, teamDivision, ...event } of flat) {
    let last = grouped[grouped.length - 1];
    if (!last || last.id !== event.id) grouped.push((last = { ...event, teams: [] }));
    if (teamId !== null)
      last.teams.push({
        id: teamId,
        nom: teamNom!,
        categorie: teamCategorie!,
        division: teamDivision!,
      });
  }
  return grouped;
}

export const eventsRepository = {
  /** The club's events in one query (teams and match included), by start then id. */
  async list(db: DbOrTx, clubId: number, filter: EventListFilter = {}): Promise<EventRow[]> {
    const where: (SQL | undefined)[] = [eq(events.clubId, clubId)];
    if (filter.from) where.push(sql`${events.dateFin} > ${filter.from}::date`);
    if (filter.to) where.push(sql`${events.dateDebut} < ${filter.to}::date + 1`);
    if (filter.teamIds) {
      const ofTeams = filter.teamIds.length
        ? sql`exists (select 1 from event_teams et where et.event_id = ${events.id}
                        and et.club_id = ${clubId} and et.team_id in ${filter.teamIds})`
        : sql`false`;
      where.push(
        filter.withoutTeam
          ? sql`(${ofTeams} or not exists (select 1 from event_teams et
                   where et.event_id = ${events.id} and et.club_id = ${clubId}))`
          : ofTeams,
      );
    }
    return selectEvents(db, and(...where));
  },

  async findById(db: DbOrTx, clubId: number, id: number): Promise<EventRow | undefined> {
    const [row] = await selectEvents(db, and(eq(events.clubId, clubId), eq(events.id, id)));
    return row;
  },

  /** Locks the event row for the rest of the transaction (concurrent edits wait). */
  async lock(db: DbOrTx, clubId: number, id: number): Promise<{ id: number } | undefined> {
    const [row] = await db
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.clubId, clubId), eq(events.id, id)))
      .for('update');
    return row;
  },

  async insert(db: DbOrTx, clubId: number, values: EventValues): Promise<number> {
    const [row] = await db
      .insert(events)
      .values({ clubId, ...values })
      .returning({ id: events.id });
    return row!.id;
  },

  async update(db: DbOrTx, clubId: number, id: number, values: EventValues): Promise<void> {
    await db
      .update(events)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(events.clubId, clubId), eq(events.id, id)));
  },

  /** The event's teams become exactly `teamIds`. */
  async setTeams(db: DbOrTx, clubId: number, eventId: number, teamIds: readonly number[]) {
    await db
      .delete(eventTeams)
      .where(and(eq(eventTeams.clubId, clubId), eq(eventTeams.eventId, eventId)));
    if (teamIds.length)
      await db.insert(eventTeams).values(teamIds.map((teamId) => ({ clubId, eventId, teamId })));
  },

  /** Deletes the event; its teams, match and convocations go with it (foreign keys cascade). */
  async delete(db: DbOrTx, clubId: number, id: number): Promise<void> {
    await db.delete(events).where(and(eq(events.clubId, clubId), eq(events.id, id)));
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
};
