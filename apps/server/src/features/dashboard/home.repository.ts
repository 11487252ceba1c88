import { and, asc, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import type { TDashboardEvent } from '@club/contract';
import type { DbOrTx } from '../../db/client.ts';
import { eventsOfTeamsSql } from '../events/index.ts';
import { activeStatusSql } from '../../db/fragments.ts';
import { events } from '../../db/schema.ts';
import { dashboardEventColumns, toDashboardEvent } from './dashboard.repository.ts';

/**
 * The queries of the home (GET /api/dashboard/accueil, docs/decisions/0083-dashboard-home.md):
 * each filtered by the club id, each bounded. Times are the club's wall clock; `nowLocal` is
 * 'YYYY-MM-DDTHH:mm:ss'.
 */

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;

/** A wall-clock timestamp as 'YYYY-MM-DDTHH:mm:ss' (the same text on PGlite and PostgreSQL). */
const local = (column: SQL) => sql`to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS')`;

/** The sides of a match: base team (home_team_id) and the other one (a team or a typed name). */
export interface MatchSidesRow {
  home_team_id: number | null;
  home_nom: string | null;
  away_team_id: number | null;
  away_nom: string | null;
  opponent_name: string | null;
  domicile: boolean;
}

export interface ToAnswerRow extends MatchSidesRow {
  match_id: number;
  event_id: number;
  nom: string;
  type: string;
  date_debut: string;
  date_fin: string;
  lieux: string;
  rendez_vous: string | null;
  player_id: number;
  prenom: string;
  statut: string;
  /** Whether the player is convoked as a member of the other side (two teams of the club). */
  away_side: boolean;
}

export interface NextMatchRow extends MatchSidesRow {
  team_id: number;
  team_nom: string;
  match_id: number;
  event_id: number;
  nom: string;
  date_debut: string;
  date_fin: string;
  lieux: string;
  rendez_vous: string | null;
  lieu_rendez_vous: string | null;
  published: boolean;
}

export interface ClubMatchRow extends MatchSidesRow {
  match_id: number;
  event_id: number;
  nom: string;
  date_debut: string;
  sans_reponse: number;
  convoques: number;
  total: number;
}

export interface MemberRefRow {
  id: number;
  nom: string;
  prenom: string;
  total: number;
}

const sides = sql`m.home_team_id, th.nom as home_nom, m.away_team_id, ta.nom as away_nom,
  m.opponent_name, m.domicile`;
const joinSides = sql`left join teams th on th.id = m.home_team_id and th.club_id = m.club_id
  left join teams ta on ta.id = m.away_team_id and ta.club_id = m.club_id`;

export const homeRepository = {
  /**
   * Unanswered convocations of `memberIds` (the member and their children) to matches not started
   * and not cancelled, soonest first.
   */
  async toAnswer(
    db: DbOrTx,
    clubId: number,
    memberIds: readonly number[],
    nowLocal: string,
    limit: number,
  ): Promise<ToAnswerRow[]> {
    if (memberIds.length === 0) return [];
    const result = await db.execute(sql`
      select c.match_id, m.event_id, e.nom, e.type,
        ${local(sql`e.date_debut`)} as date_debut, ${local(sql`e.date_fin`)} as date_fin,
        e.lieux, ${local(sql`e.rendez_vous`)} as rendez_vous,
        p.id as player_id, p.prenom, p.statut, ${sides},
        (m.away_team_id is not null and exists (
          select 1 from team_memberships tm
          where tm.club_id = c.club_id and tm.member_id = c.member_id
            and tm.team_id = m.away_team_id)) as away_side
      from convocations c
      join matches m on m.id = c.match_id and m.club_id = c.club_id
      join events e on e.id = m.event_id and e.club_id = m.club_id
      join members p on p.id = c.member_id and p.club_id = c.club_id
      ${joinSides}
      where c.club_id = ${clubId} and c.member_id in ${memberIds}
        and c.statut_presence is null and not m.cancelled
        and e.date_debut > ${nowLocal}::timestamp and p.erased_at is null
      order by e.date_debut, m.id, p.prenom, p.id
      limit ${limit}`);
    return rowsOf<ToAnswerRow>(result);
  },

  /** Per team of `teamIds`, its next match not over and not cancelled (one row per team at most). */
  async nextMatches(
    db: DbOrTx,
    clubId: number,
    teamIds: readonly number[],
    nowLocal: string,
  ): Promise<NextMatchRow[]> {
    if (teamIds.length === 0) return [];
    const result = await db.execute(sql`
      select t.id as team_id, t.nom as team_nom, x.*
      from teams t
      cross join lateral (
        select m.id as match_id, m.event_id, e.nom,
          ${local(sql`e.date_debut`)} as date_debut, ${local(sql`e.date_fin`)} as date_fin,
          e.lieux, ${local(sql`e.rendez_vous`)} as rendez_vous, e.lieu_rendez_vous,
          (m.selection_published_at is not null) as published, ${sides}
        from matches m
        join events e on e.id = m.event_id and e.club_id = m.club_id
        ${joinSides}
        where m.club_id = t.club_id and (m.home_team_id = t.id or m.away_team_id = t.id)
          and not m.cancelled and e.date_fin > ${nowLocal}::timestamp
        order by e.date_debut, m.id
        limit 1
      ) x
      where t.club_id = ${clubId} and t.id in ${teamIds}
      order by x.date_debut, t.nom, t.id`);
    return rowsOf<NextMatchRow>(result);
  },

  /**
   * Per match of `matchIds` and team of `teamIds`: how many convoked players of that team have not
   * answered, the injured, ill and suspended not counted (decision 0108). Only the pairs that
   * have a convocation come back.
   */
  async awaitedPerTeam(
    db: DbOrTx,
    clubId: number,
    matchIds: readonly number[],
    teamIds: readonly number[],
  ): Promise<{ match_id: number; team_id: number; sans_reponse: number }[]> {
    if (matchIds.length === 0 || teamIds.length === 0) return [];
    const result = await db.execute(sql`
      select c.match_id, tm.team_id,
        (count(*) filter (where c.statut_presence is null
          and ${activeStatusSql(sql`p.statut`)}))::int as sans_reponse
      from convocations c
      join members p on p.id = c.member_id and p.club_id = c.club_id
      join team_memberships tm on tm.club_id = c.club_id and tm.member_id = c.member_id
      where c.club_id = ${clubId} and c.match_id in ${matchIds} and tm.team_id in ${teamIds}
        and p.erased_at is null
      group by c.match_id, tm.team_id`);
    return rowsOf(result);
  },

  /** The published selection (selected, then substitutes, by name) of the given matches. */
  async publishedSelections(
    db: DbOrTx,
    clubId: number,
    matchIds: readonly number[],
  ): Promise<{ match_id: number; id: number; nom: string; prenom: string; selection: string }[]> {
    if (matchIds.length === 0) return [];
    const result = await db.execute(sql`
      select c.match_id, p.id, p.nom, p.prenom, c.selection_published as selection
      from convocations c
      join members p on p.id = c.member_id and p.club_id = c.club_id
      where c.club_id = ${clubId} and c.match_id in ${matchIds}
        and c.selection_published in ('SELECTIONNE', 'REMPLACANT')
      order by c.match_id, (c.selection_published = 'REMPLACANT'), lower(p.nom), lower(p.prenom), p.id`);
    return rowsOf(result);
  },

  /**
   * Events of `teamIds` and events for every team, not over at `from` and starting before `to`,
   * by start (at most `limit`).
   */
  async eventsOfTeamsBetween(
    db: DbOrTx,
    clubId: number,
    teamIds: readonly number[] | null,
    from: string,
    to: string,
    limit: number,
  ): Promise<TDashboardEvent[]> {
    const rows = await db
      .select(dashboardEventColumns)
      .from(events)
      .where(
        and(
          eq(events.clubId, clubId),
          lt(events.dateDebut, to),
          gt(events.dateFin, from),
          teamIds === null ? undefined : eventsOfTeamsSql(clubId, teamIds, true),
        ),
      )
      .orderBy(asc(events.dateDebut), asc(events.dateFin), asc(events.id))
      .limit(limit);
    return rows.map(toDashboardEvent);
  },

  /** Matches over and not cancelled with a side of the score missing, the latest first. */
  async matchesWithoutScore(
    db: DbOrTx,
    clubId: number,
    nowLocal: string,
    limit: number,
  ): Promise<ClubMatchRow[]> {
    const result = await db.execute(sql`
      select m.id as match_id, m.event_id, e.nom, ${local(sql`e.date_debut`)} as date_debut,
        0 as sans_reponse, 0 as convoques, (count(*) over ())::int as total, ${sides}
      from matches m
      join events e on e.id = m.event_id and e.club_id = m.club_id
      ${joinSides}
      where m.club_id = ${clubId} and not m.cancelled and e.date_fin <= ${nowLocal}::timestamp
        and (m.score_domicile is null or m.score_exterieur is null)
      order by e.date_debut desc, m.id desc
      limit ${limit}`);
    return rowsOf<ClubMatchRow>(result);
  },

  /**
   * Matches starting after `nowLocal` and before `until`, not cancelled, with unanswered
   * convocations, soonest first.
   */
  async matchesAwaitingAnswers(
    db: DbOrTx,
    clubId: number,
    nowLocal: string,
    until: string,
    limit: number,
  ): Promise<ClubMatchRow[]> {
    // An injured, ill or suspended player is not awaited
    // (docs/decisions/0108-injured-and-suspended-players-on-match-day.md).
    const awaited = sql`c.statut_presence is null and ${activeStatusSql(sql`mb.statut`)}`;
    const result = await db.execute(sql`
      select m.id as match_id, m.event_id, e.nom, ${local(sql`e.date_debut`)} as date_debut,
        (count(*) filter (where ${awaited}))::int as sans_reponse,
        count(*)::int as convoques, (count(*) over ())::int as total, ${sides}
      from matches m
      join events e on e.id = m.event_id and e.club_id = m.club_id
      join convocations c on c.match_id = m.id and c.club_id = m.club_id
      join members mb on mb.id = c.member_id and mb.club_id = c.club_id
      ${joinSides}
      where m.club_id = ${clubId} and not m.cancelled and e.date_debut > ${nowLocal}::timestamp
        and e.date_debut < ${until}::timestamp
      group by m.id, e.id, th.id, ta.id
      having count(*) filter (where ${awaited}) > 0
      order by e.date_debut, m.id
      limit ${limit}`);
    return rowsOf<ClubMatchRow>(result);
  },

  /** Members (not erased) whose account is not activated (no password yet), by name. */
  async unactivatedMembers(db: DbOrTx, clubId: number, limit: number): Promise<MemberRefRow[]> {
    const result = await db.execute(sql`
      select id, nom, prenom, (count(*) over ())::int as total
      from members
      where club_id = ${clubId} and erased_at is null and password_hash is null
      order by lower(nom), lower(prenom), id
      limit ${limit}`);
    return rowsOf<MemberRefRow>(result);
  },

  /** JOUEUR members (not erased) in no team, by name. */
  async playersWithoutTeam(db: DbOrTx, clubId: number, limit: number): Promise<MemberRefRow[]> {
    const result = await db.execute(sql`
      select p.id, p.nom, p.prenom, (count(*) over ())::int as total
      from members p
      where p.club_id = ${clubId} and p.erased_at is null and upper(p.role) = 'JOUEUR'
        and not exists (select 1 from team_memberships tm
                        where tm.club_id = p.club_id and tm.member_id = p.id)
      order by lower(p.nom), lower(p.prenom), p.id
      limit ${limit}`);
    return rowsOf<MemberRefRow>(result);
  },
};
