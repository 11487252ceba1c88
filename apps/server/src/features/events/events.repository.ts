import { and, asc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TEventTeam } from '@club/contract';
import type { DbOrTx } from '../../db/client.ts';
import { eventSeries, eventTeams, events, matches, teams } from '../../db/schema.ts';

/** The only Drizzle queries of the events feature; every one is filtered by the club id. */

/** Wall-clock timestamp as the API writes it: 'YYYY-MM-DDThh:mm:ss'. */
const wallClock = (
  column: typeof events.dateDebut | typeof events.dateFin | typeof events.rendezVous,
) => sql<string>`to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS')`;

const eventColumns = {
  id: events.id,
  clubId: events.clubId,
  nom: events.nom,
  type: events.type,
  dateDebut: wallClock(events.dateDebut),
  dateFin: wallClock(events.dateFin),
  lieux: events.lieux,
  rendezVous: wallClock(events.rendezVous),
  lieuRendezVous: events.lieuRendezVous,
  seriesId: events.seriesId,
  occurrenceDate: events.occurrenceDate,
  detached: events.detached,
  seriesRrule: eventSeries.rrule,
  seriesExclusions: eventSeries.exclusions,
  matchId: matches.id,
  homeTeamId: matches.homeTeamId,
  awayTeamId: matches.awayTeamId,
  opponentName: matches.opponentName,
  domicile: matches.domicile,
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
  rendezVous: string | null;
  lieuRendezVous: string | null;
  /** Recurring events: the series (rule and exclusions), the rule's date, changed alone. */
  seriesId: number | null;
  occurrenceDate: string | null;
  detached: boolean;
  seriesRrule: string | null;
  seriesExclusions: string[] | null;
  teams: TEventTeam[];
  matchId: number | null;
  homeTeamId: number | null;
  awayTeamId: number | null;
  opponentName: string | null;
  domicile: boolean | null;
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
  rendezVous?: string | null;
  lieuRendezVous?: string | null;
  seriesId?: number | null;
  occurrenceDate?: string | null;
  detached?: boolean;
}

export interface SeriesRow {
  id: number;
  rrule: string;
  exclusions: string[];
  /** 'YYYY-MM-DDThh:mm:ss' */
  dtstart: string;
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
      eventSeries,
      and(eq(eventSeries.id, events.seriesId), eq(eventSeries.clubId, events.clubId)),
    )
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

/** The enclosing query's event id: `events.id`, or an alias's column (`sql\`e.id\``). */
type EventIdRef = SQL | AnyPgColumn;

/**
 * Events of these teams, plus, with `withoutTeam`, the events with no team: the SQL form of a read
 * prefilter (events.policy.ts `readPrefilter`), shared by the calendar list and the team cards.
 */
export function eventsOfTeamsSql(
  clubId: number,
  teamIds: readonly number[],
  withoutTeam = false,
  eventId: EventIdRef = events.id,
): SQL {
  const ofTeams = teamIds.length
    ? sql`exists (select 1 from event_teams et where et.event_id = ${eventId}
                    and et.club_id = ${clubId} and et.team_id in ${teamIds})`
    : sql`false`;
  return withoutTeam
    ? sql`(${ofTeams} or not exists (select 1 from event_teams et
             where et.event_id = ${eventId} and et.club_id = ${clubId}))`
    : ofTeams;
}

/**
 * Events that concern a team: its own and those with no team (for every team). `teamId` is a
 * number or a column of the enclosing query (team cards).
 */
export function concernsTeamSql(
  clubId: number,
  teamId: number | SQL,
  eventId: EventIdRef = events.id,
): SQL {
  return sql`(
    not exists (select 1 from ${eventTeams} et where et.event_id = ${eventId} and et.club_id = ${clubId})
    or exists (
      select 1 from ${eventTeams} et
      where et.event_id = ${eventId} and et.club_id = ${clubId} and et.team_id = ${teamId}
    )
  )`;
}

export const eventsRepository = {
  /** The club's events in one query (teams and match included), by start then id. */
  async list(db: DbOrTx, clubId: number, filter: EventListFilter = {}): Promise<EventRow[]> {
    const where: (SQL | undefined)[] = [eq(events.clubId, clubId)];
    if (filter.from) where.push(sql`${events.dateFin} > ${filter.from}::date`);
    if (filter.to) where.push(sql`${events.dateDebut} < ${filter.to}::date + 1`);
    if (filter.teamIds) where.push(eventsOfTeamsSql(clubId, filter.teamIds, filter.withoutTeam));
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

  /** The occurrences of a series (from `fromDate` on, by rule date), teams included. */
  async seriesOccurrences(
    db: DbOrTx,
    clubId: number,
    seriesId: number,
    fromDate?: string,
  ): Promise<EventRow[]> {
    const where = [eq(events.clubId, clubId), eq(events.seriesId, seriesId)];
    if (fromDate) where.push(gte(events.occurrenceDate, fromDate));
    return selectEvents(db, and(...where));
  },

  /** Inserts many events at once (a series' occurrences); ids in the order of `rows`. */
  async insertMany(db: DbOrTx, clubId: number, rows: EventValues[]): Promise<number[]> {
    if (!rows.length) return [];
    const ids = await db
      .insert(events)
      .values(rows.map((r) => ({ clubId, ...r })))
      .returning({ id: events.id });
    return ids.map((r) => r.id);
  },

  /**
   * Writes the same fields to many events of a series; each start is its rule date at `time`
   * (wall clock) and each end the start plus `durationSeconds`.
   */
  async updateOccurrences(
    db: DbOrTx,
    clubId: number,
    ids: readonly number[],
    values: {
      nom: string;
      type: string;
      lieux: string;
      time: string;
      durationSeconds: number;
      /** Seconds from the meeting time to the start (null: no meeting time). */
      rendezVousBeforeSeconds: number | null;
      lieuRendezVous: string | null;
    },
  ): Promise<void> {
    if (!ids.length) return;
    const start = sql`(${events.occurrenceDate} + ${values.time}::time)`;
    await db
      .update(events)
      .set({
        nom: values.nom,
        type: values.type,
        lieux: values.lieux,
        rendezVous:
          values.rendezVousBeforeSeconds === null
            ? null
            : sql`${start} - make_interval(secs => ${values.rendezVousBeforeSeconds})`,
        lieuRendezVous: values.lieuRendezVous,
        dateDebut: sql`${start}`,
        dateFin: sql`${start} + make_interval(secs => ${values.durationSeconds})`,
        detached: false,
        updatedAt: new Date(),
      })
      .where(and(eq(events.clubId, clubId), inArray(events.id, [...ids])));
  },

  /** Moves the occurrences of a series from `fromDate` on to another series. */
  async moveOccurrences(
    db: DbOrTx,
    clubId: number,
    seriesId: number,
    fromDate: string,
    toSeriesId: number,
  ): Promise<void> {
    await db
      .update(events)
      .set({ seriesId: toSeriesId })
      .where(
        and(
          eq(events.clubId, clubId),
          eq(events.seriesId, seriesId),
          gte(events.occurrenceDate, fromDate),
        ),
      );
  },

  /** The teams of every event of `eventIds` become exactly `teamIds`. */
  async setTeamsMany(
    db: DbOrTx,
    clubId: number,
    eventIds: readonly number[],
    teamIds: readonly number[],
  ) {
    if (!eventIds.length) return;
    await db
      .delete(eventTeams)
      .where(and(eq(eventTeams.clubId, clubId), inArray(eventTeams.eventId, [...eventIds])));
    if (teamIds.length)
      await db
        .insert(eventTeams)
        .values(
          eventIds.flatMap((eventId) => teamIds.map((teamId) => ({ clubId, eventId, teamId }))),
        );
  },

  async deleteMany(db: DbOrTx, clubId: number, ids: readonly number[]): Promise<void> {
    if (!ids.length) return;
    await db.delete(events).where(and(eq(events.clubId, clubId), inArray(events.id, [...ids])));
  },

  async insertSeries(db: DbOrTx, clubId: number, values: Omit<SeriesRow, 'id'>): Promise<number> {
    const [row] = await db
      .insert(eventSeries)
      .values({ clubId, ...values })
      .returning({ id: eventSeries.id });
    return row!.id;
  },

  /** The series, locked for the rest of the transaction. */
  async lockSeries(db: DbOrTx, clubId: number, id: number): Promise<SeriesRow | undefined> {
    const [row] = await db
      .select({
        id: eventSeries.id,
        rrule: eventSeries.rrule,
        exclusions: eventSeries.exclusions,
        dtstart: sql<string>`to_char(${eventSeries.dtstart}, 'YYYY-MM-DD"T"HH24:MI:SS')`,
      })
      .from(eventSeries)
      .where(and(eq(eventSeries.clubId, clubId), eq(eventSeries.id, id)))
      .for('update');
    return row;
  },

  async updateSeries(
    db: DbOrTx,
    clubId: number,
    id: number,
    values: Partial<Omit<SeriesRow, 'id'>>,
  ): Promise<void> {
    await db
      .update(eventSeries)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(eventSeries.clubId, clubId), eq(eventSeries.id, id)));
  },

  /** Deletes the series when no occurrence is left in it. */
  async deleteSeriesIfEmpty(db: DbOrTx, clubId: number, id: number): Promise<void> {
    await db.execute(sql`delete from event_series s where s.id = ${id} and s.club_id = ${clubId}
      and not exists (select 1 from events e where e.series_id = s.id)`);
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
