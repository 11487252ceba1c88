import { and, asc, eq, gt, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { TDashboardEvent, TDashboardMember } from '@club/contract';
import type { DbOrTx } from '../../db/client.ts';
import { clubTimeZone } from '../../db/club-settings.ts';
import { concernsTeamSql } from '../events/index.ts';
import { eventTeams, events, matches, members, teamMemberships, teams } from '../../db/schema.ts';

/** The only Drizzle queries of the dashboard feature; every one is filtered by the club id. */

/** 'YYYY-MM-DD HH:mm:ss' (PostgreSQL's text of a timestamp) → 'YYYY-MM-DDTHH:mm:ss'. */
const wallClock = (value: string) => value.replace(' ', 'T').slice(0, 19);

/** The event's teams as a JSON array of ids (empty = every team). */
const eventTeamIds = sql<number[]>`coalesce((
  select json_agg(et.team_id order by et.team_id)
  from ${eventTeams} et
  where et.event_id = ${events.id} and et.club_id = ${events.clubId}
), '[]'::json)`;

/** The events of the team and the events with no team (for every team). */
const concernsTeam = (clubId: number, teamId: number) => concernsTeamSql(clubId, teamId);

/** A MATCH's sides: the base team's name, the opponent (a team's name or the typed one). */
function matchOf<T>(expr: SQL) {
  return sql<T | null>`(
    select ${expr} from ${matches} m
    left join ${teams} th on th.id = m.home_team_id and th.club_id = m.club_id
    left join ${teams} ta on ta.id = m.away_team_id and ta.club_id = m.club_id
    where m.event_id = "events"."id" and m.club_id = "events"."club_id")`;
}

export const dashboardEventColumns = {
  equipe: matchOf<string>(sql`th.nom`),
  adversaire: matchOf<string>(sql`coalesce(ta.nom, m.opponent_name)`),
  domicile: matchOf<boolean>(sql`m.domicile`),
  id: events.id,
  nom: events.nom,
  type: events.type,
  dateDebut: events.dateDebut,
  dateFin: events.dateFin,
  lieux: events.lieux,
  equipesIds: eventTeamIds,
};

export const toDashboardEvent = (row: {
  id: number;
  nom: string;
  type: string;
  dateDebut: string;
  dateFin: string;
  lieux: string;
  equipesIds: number[];
  equipe: string | null;
  adversaire: string | null;
  domicile: boolean | null;
}): TDashboardEvent => ({
  ...row,
  dateDebut: wallClock(row.dateDebut),
  dateFin: wallClock(row.dateFin),
});

export const dashboardRepository = {
  async findTeam(db: DbOrTx, clubId: number, teamId: number) {
    const [row] = await db
      .select({ id: teams.id, nom: teams.nom })
      .from(teams)
      .where(and(eq(teams.clubId, clubId), eq(teams.id, teamId)))
      .limit(1);
    return row;
  },

  clubTimeZone,

  /**
   * The team's events that touch the half-open club-local interval [from, to) (an event of several
   * days shows on each of them), sorted by start.
   */
  async teamEventsBetween(
    db: DbOrTx,
    clubId: number,
    teamId: number,
    from: string,
    to: string,
  ): Promise<TDashboardEvent[]> {
    const rows = await db
      .select(dashboardEventColumns)
      .from(events)
      .where(
        and(
          eq(events.clubId, clubId),
          lt(events.dateDebut, to),
          // Ending exactly at `from` (22:00–00:00 the day before) is not this day's.
          or(gte(events.dateDebut, from), gt(events.dateFin, from)),
          concernsTeam(clubId, teamId),
        ),
      )
      .orderBy(asc(events.dateDebut), asc(events.dateFin), asc(events.id));
    return rows.map(toDashboardEvent);
  },

  /** The team's events not over at `now` (club-local), sorted by start, at most `limit`. */
  async teamEventsFrom(
    db: DbOrTx,
    clubId: number,
    teamId: number,
    now: string,
    limit: number,
  ): Promise<TDashboardEvent[]> {
    const rows = await db
      .select(dashboardEventColumns)
      .from(events)
      .where(and(eq(events.clubId, clubId), gte(events.dateFin, now), concernsTeam(clubId, teamId)))
      .orderBy(asc(events.dateDebut), asc(events.dateFin), asc(events.id))
      .limit(limit);
    return rows.map(toDashboardEvent);
  },

  /**
   * Every member of the team (any membership), by name, with what the privacy rule reads (birth
   * date, contact choice) beside the card's fields.
   */
  async teamMembers(
    db: DbOrTx,
    clubId: number,
    teamId: number,
  ): Promise<
    (Required<TDashboardMember> & { dateNaissance: string | null; partageCoordonnees: boolean })[]
  > {
    return db
      .select({
        id: members.id,
        nom: members.nom,
        prenom: members.prenom,
        role: members.role,
        statut: members.statut,
        avatarUrl: members.avatarUrl,
        dateNaissance: members.dateNaissance,
        partageCoordonnees: members.partageCoordonnees,
      })
      .from(teamMemberships)
      .innerJoin(
        members,
        and(eq(members.id, teamMemberships.memberId), eq(members.clubId, teamMemberships.clubId)),
      )
      .where(and(eq(teamMemberships.clubId, clubId), eq(teamMemberships.teamId, teamId)))
      .orderBy(
        asc(sql`lower(${members.nom})`),
        asc(sql`lower(${members.prenom})`),
        asc(members.id),
      );
  },
};
