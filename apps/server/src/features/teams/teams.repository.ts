import { and, asc, count, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { clubTimeZone } from '../../db/club-settings.ts';
import { events, matches, members, teamMemberships, teams } from '../../db/schema.ts';
import { concernsTeamSql, eventsOfTeamsSql } from '../events/index.ts';

export type TeamRow = typeof teams.$inferSelect;

/** Read prefilters (events.policy.ts `readPrefilter`): undefined = the whole club. */
type Prefilter = { teamIds: readonly number[]; withoutTeam: boolean } | undefined;

export interface TeamSummaryRow {
  id: number;
  joueurs: number;
  entraineurs: string[];
  prochain: {
    id: number;
    nom: string;
    type: string;
    dateDebut: string;
    adversaire: string | null;
    domicile: boolean | null;
  } | null;
  dernier: {
    idMatch: number;
    dateDebut: string;
    adversaire: string | null;
    domicile: boolean;
    scoreDomicile: number;
    scoreExterieur: number;
  } | null;
}

/*
 * The team cards' subqueries name their tables by alias (e: events, mt: matches, ot: the other
 * team), and the outer team as "teams"."id": Drizzle leaves a one-table query's columns unqualified.
 */
const teamRef = sql`"teams"."id"`;

/** The team's members holding one role in it (hats), `m` being the member. */
const ofRole = (clubId: number, role: string) => sql`
  from ${teamMemberships} tm
  join ${members} m on m.id = tm.member_id and m.club_id = tm.club_id
  where tm.club_id = ${clubId} and tm.team_id = ${teamRef} and tm.role = ${role}`;

/** The other side of the match `mt` of the team: the club's other team, else the opponent. */
const opponentSql = sql`coalesce(
  (select ot.nom from ${teams} ot
    where ot.club_id = mt.club_id
      and ot.id = case when mt.home_team_id = ${teamRef} then mt.away_team_id else mt.home_team_id end),
  mt.opponent_name)`;

/** The only Drizzle queries of the teams feature; every one is filtered by the club id. */
export const teamsRepository = {
  async listByClub(db: DbOrTx, clubId: number): Promise<TeamRow[]> {
    return db
      .select()
      .from(teams)
      .where(eq(teams.clubId, clubId))
      .orderBy(asc(sql`lower(${teams.nom})`), asc(teams.id));
  },

  /**
   * Team cards: for every team of the club in ONE query (correlated subqueries, each
   * limited to one row per team: no N+1), the number of players, the coaches' names, the next
   * event not over at `nowLocal` that the actor reads (`eventsFilter`) and the last finished,
   * scored, not cancelled match that the actor reads (`matchesFilter`).
   */
  async summaries(
    db: DbOrTx,
    clubId: number,
    nowLocal: string,
    eventsFilter: Prefilter,
    matchesFilter: Prefilter,
  ): Promise<TeamSummaryRow[]> {
    const eventId = sql`e.id`;
    const visible = (f: Prefilter): SQL =>
      f ? eventsOfTeamsSql(clubId, f.teamIds, f.withoutTeam, eventId) : sql`true`;
    // MATCH_PERMISSIONS targets a match's teams (matches.policy.ts `teamsOf`): home or away.
    const matchVisible = (f: Prefilter): SQL =>
      !f
        ? sql`true`
        : f.teamIds.length
          ? sql`(mt.home_team_id in ${f.teamIds} or mt.away_team_id in ${f.teamIds})`
          : sql`false`;
    const wallClock = sql`to_char(e.date_debut, 'YYYY-MM-DD"T"HH24:MI:SS')`;
    return db
      .select({
        id: teams.id,
        joueurs: sql<number>`(select count(*)::int ${ofRole(clubId, 'JOUEUR')})`,
        entraineurs: sql<string[]>`coalesce((
          select json_agg(m.prenom || ' ' || m.nom order by lower(m.nom), lower(m.prenom), m.id)
          ${ofRole(clubId, 'ENTRAINEUR')}), '[]'::json)`,
        prochain: sql<TeamSummaryRow['prochain']>`(
          select json_build_object(
            'id', e.id, 'nom', e.nom, 'type', e.type, 'dateDebut', ${wallClock},
            'adversaire', case when mt.id is null then null else ${opponentSql} end,
            'domicile', case when mt.id is null then null
              else coalesce(mt.home_team_id = ${teamRef}, false) end)
          from ${events} e
          left join ${matches} mt on mt.event_id = e.id and mt.club_id = e.club_id
          where e.club_id = ${clubId} and e.date_fin >= ${nowLocal}::timestamp
            and ${concernsTeamSql(clubId, teamRef, eventId)} and ${visible(eventsFilter)}
            and not coalesce(mt.cancelled, false)
          order by e.date_debut, e.date_fin, e.id
          limit 1)`,
        dernier: sql<TeamSummaryRow['dernier']>`(
          select json_build_object(
            'idMatch', mt.id, 'dateDebut', ${wallClock}, 'adversaire', ${opponentSql},
            'domicile', mt.home_team_id = ${teamRef},
            'scoreDomicile', mt.score_domicile, 'scoreExterieur', mt.score_exterieur)
          from ${matches} mt
          join ${events} e on e.id = mt.event_id and e.club_id = mt.club_id
          where mt.club_id = ${clubId}
            and (mt.home_team_id = ${teamRef} or mt.away_team_id = ${teamRef})
            and not mt.cancelled and e.date_fin <= ${nowLocal}::timestamp
            and mt.score_domicile is not null and mt.score_exterieur is not null
            and ${matchVisible(matchesFilter)}
          order by e.date_debut desc, mt.id desc
          limit 1)`,
      })
      .from(teams)
      .where(eq(teams.clubId, clubId))
      .orderBy(asc(sql`lower(${teams.nom})`), asc(teams.id));
  },

  clubTimeZone,

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
