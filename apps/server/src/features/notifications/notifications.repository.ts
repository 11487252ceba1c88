import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PresenceStatus, StoredChannelPreferences } from '@club/contract';
import type { DbOrTx } from '../../db/client.ts';
import { byMemberName, convocationMember, convocationsOfMatch } from '../../db/fragments.ts';
import {
  clubs,
  convocations,
  events,
  guardians,
  matches,
  members,
  pendingMatchNotifications,
  teamMemberships,
  teams,
} from '../../db/schema.ts';

const home = alias(teams, 'home_team');
const away = alias(teams, 'away_team');

/** 'YYYY-MM-DD HH:mm:ss[.fff]' as stored → 'YYYY-MM-DDTHH:mm:ss'. */
export const localDateTime = (v: string) => v.replace(' ', 'T').slice(0, 19);

export interface MatchInfo {
  id: number;
  clubId: number;
  clubNom: string;
  timezone: string;
  nom: string;
  dateDebut: string;
  dateFin: string;
  lieux: string;
  rendezVous: string | null;
  lieuRendezVous: string | null;
  domicile: boolean;
  /** When the match was created (club wall clock). */
  creeLe: string;
  eventId: number;
  homeTeamId: number | null;
  homeTeamNom: string | null;
  awayTeamId: number | null;
  awayNom: string | null;
  cancelled: boolean;
  replyDeadline: string | null;
  reminderSentFor: string | null;
  summarySentFor: string | null;
}

export interface Recipient {
  id: number;
  nom: string;
  prenom: string;
  /** Null for a child without e-mail (decision 0111): never activated, their guardians are mailed. */
  email: string | null;
  notificationEmails: boolean;
  /** The kinds turned off per channel (contract `StoredChannelPreferences`). */
  notificationPrefs: unknown;
  /** Has chosen a password: before that, the invitation is the only mail a member gets. */
  activated: boolean;
}

export interface ConvokedPlayer extends Recipient {
  statut: string;
  statutPresence: PresenceStatus | null;
  justification: string | null;
  answeredAt: Date | null;
  guardians: Recipient[];
}

export type PendingKind = 'CREATED' | 'CHANGED' | 'CANCEL';

const recipientColumns = {
  id: members.id,
  nom: members.nom,
  prenom: members.prenom,
  email: members.email,
  notificationEmails: members.notificationEmails,
  notificationPrefs: members.notificationPrefs,
  activated: sql<boolean>`${members.passwordHash} is not null`,
};

/** Each player with their guardians (one query for all). */
async function withGuardians<P extends { id: number }>(
  db: DbOrTx,
  clubId: number,
  players: P[],
): Promise<(P & { guardians: Recipient[] })[]> {
  const ids = players.map((p) => p.id);
  const links = ids.length
    ? await db
        .select({ childId: guardians.childId, ...recipientColumns })
        .from(guardians)
        .innerJoin(
          members,
          and(eq(members.id, guardians.parentId), eq(members.clubId, guardians.clubId)),
        )
        .where(and(eq(guardians.clubId, clubId), inArray(guardians.childId, ids)))
        .orderBy(asc(members.id))
    : [];
  return players.map((p) => ({
    ...p,
    guardians: links.filter((l) => l.childId === p.id).map(({ childId: _c, ...g }) => g),
  }));
}

/** The only queries of the notifications feature; every one is filtered by the club id. */
/** First half of the selection mails' advisory lock (live.publish.ts uses its own key). */
const SELECTION_MAIL_LOCK_KEY = 727301;

export const notificationsRepository = {
  async matchInfo(db: DbOrTx, clubId: number, matchId: number): Promise<MatchInfo | undefined> {
    const [row] = await db
      .select({
        id: matches.id,
        clubId: matches.clubId,
        clubNom: clubs.nom,
        timezone: clubs.timezone,
        nom: events.nom,
        dateDebut: events.dateDebut,
        dateFin: events.dateFin,
        lieux: events.lieux,
        rendezVous: events.rendezVous,
        lieuRendezVous: events.lieuRendezVous,
        domicile: matches.domicile,
        creeLe: sql<string>`to_char(${matches.createdAt} at time zone ${clubs.timezone}, 'YYYY-MM-DD"T"HH24:MI:SS')`,
        eventId: matches.eventId,
        homeTeamId: matches.homeTeamId,
        homeTeamNom: home.nom,
        awayTeamId: matches.awayTeamId,
        awayTeamNom: away.nom,
        opponentName: matches.opponentName,
        cancelled: matches.cancelled,
        replyDeadline: matches.replyDeadline,
        reminderSentFor: matches.reminderSentFor,
        summarySentFor: matches.summarySentFor,
      })
      .from(matches)
      .innerJoin(events, and(eq(events.id, matches.eventId), eq(events.clubId, matches.clubId)))
      .innerJoin(clubs, eq(clubs.id, matches.clubId))
      .leftJoin(home, and(eq(home.id, matches.homeTeamId), eq(home.clubId, matches.clubId)))
      .leftJoin(away, and(eq(away.id, matches.awayTeamId), eq(away.clubId, matches.clubId)))
      .where(and(eq(matches.clubId, clubId), eq(matches.id, matchId)))
      .limit(1);
    if (!row) return undefined;
    const { awayTeamNom, opponentName, ...rest } = row;
    return {
      ...rest,
      dateDebut: localDateTime(row.dateDebut),
      dateFin: localDateTime(row.dateFin),
      rendezVous: row.rendezVous ? localDateTime(row.rendezVous) : null,
      replyDeadline: row.replyDeadline ? localDateTime(row.replyDeadline) : null,
      reminderSentFor: row.reminderSentFor ? localDateTime(row.reminderSentFor) : null,
      summarySentFor: row.summarySentFor ? localDateTime(row.summarySentFor) : null,
      awayNom: awayTeamNom ?? opponentName,
    };
  },

  /** The convoked players of a match with their guardians, by name. */
  async convokedPlayers(db: DbOrTx, clubId: number, matchId: number): Promise<ConvokedPlayer[]> {
    const players = await db
      .select({
        ...recipientColumns,
        statut: members.statut,
        statutPresence: convocations.statutPresence,
        justification: convocations.justification,
        answeredAt: convocations.answeredAt,
      })
      .from(convocations)
      .innerJoin(members, convocationMember())
      .where(convocationsOfMatch(clubId, matchId))
      .orderBy(...byMemberName());
    return withGuardians(
      db,
      clubId,
      players.map((p) => ({ ...p, statutPresence: p.statutPresence as PresenceStatus | null })),
    );
  },

  /**
   * Players of the club by id with their guardians (those just withdrawn from a match: no
   * convocation row is left to join; decision 0107), by name.
   */
  async playersByIds(
    db: DbOrTx,
    clubId: number,
    memberIds: readonly number[],
  ): Promise<Omit<ConvokedPlayer, 'statutPresence' | 'justification' | 'answeredAt'>[]> {
    if (!memberIds.length) return [];
    const players = await db
      .select({ ...recipientColumns, statut: members.statut })
      .from(members)
      .where(and(eq(members.clubId, clubId), inArray(members.id, [...memberIds])))
      .orderBy(...byMemberName());
    return withGuardians(db, clubId, players);
  },

  /** Whether a member of the club exists (a withdrawn player's answer link; decision 0107). */
  async memberExists(db: DbOrTx, clubId: number, memberId: number): Promise<boolean> {
    const [row] = await db
      .select({ id: members.id })
      .from(members)
      .where(and(eq(members.clubId, clubId), eq(members.id, memberId)))
      .limit(1);
    return row !== undefined;
  },

  /** The coaches of a team (an ENTRAINEUR membership). */
  async coaches(db: DbOrTx, clubId: number, teamId: number): Promise<Recipient[]> {
    return db
      .select(recipientColumns)
      .from(teamMemberships)
      .innerJoin(
        members,
        and(eq(members.id, teamMemberships.memberId), eq(members.clubId, teamMemberships.clubId)),
      )
      .where(
        and(
          eq(teamMemberships.clubId, clubId),
          eq(teamMemberships.teamId, teamId),
          eq(teamMemberships.role, 'ENTRAINEUR'),
        ),
      )
      .orderBy(asc(members.id));
  },

  /**
   * Records a change of a match for its pending notification; true when this change opened the
   * burst (no notification was pending): the caller then queues the job that sends it.
   */
  async recordPending(
    db: DbOrTx,
    clubId: number,
    matchId: number,
    kind: PendingKind,
    wasCancelled: boolean,
  ): Promise<boolean> {
    const result = await db.execute(sql`
      insert into ${pendingMatchNotifications} (match_id, club_id, kind, was_cancelled)
      values (${matchId}, ${clubId}, ${kind}, ${wasCancelled})
      on conflict (match_id) do update set kind = case
          when ${pendingMatchNotifications.kind} = 'CREATED' or excluded.kind = 'CREATED' then 'CREATED'
          when ${pendingMatchNotifications.kind} = 'CHANGED' or excluded.kind = 'CHANGED' then 'CHANGED'
          else 'CANCEL' end
      returning (xmax = 0) as inserted`);
    const rows = (result as unknown as { rows: { inserted: boolean }[] }).rows;
    return rows[0]?.inserted === true;
  },

  /** Takes the pending notification of a match (one taker only), or undefined. */
  async takePending(
    db: DbOrTx,
    clubId: number,
    matchId: number,
  ): Promise<{ kind: PendingKind; wasCancelled: boolean } | undefined> {
    const [row] = await db
      .delete(pendingMatchNotifications)
      .where(
        and(
          eq(pendingMatchNotifications.clubId, clubId),
          eq(pendingMatchNotifications.matchId, matchId),
        ),
      )
      .returning({
        kind: pendingMatchNotifications.kind,
        wasCancelled: pendingMatchNotifications.wasCancelled,
      });
    return row ? { kind: row.kind as PendingKind, wasCancelled: row.wasCancelled } : undefined;
  },

  /** The pending notification of a match, left in place, or undefined. */
  async pending(
    db: DbOrTx,
    clubId: number,
    matchId: number,
  ): Promise<{ kind: PendingKind; wasCancelled: boolean } | undefined> {
    const [row] = await db
      .select({
        kind: pendingMatchNotifications.kind,
        wasCancelled: pendingMatchNotifications.wasCancelled,
      })
      .from(pendingMatchNotifications)
      .where(
        and(
          eq(pendingMatchNotifications.clubId, clubId),
          eq(pendingMatchNotifications.matchId, matchId),
        ),
      )
      .limit(1);
    return row ? { kind: row.kind as PendingKind, wasCancelled: row.wasCancelled } : undefined;
  },

  /** Every pending notification (at start: a job lost between commit and queue is queued again). */
  async allPending(db: DbOrTx): Promise<{ clubId: number; matchId: number; createdAt: Date }[]> {
    return db
      .select({
        clubId: pendingMatchNotifications.clubId,
        matchId: pendingMatchNotifications.matchId,
        createdAt: pendingMatchNotifications.createdAt,
      })
      .from(pendingMatchNotifications);
  },

  /** Marks the reminder (or summary) of this deadline sent; false when it already was. */
  async claimDeadlineMail(
    db: DbOrTx,
    clubId: number,
    matchId: number,
    which: 'reminder' | 'summary',
    deadline: string,
  ): Promise<boolean> {
    const column = which === 'reminder' ? matches.reminderSentFor : matches.summarySentFor;
    const set = which === 'reminder' ? { reminderSentFor: deadline } : { summarySentFor: deadline };
    const rows = await db
      .update(matches)
      .set(set)
      .where(
        and(
          eq(matches.clubId, clubId),
          eq(matches.id, matchId),
          sql`${column} is distinct from ${deadline}::timestamp`,
        ),
      )
      .returning({ id: matches.id });
    return rows.length === 1;
  },

  /** Answers one convocation row (the e-mail link). */
  async answer(
    db: DbOrTx,
    clubId: number,
    matchId: number,
    memberId: number,
    statutPresence: PresenceStatus,
    justification: string | null,
  ) {
    await db
      .update(convocations)
      .set({ statutPresence, justification, answeredAt: sql`now()` })
      .where(and(convocationsOfMatch(clubId, matchId), eq(convocations.memberId, memberId)));
  },

  /**
   * Takes the player's selection-mail lock of this match (pg_advisory_xact_lock(key, convocation
   * id), until the transaction ends: one delivery at a time per player and match, across
   * instances); then the published selection must be read by a later statement.
   */
  async lockSelectionMail(db: DbOrTx, clubId: number, matchId: number, memberId: number) {
    await db.execute(sql`
      select pg_advisory_xact_lock(${SELECTION_MAIL_LOCK_KEY}, ${convocations.id})
        from ${convocations}
       where ${and(convocationsOfMatch(clubId, matchId), eq(convocations.memberId, memberId))}`);
  },

  /** The player's published selection of the match (null: none, or no longer convoked). */
  async publishedSelection(
    db: DbOrTx,
    clubId: number,
    matchId: number,
    memberId: number,
  ): Promise<string | null> {
    const [row] = await db
      .select({ selection: convocations.selectionPublished })
      .from(convocations)
      .where(and(convocationsOfMatch(clubId, matchId), eq(convocations.memberId, memberId)));
    return row?.selection ?? null;
  },

  async lockConvocation(db: DbOrTx, clubId: number, matchId: number, memberId: number) {
    await db
      .select({ id: convocations.id })
      .from(convocations)
      .where(and(convocationsOfMatch(clubId, matchId), eq(convocations.memberId, memberId)))
      .for('update');
  },

  async preference(
    db: DbOrTx,
    clubId: number,
    memberId: number,
  ): Promise<{ emails: boolean; prefs: unknown } | undefined> {
    const [row] = await db
      .select({ emails: members.notificationEmails, prefs: members.notificationPrefs })
      .from(members)
      .where(and(eq(members.clubId, clubId), eq(members.id, memberId)))
      .limit(1);
    return row;
  },

  /** Sets what is given (the e-mail master switch, the stored channel preferences). */
  async setPreference(
    db: DbOrTx,
    clubId: number,
    memberId: number,
    values: { emails?: boolean; prefs?: StoredChannelPreferences },
  ): Promise<boolean> {
    const set: Partial<typeof members.$inferInsert> = {};
    if (values.emails !== undefined) set.notificationEmails = values.emails;
    if (values.prefs !== undefined) set.notificationPrefs = values.prefs;
    const rows = await db
      .update(members)
      .set(set)
      .where(and(eq(members.clubId, clubId), eq(members.id, memberId)))
      .returning({ id: members.id });
    return rows.length === 1;
  },
};
