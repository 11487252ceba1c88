import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { MatchStatus, PresenceStatus, TSelection } from '@club/contract';
import type { DbOrTx } from '../../db/client.ts';
import { clubTimeZone } from '../../db/club-settings.ts';
import {
  activeStatusSql,
  byMemberName,
  convocationMember,
  convocationsOfMatch,
} from '../../db/fragments.ts';
import { convocations, events, matches, members, teamMemberships, teams } from '../../db/schema.ts';

const home = alias(teams, 'home_team');
const away = alias(teams, 'away_team');

/**
 * The derived status (docs/architecture.md §5): ANNULE when cancelled, else A_VENIR before the
 * start, EN_COURS from the start (included) to the end (excluded), TERMINE from the end. `nowLocal`
 * is the club's wall clock ('YYYY-MM-DDTHH:mm:ss', lib/club-time.ts), compared with the event's
 * stored club-local times: the one place the status is computed (the list filter uses it too).
 */
export function statusSql(nowLocal: string): SQL<MatchStatus> {
  return sql<MatchStatus>`(case
    when ${matches.cancelled} then 'ANNULE'
    when ${nowLocal}::timestamp < ${events.dateDebut} then 'A_VENIR'
    when ${nowLocal}::timestamp < ${events.dateFin} then 'EN_COURS'
    else 'TERMINE' end)`;
}

/** The version of a match for stale-edit detection: its updated_at in epoch milliseconds. */
const versionSql = sql<string>`(floor(extract(epoch from ${matches.updatedAt}) * 1000)::bigint)::text`;

/** A strictly later millisecond than the current version, so two quick saves never share one. */
const bumpedUpdatedAt = sql`greatest(date_trunc('milliseconds', clock_timestamp()), date_trunc('milliseconds', ${matches.updatedAt}) + interval '1 millisecond')`;

function matchColumns(nowLocal: string) {
  return {
    id: matches.id,
    eventId: matches.eventId,
    nom: events.nom,
    dateDebut: events.dateDebut,
    dateFin: events.dateFin,
    lieux: events.lieux,
    rendezVous: events.rendezVous,
    lieuRendezVous: events.lieuRendezVous,
    domicile: matches.domicile,
    selectionPublishedAt: matches.selectionPublishedAt,
    createdAt: matches.createdAt,
    presents: sql<number>`(select count(*)::int from ${convocations} c where c.club_id = ${matches.clubId} and c.match_id = ${matches.id} and c.statut_presence = 'DISPONIBLE')`,
    absents: sql<number>`(select count(*)::int from ${convocations} c where c.club_id = ${matches.clubId} and c.match_id = ${matches.id} and c.statut_presence = 'INDISPONIBLE')`,
    convoques: sql<number>`(select count(*)::int from ${convocations} c where c.club_id = ${matches.clubId} and c.match_id = ${matches.id})`,
    // Unanswered, ACTIF players only: an injured, ill or suspended player is not awaited
    // (docs/decisions/0108-injured-and-suspended-players-on-match-day.md).
    sansReponse: sql<number>`(select count(*)::int from ${convocations} c join ${members} mb on mb.id = c.member_id and mb.club_id = c.club_id where c.club_id = ${matches.clubId} and c.match_id = ${matches.id} and c.statut_presence is null and ${activeStatusSql(sql`mb.statut`)})`,
    homeTeamId: matches.homeTeamId,
    homeTeamNom: home.nom,
    awayTeamId: matches.awayTeamId,
    awayTeamNom: away.nom,
    opponentName: matches.opponentName,
    scoreDomicile: matches.scoreDomicile,
    scoreExterieur: matches.scoreExterieur,
    cancelled: matches.cancelled,
    replyDeadline: matches.replyDeadline,
    statut: statusSql(nowLocal),
    version: versionSql,
  };
}
export type MatchRow = {
  id: number;
  eventId: number;
  nom: string;
  dateDebut: string;
  dateFin: string;
  lieux: string;
  rendezVous: string | null;
  lieuRendezVous: string | null;
  domicile: boolean;
  selectionPublishedAt: Date | null;
  createdAt: Date;
  presents: number;
  absents: number;
  convoques: number;
  /** Unanswered convocations of ACTIF players (decision 0108). */
  sansReponse: number;
  homeTeamId: number | null;
  homeTeamNom: string | null;
  awayTeamId: number | null;
  awayTeamNom: string | null;
  opponentName: string | null;
  scoreDomicile: number | null;
  scoreExterieur: number | null;
  cancelled: boolean;
  replyDeadline: string | null;
  statut: MatchStatus;
  version: string;
};

function selectMatches(db: DbOrTx, nowLocal: string) {
  return db
    .select(matchColumns(nowLocal))
    .from(matches)
    .innerJoin(events, and(eq(events.id, matches.eventId), eq(events.clubId, matches.clubId)))
    .leftJoin(home, and(eq(home.id, matches.homeTeamId), eq(home.clubId, matches.clubId)))
    .leftJoin(away, and(eq(away.id, matches.awayTeamId), eq(away.clubId, matches.clubId)));
}

export interface ConvocationRow {
  memberId: number;
  nom: string;
  prenom: string;
  statut: string;
  statutPresence: PresenceStatus | null;
  justification: string | null;
  answeredAt: Date | null;
  selection: TSelection | null;
  selectionPublished: TSelection | null;
}

/** The only Drizzle queries of the matches feature; every one is filtered by the club id. */
export const matchesRepository = {
  clubTimezone: clubTimeZone,

  async teamExists(db: DbOrTx, clubId: number, teamId: number): Promise<boolean> {
    const [row] = await db
      .select({ id: teams.id })
      .from(teams)
      .where(and(eq(teams.clubId, clubId), eq(teams.id, teamId)))
      .limit(1);
    return !!row;
  },

  /** A team's matches (home or away), by start date, optionally one status, optionally a page. */
  async listForTeam(
    db: DbOrTx,
    clubId: number,
    teamId: number,
    nowLocal: string,
    opts: { statut?: MatchStatus; limit?: number; offset?: number } = {},
  ): Promise<{ rows: MatchRow[]; total: number }> {
    const where = and(
      eq(matches.clubId, clubId),
      or(eq(matches.homeTeamId, teamId), eq(matches.awayTeamId, teamId)),
      opts.statut ? sql`${statusSql(nowLocal)} = ${opts.statut}` : undefined,
    );
    let query = selectMatches(db, nowLocal)
      .where(where)
      .orderBy(asc(events.dateDebut), asc(matches.id))
      .$dynamic();
    if (opts.limit !== undefined) query = query.limit(opts.limit).offset(opts.offset ?? 0);
    const rows = (await query) as MatchRow[];
    if (opts.limit === undefined) return { rows, total: rows.length };
    const [count] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(matches)
      .innerJoin(events, eq(events.id, matches.eventId))
      .where(where);
    return { rows, total: count?.n ?? 0 };
  },

  async findById(
    db: DbOrTx,
    clubId: number,
    id: number,
    nowLocal: string,
    forUpdate = false,
  ): Promise<MatchRow | undefined> {
    let query = selectMatches(db, nowLocal)
      .where(and(eq(matches.clubId, clubId), eq(matches.id, id)))
      .limit(1)
      .$dynamic();
    if (forUpdate) query = query.for('update', { of: matches });
    const [row] = (await query) as MatchRow[];
    return row;
  },

  /**
   * Writes the scores when the version still matches (or none is given); bumps the version to a
   * strictly later millisecond. Returns false when someone saved in between.
   */
  async updateScore(
    db: DbOrTx,
    clubId: number,
    id: number,
    scores: { scoreDomicile: number | null; scoreExterieur: number | null },
    version: string | undefined,
  ): Promise<boolean> {
    const rows = await db
      .update(matches)
      .set({ ...scores, updatedAt: bumpedUpdatedAt })
      .where(
        and(
          eq(matches.clubId, clubId),
          eq(matches.id, id),
          version === undefined ? undefined : sql`${versionSql} = ${version}`,
        ),
      )
      .returning({ id: matches.id });
    return rows.length === 1;
  },

  async setCancelled(db: DbOrTx, clubId: number, id: number, cancelled: boolean) {
    await db
      .update(matches)
      .set({ cancelled, updatedAt: bumpedUpdatedAt })
      .where(and(eq(matches.clubId, clubId), eq(matches.id, id)));
  },

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
    sides: {
      homeTeamId: number;
      awayTeamId: number | null;
      opponentName: string | null;
      domicile: boolean;
    },
  ) {
    await db
      .update(matches)
      .set({ ...sides, updatedAt: new Date() })
      .where(and(eq(matches.clubId, clubId), eq(matches.id, id)));
  },

  async deleteByEvent(db: DbOrTx, clubId: number, eventId: number) {
    await db.delete(matches).where(and(eq(matches.clubId, clubId), eq(matches.eventId, eventId)));
  },

  /** Convokes every player of the team (a JOUEUR membership) not convoked yet; returns how many rows. */
  async convokeTeamPlayers(db: DbOrTx, clubId: number, matchId: number, teamId: number) {
    const result = await db.execute(sql`
      insert into ${convocations} (club_id, match_id, member_id)
      select ${clubId}, ${matchId}, m.id
      from ${teamMemberships} tm join ${members} m on m.id = tm.member_id
      where tm.club_id = ${clubId} and tm.team_id = ${teamId} and tm.role = 'JOUEUR'
      on conflict do nothing
      returning member_id`);
    // The newly convoked players (they get their convocation mail).
    return (result as unknown as { rows: { member_id: number }[] }).rows.map((r) => r.member_id);
  },

  /**
   * Removes the unanswered convocations of players who are not in `teamId` (a new base team);
   * returns the withdrawn players (they are told, decision 0107).
   */
  /**
   * A match's convocations of players outside its (new) base team are withdrawn: the unanswered
   * ones always; when `upcomingAfter` (the club's wall clock) is given and the match starts after
   * it, the answered ones too — the match is no longer theirs (decision 0107).
   */
  async withdrawOutsideTeam(
    db: DbOrTx,
    clubId: number,
    matchId: number,
    teamId: number,
    upcomingAfter: string | null,
  ): Promise<number[]> {
    const result = await db.execute(sql`
      delete from ${convocations} c
      using ${matches} ma, ${events} e
      where c.club_id = ${clubId} and c.match_id = ${matchId}
        and ma.id = c.match_id and ma.club_id = ${clubId}
        and e.id = ma.event_id and e.club_id = ${clubId}
        and (c.statut_presence is null
          or (${upcomingAfter}::timestamp is not null and e.date_debut > ${upcomingAfter}::timestamp))
        and not exists (select 1 from ${teamMemberships} tm
          where tm.club_id = ${clubId} and tm.team_id = ${teamId} and tm.member_id = c.member_id)
      returning c.member_id`);
    return (result as unknown as { rows: { member_id: number }[] }).rows.map((r) => r.member_id);
  },

  /**
   * A member's convocations to upcoming matches follow their teams: a player is convoked to every
   * upcoming, not cancelled match of a team they play in (a JOUEUR membership, home side, as at
   * creation); an unanswered convocation to an upcoming match of a team they no longer play in is
   * withdrawn. Past, current and answered rows are history and stay.
   */
  async syncMemberUpcoming(db: DbOrTx, clubId: number, memberId: number, nowLocal: string) {
    const added = await db.execute(sql`
      insert into ${convocations} (club_id, match_id, member_id)
      select ${clubId}, ma.id, m.id
      from ${members} m
      join ${teamMemberships} tm on tm.member_id = m.id and tm.club_id = ${clubId}
      join ${matches} ma on ma.home_team_id = tm.team_id and ma.club_id = ${clubId}
      join ${events} e on e.id = ma.event_id and e.club_id = ${clubId}
      where m.id = ${memberId} and m.club_id = ${clubId} and tm.role = 'JOUEUR'
        and not ma.cancelled and e.date_debut > ${nowLocal}::timestamp
      on conflict do nothing
      returning match_id`);
    const removed = await db.execute(sql`
      delete from ${convocations} c
      using ${matches} ma, ${events} e, ${members} m
      where c.club_id = ${clubId} and c.member_id = ${memberId} and c.statut_presence is null
        and ma.id = c.match_id and ma.club_id = ${clubId}
        and e.id = ma.event_id and e.club_id = ${clubId} and e.date_debut > ${nowLocal}::timestamp
        and m.id = c.member_id and m.club_id = ${clubId}
        and not exists (
          select 1 from ${teamMemberships} tm
          where tm.club_id = ${clubId} and tm.member_id = c.member_id
            and tm.team_id = ma.home_team_id and tm.role = 'JOUEUR')
      returning c.match_id`);
    const addedMatchIds = (added as unknown as { rows: { match_id: number }[] }).rows.map(
      (r) => r.match_id,
    );
    const removedMatchIds = (removed as unknown as { rows: { match_id: number }[] }).rows.map(
      (r) => r.match_id,
    );
    return {
      added: addedMatchIds.length,
      addedMatchIds,
      removed: removedMatchIds.length,
      removedMatchIds,
    };
  },

  /** syncMemberUpcoming for several members in two statements (members import). */
  async syncMembersUpcoming(
    db: DbOrTx,
    clubId: number,
    memberIds: readonly number[],
    nowLocal: string,
  ) {
    const ids = sql`${`{${memberIds.join(',')}}`}::int[]`;
    const added = await db.execute(sql`
      insert into ${convocations} (club_id, match_id, member_id)
      select ${clubId}, ma.id, m.id
      from ${members} m
      join ${teamMemberships} tm on tm.member_id = m.id and tm.club_id = ${clubId}
      join ${matches} ma on ma.home_team_id = tm.team_id and ma.club_id = ${clubId}
      join ${events} e on e.id = ma.event_id and e.club_id = ${clubId}
      where m.id = any(${ids}) and m.club_id = ${clubId} and tm.role = 'JOUEUR'
        and not ma.cancelled and e.date_debut > ${nowLocal}::timestamp
      on conflict do nothing
      returning match_id, member_id`);
    const removed = await db.execute(sql`
      delete from ${convocations} c
      using ${matches} ma, ${events} e, ${members} m
      where c.club_id = ${clubId} and c.member_id = any(${ids}) and c.statut_presence is null
        and ma.id = c.match_id and ma.club_id = ${clubId}
        and e.id = ma.event_id and e.club_id = ${clubId} and e.date_debut > ${nowLocal}::timestamp
        and m.id = c.member_id and m.club_id = ${clubId}
        and not exists (
          select 1 from ${teamMemberships} tm
          where tm.club_id = ${clubId} and tm.member_id = c.member_id
            and tm.team_id = ma.home_team_id and tm.role = 'JOUEUR')
      returning c.match_id, c.member_id`);
    type Row = { match_id: number; member_id: number };
    const byMatch = (rows: Row[]) => {
      const map = new Map<number, number[]>();
      for (const r of rows) map.set(r.match_id, [...(map.get(r.match_id) ?? []), r.member_id]);
      return map;
    };
    const removedRows = (removed as unknown as { rows: Row[] }).rows;
    return {
      addedByMatch: byMatch((added as unknown as { rows: Row[] }).rows),
      removed: removedRows.length,
      removedByMatch: byMatch(removedRows),
    };
  },

  async listConvocations(db: DbOrTx, clubId: number, matchId: number): Promise<ConvocationRow[]> {
    const rows = await db
      .select({
        memberId: members.id,
        nom: members.nom,
        prenom: members.prenom,
        statut: members.statut,
        statutPresence: convocations.statutPresence,
        justification: convocations.justification,
        answeredAt: convocations.answeredAt,
        selection: convocations.selection,
        selectionPublished: convocations.selectionPublished,
      })
      .from(convocations)
      .innerJoin(members, convocationMember())
      .where(convocationsOfMatch(clubId, matchId))
      .orderBy(...byMemberName());
    return rows as ConvocationRow[];
  },

  async answerConvocations(
    db: DbOrTx,
    clubId: number,
    matchId: number,
    items: readonly {
      memberId: number;
      statutPresence: PresenceStatus | null;
      justification: string | null;
    }[],
  ) {
    if (!items.length) return;
    // One statement for the whole list (the coach saves all rows; bench/README.md, « A week »).
    // The match row is locked by the caller, so writers of one match never interleave.
    const rows = JSON.stringify(
      items.map((i) => ({
        member_id: i.memberId,
        statut_presence: i.statutPresence,
        justification: i.justification,
      })),
    );
    // A row sent back unchanged keeps its answer time (the coach saves the whole list).
    await db.execute(sql`
      update ${convocations} set
        statut_presence = w.statut_presence,
        justification = w.justification,
        answered_at = case when w.statut_presence is null then null else now() end
      from jsonb_to_recordset(${rows}::jsonb) as w(member_id int, statut_presence text, justification text)
      where ${convocations.clubId} = ${clubId} and ${convocations.matchId} = ${matchId}
        and ${convocations.memberId} = w.member_id
        and (${convocations.statutPresence}, ${convocations.justification})
          is distinct from (w.statut_presence, w.justification)`);
  },

  /** Writes the working selection of the given players. */
  async setSelection(
    db: DbOrTx,
    clubId: number,
    matchId: number,
    rows: readonly { memberId: number; selection: TSelection | null }[],
  ) {
    if (!rows.length) return;
    // One statement for the whole team (was one per player; bench/README.md, « A week »).
    const values = JSON.stringify(
      rows.map((r) => ({ member_id: r.memberId, selection: r.selection })),
    );
    await db.execute(sql`
      update ${convocations} set selection = w.selection
      from jsonb_to_recordset(${values}::jsonb) as w(member_id int, selection text)
      where ${convocations.clubId} = ${clubId} and ${convocations.matchId} = ${matchId}
        and ${convocations.memberId} = w.member_id`);
  },

  /**
   * Publishes the working selection: rows whose published value changes take it and are
   * returned (the players to tell); the match records the time.
   */
  async publishSelection(
    db: DbOrTx,
    clubId: number,
    matchId: number,
  ): Promise<{ memberId: number; selection: TSelection | null }[]> {
    const changed = await db
      .update(convocations)
      .set({ selectionPublished: sql`${convocations.selection}` })
      .where(
        and(
          convocationsOfMatch(clubId, matchId),
          sql`${convocations.selectionPublished} is distinct from ${convocations.selection}`,
        ),
      )
      .returning({ memberId: convocations.memberId, selection: convocations.selectionPublished });
    await db
      .update(matches)
      .set({ selectionPublishedAt: sql`now()` })
      .where(and(eq(matches.clubId, clubId), eq(matches.id, matchId)));
    return changed as { memberId: number; selection: TSelection | null }[];
  },

  /** The reply deadline (club wall clock), null = the default. */
  async setReplyDeadline(db: DbOrTx, clubId: number, matchId: number, deadline: string | null) {
    await db
      .update(matches)
      .set({ replyDeadline: deadline })
      .where(and(eq(matches.clubId, clubId), eq(matches.id, matchId)));
  },

  /** Locks the convocation rows of a match (one writer at a time per match). */
  async lockConvocations(db: DbOrTx, clubId: number, matchId: number, memberIds: number[]) {
    if (!memberIds.length) return;
    await db
      .select({ id: convocations.id })
      .from(convocations)
      .where(and(convocationsOfMatch(clubId, matchId), inArray(convocations.memberId, memberIds)))
      .for('update');
  },
};
