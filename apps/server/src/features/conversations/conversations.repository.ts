import { and, asc, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  clubs,
  conversationMembers,
  conversations,
  eventTeams,
  events,
  guardians,
  members,
  messageReports,
  messages,
  teamMemberships,
  teams,
} from '../../db/schema.ts';

/** A member as the safeguarding rules read them. */
export interface Person {
  id: number;
  nom: string;
  prenom: string;
  role: string;
  dateNaissance: string | null;
  teamIds: number[];
}

export type ConversationRow = typeof conversations.$inferSelect;
export type ParticipantRow = typeof conversationMembers.$inferSelect;
export type MessageRow = typeof messages.$inferSelect & {
  auteur: { id: number; nom: string; prenom: string } | null;
};

const personColumns = {
  id: members.id,
  nom: members.nom,
  prenom: members.prenom,
  role: members.role,
  dateNaissance: members.dateNaissance,
  teamIds: sql<number[]>`coalesce((select array_agg(tm.team_id order by tm.team_id)
    from team_memberships tm where tm.member_id = ${members.id} and tm.club_id = ${members.clubId}),
    '{}')`,
};

/** The only queries of the conversations feature; every one is filtered by the club id. */
export const conversationsRepository = {
  async clubSettings(db: DbOrTx, clubId: number) {
    const [row] = await db
      .select({
        timezone: clubs.timezone,
        minimumAge: clubs.messagingMinimumAge,
        seasonStartMonth: clubs.seasonStartMonth,
      })
      .from(clubs)
      .where(eq(clubs.id, clubId));
    return row!;
  },

  /** Members of the club by id (not erased), with their teams. */
  async people(db: DbOrTx, clubId: number, ids: readonly number[]): Promise<Person[]> {
    if (!ids.length) return [];
    return db
      .select(personColumns)
      .from(members)
      .where(
        and(eq(members.clubId, clubId), inArray(members.id, [...ids]), isNull(members.erasedAt)),
      );
  },

  /** The members of some teams (every membership), not erased. */
  async teamPeople(db: DbOrTx, clubId: number, teamIds: readonly number[]): Promise<Person[]> {
    if (!teamIds.length) return [];
    return db
      .selectDistinct(personColumns)
      .from(members)
      .innerJoin(
        teamMemberships,
        and(eq(teamMemberships.memberId, members.id), eq(teamMemberships.clubId, clubId)),
      )
      .where(
        and(
          eq(members.clubId, clubId),
          inArray(teamMemberships.teamId, [...teamIds]),
          isNull(members.erasedAt),
        ),
      );
  },

  /** child id → its guardians (not erased). */
  async guardiansOf(
    db: DbOrTx,
    clubId: number,
    childIds: readonly number[],
  ): Promise<Map<number, Person[]>> {
    const out = new Map<number, Person[]>();
    if (!childIds.length) return out;
    const rows = await db
      .select({ childId: guardians.childId, ...personColumns })
      .from(guardians)
      .innerJoin(members, and(eq(members.id, guardians.parentId), eq(members.clubId, clubId)))
      .where(
        and(
          eq(guardians.clubId, clubId),
          inArray(guardians.childId, [...childIds]),
          isNull(members.erasedAt),
        ),
      );
    for (const { childId, ...p } of rows) out.set(childId, [...(out.get(childId) ?? []), p]);
    return out;
  },

  async teamExists(db: DbOrTx, clubId: number, teamId: number) {
    const [row] = await db
      .select({ id: teams.id, nom: teams.nom })
      .from(teams)
      .where(and(eq(teams.clubId, clubId), eq(teams.id, teamId)));
    return row ?? null;
  },

  /** An event and its teams ([] when it concerns every team). */
  async eventWithTeams(db: DbOrTx, clubId: number, eventId: number) {
    const [event] = await db
      .select({ id: events.id, nom: events.nom })
      .from(events)
      .where(and(eq(events.clubId, clubId), eq(events.id, eventId)));
    if (!event) return null;
    const rows = await db
      .select({ teamId: eventTeams.teamId })
      .from(eventTeams)
      .where(and(eq(eventTeams.clubId, clubId), eq(eventTeams.eventId, eventId)));
    return { ...event, teamIds: rows.map((r) => r.teamId) };
  },

  async allTeamIds(db: DbOrTx, clubId: number): Promise<number[]> {
    const rows = await db.select({ id: teams.id }).from(teams).where(eq(teams.clubId, clubId));
    return rows.map((r) => r.id);
  },

  async insertConversation(db: DbOrTx, values: typeof conversations.$inferInsert) {
    const [row] = await db.insert(conversations).values(values).returning();
    return row!;
  },

  async conversation(db: DbOrTx, clubId: number, id: number): Promise<ConversationRow | null> {
    const [row] = await db
      .select()
      .from(conversations)
      .where(and(eq(conversations.clubId, clubId), eq(conversations.id, id)));
    return row ?? null;
  },

  /** The team's and events' conversations that concern these teams (to bring up to date). */
  async linkedConversations(
    db: DbOrTx,
    clubId: number,
    teamIds: readonly number[],
  ): Promise<ConversationRow[]> {
    const ids = teamIds.length
      ? sql.join(
          teamIds.map((t) => sql`${t}`),
          sql`, `,
        )
      : sql`null`;
    const r = await db.execute(sql`
      select c.id from conversations c
      where c.club_id = ${clubId} and (
        (c.type = 'EQUIPE' and c.team_id in (${ids}))
        or (c.type = 'EVENEMENT' and (
          exists (select 1 from event_teams et where et.club_id = c.club_id
                  and et.event_id = c.event_id and et.team_id in (${ids}))
          or not exists (select 1 from event_teams et where et.club_id = c.club_id
                  and et.event_id = c.event_id))))`);
    const ids2 = (r.rows as { id: number }[]).map((x) => Number(x.id));
    if (!ids2.length) return [];
    return db
      .select()
      .from(conversations)
      .where(and(eq(conversations.clubId, clubId), inArray(conversations.id, ids2)));
  },

  async participants(db: DbOrTx, clubId: number, conversationId: number) {
    return db
      .select()
      .from(conversationMembers)
      .where(
        and(
          eq(conversationMembers.clubId, clubId),
          eq(conversationMembers.conversationId, conversationId),
        ),
      );
  },

  async addParticipants(
    db: DbOrTx,
    clubId: number,
    conversationId: number,
    list: readonly { memberId: number; guardian: boolean }[],
  ) {
    if (!list.length) return;
    await db
      .insert(conversationMembers)
      // A newcomer finds the history read: only what follows counts as unread.
      .values(
        list.map((p) => ({
          clubId,
          conversationId,
          ...p,
          lastReadId: sql`(select coalesce(max(m.id), 0) from messages m
            where m.club_id = ${clubId} and m.conversation_id = ${conversationId})`,
        })),
      )
      .onConflictDoUpdate({
        target: [conversationMembers.conversationId, conversationMembers.memberId],
        // Back in the team: a new start (what was sent while away stays unseen).
        set: { leftAt: null, joinedAt: sql`now()`, guardian: sql`excluded.guardian` },
      });
  },

  async markLeft(db: DbOrTx, clubId: number, conversationId: number, memberIds: number[]) {
    if (!memberIds.length) return;
    await db
      .update(conversationMembers)
      .set({ leftAt: sql`now()` })
      .where(
        and(
          eq(conversationMembers.clubId, clubId),
          eq(conversationMembers.conversationId, conversationId),
          inArray(conversationMembers.memberId, memberIds),
          isNull(conversationMembers.leftAt),
        ),
      );
  },

  async setGuardianFlag(
    db: DbOrTx,
    clubId: number,
    conversationId: number,
    memberId: number,
    guardian: boolean,
  ) {
    await db
      .update(conversationMembers)
      .set({ guardian })
      .where(
        and(
          eq(conversationMembers.clubId, clubId),
          eq(conversationMembers.conversationId, conversationId),
          eq(conversationMembers.memberId, memberId),
        ),
      );
  },

  /** The conversations a member takes or took part in, newest activity first. */
  async ofMember(db: DbOrTx, clubId: number, memberId: number) {
    return db
      .select({ conversation: conversations, participant: conversationMembers })
      .from(conversationMembers)
      .innerJoin(
        conversations,
        and(
          eq(conversations.id, conversationMembers.conversationId),
          eq(conversations.clubId, clubId),
        ),
      )
      .where(
        and(eq(conversationMembers.clubId, clubId), eq(conversationMembers.memberId, memberId)),
      )
      .orderBy(
        desc(sql`coalesce(${conversations.lastMessageAt}, ${conversations.createdAt})`),
        desc(conversations.id),
      );
  },

  /** Names of the current participants of several conversations. */
  async names(db: DbOrTx, clubId: number, conversationIds: readonly number[]) {
    if (!conversationIds.length) return [];
    return db
      .select({
        conversationId: conversationMembers.conversationId,
        id: members.id,
        nom: members.nom,
        prenom: members.prenom,
        guardian: conversationMembers.guardian,
      })
      .from(conversationMembers)
      .innerJoin(members, eq(members.id, conversationMembers.memberId))
      .where(
        and(
          eq(conversationMembers.clubId, clubId),
          inArray(conversationMembers.conversationId, [...conversationIds]),
          isNull(conversationMembers.leftAt),
          isNull(members.erasedAt),
        ),
      )
      .orderBy(asc(members.nom), asc(members.prenom));
  },

  /** Per conversation: the reader's unread count and the last message they may see. */
  async summaries(db: DbOrTx, clubId: number, memberId: number, conversationIds: number[]) {
    if (!conversationIds.length)
      return new Map<number, { nonLus: number; last: MessageRow | null }>();
    const ids = sql.join(
      conversationIds.map((c) => sql`${c}`),
      sql`, `,
    );
    const r = await db.execute(sql`
      select cm.conversation_id as "conversationId",
        (select count(*)::int from messages m
          where m.club_id = cm.club_id and m.conversation_id = cm.conversation_id
            and m.id > cm.last_read_id and m.author_id is distinct from cm.member_id
            and m.deleted_at is null and m.masked_at is null
            and (cm.left_at is null or m.created_at < cm.left_at)) as "nonLus",
        (select m.id from messages m
          where m.club_id = cm.club_id and m.conversation_id = cm.conversation_id
            and (cm.left_at is null or m.created_at < cm.left_at)
          order by m.id desc limit 1) as "lastId"
      from conversation_members cm
      where cm.club_id = ${clubId} and cm.member_id = ${memberId}
        and cm.conversation_id in (${ids})`);
    const rows = r.rows as { conversationId: number; nonLus: number; lastId: number | null }[];
    const lastIds = rows.map((x) => x.lastId).filter((x): x is number => x !== null);
    const last = new Map(
      (await this.messagesByIds(db, clubId, lastIds.map(Number))).map((m) => [m.id, m]),
    );
    return new Map(
      rows.map((x) => [
        Number(x.conversationId),
        {
          nonLus: Number(x.nonLus),
          last: x.lastId !== null ? (last.get(Number(x.lastId)) ?? null) : null,
        },
      ]),
    );
  },

  async messagesByIds(db: DbOrTx, clubId: number, ids: number[]): Promise<MessageRow[]> {
    if (!ids.length) return [];
    const rows = await db
      .select({
        message: messages,
        author: {
          id: members.id,
          nom: members.nom,
          prenom: members.prenom,
          erasedAt: members.erasedAt,
        },
      })
      .from(messages)
      .leftJoin(members, eq(members.id, messages.authorId))
      .where(and(eq(messages.clubId, clubId), inArray(messages.id, ids)));
    return rows.map(withAuthor);
  },

  /** A page of what a participant may see, newest first (the caller reverses it). */
  async page(
    db: DbOrTx,
    clubId: number,
    p: ParticipantRow,
    opts: { before?: number; limit: number },
  ): Promise<MessageRow[]> {
    const rows = await db
      .select({
        message: messages,
        author: {
          id: members.id,
          nom: members.nom,
          prenom: members.prenom,
          erasedAt: members.erasedAt,
        },
      })
      .from(messages)
      .leftJoin(members, eq(members.id, messages.authorId))
      .where(
        and(
          eq(messages.clubId, clubId),
          eq(messages.conversationId, p.conversationId),
          p.leftAt ? sql`${messages.createdAt} < ${p.leftAt}` : undefined,
          opts.before !== undefined ? lt(messages.id, opts.before) : undefined,
        ),
      )
      .orderBy(desc(messages.id))
      .limit(opts.limit);
    return rows.map(withAuthor);
  },

  async messageByCle(
    db: DbOrTx,
    clubId: number,
    conversationId: number,
    authorId: number,
    cle: string,
  ) {
    const [row] = await db
      .select({ id: messages.id })
      .from(messages)
      .where(
        and(
          eq(messages.clubId, clubId),
          eq(messages.conversationId, conversationId),
          eq(messages.authorId, authorId),
          eq(messages.cle, cle),
        ),
      );
    return row?.id ?? null;
  },

  /** Inserts a message; with a key already used by its author: nothing (null). */
  async insertMessage(db: DbOrTx, values: typeof messages.$inferInsert): Promise<number | null> {
    const [row] = await db
      .insert(messages)
      .values(values)
      .onConflictDoNothing()
      .returning({ id: messages.id });
    if (row)
      await db
        .update(conversations)
        .set({ lastMessageAt: sql`now()` })
        .where(
          and(eq(conversations.clubId, values.clubId), eq(conversations.id, values.conversationId)),
        );
    return row?.id ?? null;
  },

  async message(db: DbOrTx, clubId: number, id: number) {
    const [row] = await db
      .select()
      .from(messages)
      .where(and(eq(messages.clubId, clubId), eq(messages.id, id)));
    return row ?? null;
  },

  async markRead(
    db: DbOrTx,
    clubId: number,
    conversationId: number,
    memberId: number,
    upTo: number,
  ) {
    await db
      .update(conversationMembers)
      .set({ lastReadId: sql`greatest(${conversationMembers.lastReadId}, ${upTo})` })
      .where(
        and(
          eq(conversationMembers.clubId, clubId),
          eq(conversationMembers.conversationId, conversationId),
          eq(conversationMembers.memberId, memberId),
        ),
      );
  },

  async lastMessageId(db: DbOrTx, clubId: number, conversationId: number): Promise<number> {
    const [row] = await db
      .select({ id: sql<number>`coalesce(max(${messages.id}), 0)` })
      .from(messages)
      .where(and(eq(messages.clubId, clubId), eq(messages.conversationId, conversationId)));
    return Number(row?.id ?? 0);
  },

  async setDeleted(db: DbOrTx, clubId: number, id: number) {
    await db
      .update(messages)
      .set({ deletedAt: sql`now()`, contenu: '' })
      .where(and(eq(messages.clubId, clubId), eq(messages.id, id)));
  },

  async setMasked(db: DbOrTx, clubId: number, id: number, by: number) {
    await db
      .update(messages)
      .set({ maskedAt: sql`now()`, maskedBy: by })
      .where(and(eq(messages.clubId, clubId), eq(messages.id, id)));
  },

  async insertReport(db: DbOrTx, values: typeof messageReports.$inferInsert) {
    await db.insert(messageReports).values(values);
  },

  /** The club's leaders who receive reports by e-mail (accounts in use). */
  async leaders(db: DbOrTx, clubId: number) {
    return db
      .select({ id: members.id, email: members.email, prenom: members.prenom, nom: members.nom })
      .from(members)
      .where(
        and(
          eq(members.clubId, clubId),
          inArray(members.role, ['DIRIGEANT', 'RESPONSABLE']),
          isNull(members.erasedAt),
        ),
      );
  },
};

function withAuthor(r: {
  message: typeof messages.$inferSelect;
  author: { id: number; nom: string; prenom: string; erasedAt: Date | null } | null;
}): MessageRow {
  const a = r.author;
  return {
    ...r.message,
    auteur: a && a.id !== null && !a.erasedAt ? { id: a.id, nom: a.nom, prenom: a.prenom } : null,
  };
}
