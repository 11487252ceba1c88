import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  announcementReads,
  announcements,
  announcementTeams,
  clubs,
  members,
  teams,
} from '../../db/schema.ts';

/**
 * The only queries of the announcements feature; every one filtered by the club id.
 *
 * The audience of an announcement (who receives it), computed when read: every member of the
 * club when it is club-wide, else the members of its teams and the guardians of children in its
 * teams; never its author (`AUDIENCE`; docs/decisions/0075-announcements-audience-and-receipts.md).
 */

/** `a` is the announcement, `m` the member: true when the member is in its audience. */
const AUDIENCE = sql`m.club_id = a.club_id and m.id is distinct from a.author_id and (
  a.club_wide
  or exists (
    select 1 from announcement_teams ant
      join team_memberships tm on tm.club_id = ant.club_id and tm.team_id = ant.team_id
     where ant.club_id = a.club_id and ant.announcement_id = a.id and tm.member_id = m.id)
  or exists (
    select 1 from announcement_teams ant
      join team_memberships tm on tm.club_id = ant.club_id and tm.team_id = ant.team_id
      join guardians g on g.club_id = tm.club_id and g.child_id = tm.member_id
     where ant.club_id = a.club_id and ant.announcement_id = a.id and g.parent_id = m.id))`;

const list = (ids: readonly number[]): SQL =>
  ids.length
    ? sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )
    : sql`null`;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const iso = (v: unknown) => new Date(v as string | Date).toISOString();

/** The reader, as the list needs them. */
export interface Reader {
  id: number;
  clubId: number;
  /** Leaders see every announcement of the club. */
  leader: boolean;
  /** The reader's teams and their children's teams: where their announcements come from. */
  audienceTeamIds: readonly number[];
}

export interface AnnouncementRow {
  id: number;
  titre: string;
  contenu: string;
  authorId: number | null;
  auteur: { id: number; nom: string; prenom: string } | null;
  clubWide: boolean;
  equipes: { id: number; nom: string }[];
  createdAt: string;
  /** The reader is in its audience. */
  recipient: boolean;
  /** The reader opened it. */
  read: boolean;
}

export interface AudienceMember {
  id: number;
  nom: string;
  prenom: string;
  email: string;
  notificationEmails: boolean;
  notificationPrefs: unknown;
  readAt: string | null;
}

type RawRow = {
  id: number;
  titre: string;
  contenu: string;
  author_id: number | null;
  author_nom: string | null;
  author_prenom: string | null;
  club_wide: boolean;
  equipes: { id: number; nom: string }[] | string | null;
  created_at: string | Date;
  recipient: boolean;
  read: boolean;
};

function toRow(r: RawRow): AnnouncementRow {
  const equipes = typeof r.equipes === 'string' ? JSON.parse(r.equipes) : (r.equipes ?? []);
  return {
    id: Number(r.id),
    titre: r.titre,
    contenu: r.contenu,
    authorId: r.author_id === null ? null : Number(r.author_id),
    auteur:
      r.author_id === null
        ? null
        : { id: Number(r.author_id), nom: r.author_nom ?? '', prenom: r.author_prenom ?? '' },
    clubWide: r.club_wide,
    equipes,
    createdAt: iso(r.created_at),
    recipient: r.recipient,
    read: r.read,
  };
}

/** What the reader sees of announcements (filtered by `where`), unread first then newest. */
async function select(db: DbOrTx, reader: Reader, where: SQL, limit: number) {
  const teamsOfReader = list(reader.audienceTeamIds);
  const recipient = sql`(a.author_id is distinct from ${reader.id} and (a.club_wide or exists (
      select 1 from announcement_teams ant
       where ant.club_id = a.club_id and ant.announcement_id = a.id and ant.team_id in (${teamsOfReader}))))`;
  const result = await db.execute(sql`
    select a.id, a.titre, a.contenu, a.author_id, au.nom as author_nom, au.prenom as author_prenom,
           a.club_wide, a.created_at,
           coalesce((select json_agg(json_build_object('id', t.id, 'nom', t.nom) order by t.nom, t.id)
                       from announcement_teams ant join teams t on t.id = ant.team_id and t.club_id = ant.club_id
                      where ant.club_id = a.club_id and ant.announcement_id = a.id), '[]'::json) as equipes,
           ${recipient} as recipient,
           exists (select 1 from announcement_reads r
                    where r.club_id = a.club_id and r.announcement_id = a.id and r.member_id = ${reader.id}) as read
      from announcements a
      left join members au on au.id = a.author_id and au.club_id = a.club_id
     where a.club_id = ${reader.clubId} and (${where})
       and (${reader.leader} or a.author_id = ${reader.id} or ${recipient})
     order by (${recipient} and not exists (select 1 from announcement_reads r
                 where r.club_id = a.club_id and r.announcement_id = a.id and r.member_id = ${reader.id})) desc,
              a.created_at desc, a.id desc
     limit ${limit}`);
  return rowsOf<RawRow>(result).map(toRow);
}

export const announcementsRepository = {
  /** The club's teams among `ids` (an id of another club is not found). */
  async teamsOfClub(db: DbOrTx, clubId: number, ids: readonly number[]) {
    if (!ids.length) return [];
    return db
      .select({ id: teams.id, nom: teams.nom })
      .from(teams)
      .where(and(eq(teams.clubId, clubId), inArray(teams.id, [...ids])));
  },

  async insert(
    db: DbOrTx,
    values: {
      clubId: number;
      authorId: number;
      titre: string;
      contenu: string;
      teamIds: readonly number[];
    },
  ): Promise<number> {
    const [row] = await db
      .insert(announcements)
      .values({
        clubId: values.clubId,
        authorId: values.authorId,
        titre: values.titre,
        contenu: values.contenu,
        clubWide: values.teamIds.length === 0,
      })
      .returning({ id: announcements.id });
    if (values.teamIds.length)
      await db.insert(announcementTeams).values(
        values.teamIds.map((teamId) => ({
          announcementId: row!.id,
          teamId,
          clubId: values.clubId,
        })),
      );
    return row!.id;
  },

  list(db: DbOrTx, reader: Reader, limit: number) {
    return select(db, reader, sql`true`, limit);
  },

  /** One announcement as the reader sees it, whether or not they may (the service decides). */
  async one(db: DbOrTx, reader: Reader, id: number): Promise<AnnouncementRow | undefined> {
    const [row] = await select(db, { ...reader, leader: true }, sql`a.id = ${id}`, 1);
    return row;
  },

  /** "Lu par N/M" of each announcement: readers among its audience, and its audience's size. */
  async counts(
    db: DbOrTx,
    clubId: number,
    ids: readonly number[],
  ): Promise<Map<number, { lus: number; destinataires: number }>> {
    const out = new Map<number, { lus: number; destinataires: number }>();
    if (!ids.length) return out;
    const result = await db.execute(sql`
      select a.id, count(m.id)::int as destinataires, count(r.member_id)::int as lus
        from announcements a
        join members m on ${AUDIENCE}
        left join announcement_reads r
          on r.club_id = a.club_id and r.announcement_id = a.id and r.member_id = m.id
       where a.club_id = ${clubId} and a.id in (${list(ids)})
       group by a.id`);
    for (const r of rowsOf<{ id: number; destinataires: number; lus: number }>(result))
      out.set(Number(r.id), { lus: Number(r.lus), destinataires: Number(r.destinataires) });
    return out;
  },

  /** The audience of an announcement with when each one read it, by name. */
  async audience(db: DbOrTx, clubId: number, id: number): Promise<AudienceMember[]> {
    const result = await db.execute(sql`
      select m.id, m.nom, m.prenom, m.email, m.notification_emails, m.notification_prefs, r.read_at
        from announcements a
        join members m on ${AUDIENCE}
        left join announcement_reads r
          on r.club_id = a.club_id and r.announcement_id = a.id and r.member_id = m.id
       where a.club_id = ${clubId} and a.id = ${id}
       order by lower(m.nom), lower(m.prenom), m.id`);
    return rowsOf<{
      id: number;
      nom: string;
      prenom: string;
      email: string;
      notification_emails: boolean;
      notification_prefs: unknown;
      read_at: string | Date | null;
    }>(result).map((r) => ({
      id: Number(r.id),
      nom: r.nom,
      prenom: r.prenom,
      email: r.email,
      notificationEmails: r.notification_emails,
      notificationPrefs:
        typeof r.notification_prefs === 'string'
          ? JSON.parse(r.notification_prefs)
          : r.notification_prefs,
      readAt: r.read_at === null ? null : iso(r.read_at),
    }));
  },

  /** Who wrote it and what it targets: what the permission table needs. */
  async target(
    db: DbOrTx,
    clubId: number,
    id: number,
  ): Promise<
    | { authorId: number | null; clubWide: boolean; teamIds: number[]; remindedAt: Date | null }
    | undefined
  > {
    const [row] = await db
      .select({
        authorId: announcements.authorId,
        clubWide: announcements.clubWide,
        remindedAt: announcements.remindedAt,
      })
      .from(announcements)
      .where(and(eq(announcements.clubId, clubId), eq(announcements.id, id)))
      .limit(1);
    if (!row) return undefined;
    const linked = await db
      .select({ teamId: announcementTeams.teamId })
      .from(announcementTeams)
      .where(and(eq(announcementTeams.clubId, clubId), eq(announcementTeams.announcementId, id)));
    return { ...row, teamIds: linked.map((l) => l.teamId) };
  },

  /** Records that the member opened it (the first time counts). */
  async markRead(db: DbOrTx, clubId: number, id: number, memberId: number): Promise<void> {
    await db
      .insert(announcementReads)
      .values({ announcementId: id, memberId, clubId })
      .onConflictDoNothing();
  },

  async remove(db: DbOrTx, clubId: number, id: number): Promise<boolean> {
    const rows = await db
      .delete(announcements)
      .where(and(eq(announcements.clubId, clubId), eq(announcements.id, id)))
      .returning({ id: announcements.id });
    return rows.length === 1;
  },

  /**
   * Marks a reminder sent now unless one was sent less than `minutes` ago; false then (two
   * clicks at once send one reminder).
   */
  async claimReminder(db: DbOrTx, clubId: number, id: number, minutes: number): Promise<boolean> {
    const rows = await db
      .update(announcements)
      .set({ remindedAt: sql`now()` })
      .where(
        and(
          eq(announcements.clubId, clubId),
          eq(announcements.id, id),
          sql`(${announcements.remindedAt} is null or ${announcements.remindedAt} < now() - make_interval(mins => ${minutes}))`,
        ),
      )
      .returning({ id: announcements.id });
    return rows.length === 1;
  },

  /** What the notification of an announcement says: its text, club, author and teams. */
  async info(db: DbOrTx, clubId: number, id: number) {
    const [row] = await db
      .select({
        id: announcements.id,
        clubId: announcements.clubId,
        titre: announcements.titre,
        contenu: announcements.contenu,
        clubWide: announcements.clubWide,
        clubNom: clubs.nom,
        timezone: clubs.timezone,
        authorNom: members.nom,
        authorPrenom: members.prenom,
      })
      .from(announcements)
      .innerJoin(clubs, eq(clubs.id, announcements.clubId))
      .leftJoin(
        members,
        and(eq(members.id, announcements.authorId), eq(members.clubId, announcements.clubId)),
      )
      .where(and(eq(announcements.clubId, clubId), eq(announcements.id, id)))
      .limit(1);
    if (!row) return undefined;
    const teamNames = await db
      .select({ nom: teams.nom })
      .from(announcementTeams)
      .innerJoin(
        teams,
        and(eq(teams.id, announcementTeams.teamId), eq(teams.clubId, announcementTeams.clubId)),
      )
      .where(and(eq(announcementTeams.clubId, clubId), eq(announcementTeams.announcementId, id)))
      .orderBy(teams.nom);
    return { ...row, teamNames: teamNames.map((t) => t.nom) };
  },

  async clubTimezone(db: DbOrTx, clubId: number): Promise<string> {
    const [row] = await db
      .select({ timezone: clubs.timezone })
      .from(clubs)
      .where(eq(clubs.id, clubId))
      .limit(1);
    return row?.timezone ?? 'Europe/Paris';
  },
};
export type AnnouncementInfo = NonNullable<
  Awaited<ReturnType<typeof announcementsRepository.info>>
>;
