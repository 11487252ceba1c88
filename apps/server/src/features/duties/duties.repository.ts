import { and, asc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  clubs,
  convocations,
  duties,
  dutyTemplates,
  dutyVolunteers,
  eventPresences,
  eventTeams,
  events,
  guardians,
  matches,
  members,
  teamMemberships,
  teams,
} from '../../db/schema.ts';

/** 'YYYY-MM-DD HH:mm:ss' as stored → 'YYYY-MM-DDTHH:mm:ss'. */
const localDateTime = (v: string) => v.replace(' ', 'T').slice(0, 19);

export interface DutyEvent {
  id: number;
  nom: string;
  type: string;
  dateDebut: string;
  lieux: string;
  timezone: string;
  clubNom: string;
  teamIds: number[];
}
export interface DutyRow {
  id: number;
  eventId: number;
  position: number;
  libelle: string;
  places: number;
  placesPrises: number;
}
export interface VolunteerRow {
  dutyId: number;
  memberId: number;
  nom: string;
  prenom: string;
  forMemberId: number | null;
  createdAt: Date;
}

const dutyColumns = {
  id: duties.id,
  eventId: duties.eventId,
  position: duties.position,
  libelle: duties.libelle,
  places: duties.places,
  placesPrises: duties.placesPrises,
};

const recipientColumns = {
  id: members.id,
  nom: members.nom,
  prenom: members.prenom,
  email: members.email,
  notificationEmails: members.notificationEmails,
  notificationPrefs: members.notificationPrefs,
  activated: sql<boolean>`${members.passwordHash} is not null`,
};

/** The only queries of the duties feature; every one is filtered by the club id. */
export const dutiesRepository = {
  /** The event (name, start, place, club's zone) and its teams ([] = every team), or undefined. */
  async event(db: DbOrTx, clubId: number, eventId: number): Promise<DutyEvent | undefined> {
    const [row] = await db
      .select({
        id: events.id,
        nom: events.nom,
        type: events.type,
        dateDebut: events.dateDebut,
        lieux: events.lieux,
        timezone: clubs.timezone,
        clubNom: clubs.nom,
      })
      .from(events)
      .innerJoin(clubs, eq(clubs.id, events.clubId))
      .where(and(eq(events.clubId, clubId), eq(events.id, eventId)))
      .limit(1);
    if (!row) return undefined;
    const teams = await db
      .select({ id: eventTeams.teamId })
      .from(eventTeams)
      .where(and(eq(eventTeams.clubId, clubId), eq(eventTeams.eventId, eventId)));
    return { ...row, dateDebut: localDateTime(row.dateDebut), teamIds: teams.map((t) => t.id) };
  },

  async duties(db: DbOrTx, clubId: number, eventId: number): Promise<DutyRow[]> {
    return db
      .select(dutyColumns)
      .from(duties)
      .where(and(eq(duties.clubId, clubId), eq(duties.eventId, eventId)))
      .orderBy(asc(duties.position), asc(duties.id));
  },

  async duty(db: DbOrTx, clubId: number, dutyId: number): Promise<DutyRow | undefined> {
    const [row] = await db
      .select(dutyColumns)
      .from(duties)
      .where(and(eq(duties.clubId, clubId), eq(duties.id, dutyId)))
      .limit(1);
    return row;
  },

  async volunteers(db: DbOrTx, clubId: number, dutyIds: readonly number[]) {
    if (!dutyIds.length) return [] as VolunteerRow[];
    return db
      .select({
        dutyId: dutyVolunteers.dutyId,
        memberId: dutyVolunteers.memberId,
        nom: members.nom,
        prenom: members.prenom,
        forMemberId: dutyVolunteers.forMemberId,
        createdAt: dutyVolunteers.createdAt,
      })
      .from(dutyVolunteers)
      .innerJoin(
        members,
        and(eq(members.id, dutyVolunteers.memberId), eq(members.clubId, dutyVolunteers.clubId)),
      )
      .where(and(eq(dutyVolunteers.clubId, clubId), inArray(dutyVolunteers.dutyId, [...dutyIds])))
      .orderBy(asc(dutyVolunteers.createdAt), asc(members.id));
  },

  async insertDuty(
    db: DbOrTx,
    values: { clubId: number; eventId: number; position: number; libelle: string; places: number },
  ) {
    await db.insert(duties).values(values);
  },

  async updateDuty(
    db: DbOrTx,
    clubId: number,
    dutyId: number,
    values: { position: number; libelle: string; places: number },
  ) {
    await db
      .update(duties)
      .set(values)
      .where(and(eq(duties.clubId, clubId), eq(duties.id, dutyId)));
  },

  async deleteDuties(db: DbOrTx, clubId: number, ids: readonly number[]) {
    if (!ids.length) return;
    await db.delete(duties).where(and(eq(duties.clubId, clubId), inArray(duties.id, [...ids])));
  },

  /**
   * Takes one place if one is left: a conditional UPDATE, so that concurrent sign-ups queue on the
   * duty's row and each sees the count left by the previous one (the CHECK of the table is the
   * second line). False when the duty is full.
   */
  async takePlace(db: DbOrTx, clubId: number, dutyId: number): Promise<boolean> {
    const rows = await db
      .update(duties)
      .set({ placesPrises: sql`${duties.placesPrises} + 1` })
      .where(
        and(
          eq(duties.clubId, clubId),
          eq(duties.id, dutyId),
          sql`${duties.placesPrises} < ${duties.places}`,
        ),
      )
      .returning({ id: duties.id });
    return rows.length === 1;
  },

  /** Records the volunteer; false when they are already signed up for this duty. */
  async insertVolunteer(
    db: DbOrTx,
    values: {
      clubId: number;
      dutyId: number;
      memberId: number;
      forMemberId: number | null;
      signedUpBy: number;
    },
  ): Promise<boolean> {
    // The clock of the statement, not of the transaction: sign-ups of one request (the fair
    // proposal) keep their order.
    const rows = await db
      .insert(dutyVolunteers)
      .values({ ...values, createdAt: sql`clock_timestamp()` })
      .onConflictDoNothing()
      .returning({ id: dutyVolunteers.memberId });
    return rows.length === 1;
  },

  /** The volunteer row of `memberId` (who comes, or the child it is for), or undefined. */
  async volunteerOf(db: DbOrTx, clubId: number, dutyId: number, memberId: number) {
    const [row] = await db
      .select({
        memberId: dutyVolunteers.memberId,
        forMemberId: dutyVolunteers.forMemberId,
        remindedAt: dutyVolunteers.remindedAt,
      })
      .from(dutyVolunteers)
      .where(
        and(
          eq(dutyVolunteers.clubId, clubId),
          eq(dutyVolunteers.dutyId, dutyId),
          or(eq(dutyVolunteers.memberId, memberId), eq(dutyVolunteers.forMemberId, memberId)),
        ),
      )
      .orderBy(asc(dutyVolunteers.createdAt))
      .limit(1);
    return row;
  },

  /** Gives the place back (trigger of duty_volunteers); false when the member was not signed up. */
  async releasePlace(db: DbOrTx, clubId: number, dutyId: number, memberId: number) {
    const rows = await db
      .delete(dutyVolunteers)
      .where(
        and(
          eq(dutyVolunteers.clubId, clubId),
          eq(dutyVolunteers.dutyId, dutyId),
          eq(dutyVolunteers.memberId, memberId),
        ),
      )
      .returning({ id: dutyVolunteers.memberId });
    // The place itself is given back by the table's trigger (migration 0021).
    return rows.length > 0;
  },

  /** Marks the reminder sent; false when it already was, or the volunteer withdrew. */
  async claimReminder(db: DbOrTx, clubId: number, dutyId: number, memberId: number, at: Date) {
    const rows = await db
      .update(dutyVolunteers)
      .set({ remindedAt: at })
      .where(
        and(
          eq(dutyVolunteers.clubId, clubId),
          eq(dutyVolunteers.dutyId, dutyId),
          eq(dutyVolunteers.memberId, memberId),
          isNull(dutyVolunteers.remindedAt),
        ),
      )
      .returning({ id: dutyVolunteers.memberId });
    return rows.length === 1;
  },

  /** Every member of the club (id, names) and every guardian link: the families. */
  async familyGraph(db: DbOrTx, clubId: number) {
    const people = await db
      .select({ id: members.id, nom: members.nom, prenom: members.prenom })
      .from(members)
      .where(eq(members.clubId, clubId));
    const links = await db
      .select({ parentId: guardians.parentId, childId: guardians.childId })
      .from(guardians)
      .where(eq(guardians.clubId, clubId));
    return { people, links: links.map((l) => [l.parentId, l.childId] as const) };
  },

  /**
   * The member's family as the home and the calendar feed need it: the member, their children,
   * their children's other guardians and those guardians' children; a child's guardians and
   * siblings likewise (the guardian links, three hops: every real family).
   */
  async familyMemberIds(db: DbOrTx, clubId: number, memberId: number): Promise<number[]> {
    const family = new Set([memberId]);
    for (let hop = 0; hop < 3; hop++) {
      const ids = [...family];
      const links = await db
        .select({ parentId: guardians.parentId, childId: guardians.childId })
        .from(guardians)
        .where(
          and(
            eq(guardians.clubId, clubId),
            or(inArray(guardians.parentId, ids), inArray(guardians.childId, ids)),
          ),
        );
      const before = family.size;
      for (const l of links) family.add(l.parentId).add(l.childId);
      if (family.size === before) break;
    }
    return [...family];
  },

  /** The teams of a member (every membership). */
  async memberTeams(db: DbOrTx, clubId: number, memberId: number): Promise<number[]> {
    const rows = await db
      .select({ id: teamMemberships.teamId })
      .from(teamMemberships)
      .where(and(eq(teamMemberships.clubId, clubId), eq(teamMemberships.memberId, memberId)));
    return rows.map((r) => r.id);
  },

  /** Whether the team exists in the club. */
  async teamExists(db: DbOrTx, clubId: number, teamId: number) {
    const [row] = await db
      .select({ id: teams.id })
      .from(teams)
      .where(and(eq(teams.clubId, clubId), eq(teams.id, teamId)))
      .limit(1);
    return row !== undefined;
  },

  /** Whether the member exists in the club. */
  async memberExists(db: DbOrTx, clubId: number, memberId: number) {
    const [row] = await db
      .select({ id: members.id })
      .from(members)
      .where(and(eq(members.clubId, clubId), eq(members.id, memberId)))
      .limit(1);
    return row !== undefined;
  },

  /**
   * The players of these teams (memberships other than a coach's; every team of the club when
   * `teamIds` is empty): the families the fair proposal and the tally count.
   */
  async teamPlayers(db: DbOrTx, clubId: number, teamIds: readonly number[]) {
    const rows = await db
      .selectDistinct({ id: teamMemberships.memberId })
      .from(teamMemberships)
      .where(
        and(
          eq(teamMemberships.clubId, clubId),
          teamIds.length ? inArray(teamMemberships.teamId, [...teamIds]) : undefined,
          sql`${teamMemberships.role} is distinct from 'ENTRAINEUR'`,
          sql`${teamMemberships.role} is not null`,
        ),
      );
    return rows.map((r) => r.id);
  },

  /**
   * Every volunteer row of the season ([from, to] event dates) on events of these teams (every
   * event of the club when `teamIds` is empty): who came and for whom, and the event's day.
   */
  async seasonVolunteers(
    db: DbOrTx,
    clubId: number,
    range: { from: string; to: string },
    teamIds: readonly number[],
  ) {
    const teamFilter = teamIds.length
      ? sql`exists (select 1 from ${eventTeams} where ${eventTeams.eventId} = ${events.id}
          and ${eventTeams.clubId} = ${clubId} and ${inArray(eventTeams.teamId, [...teamIds])})`
      : undefined;
    return db
      .select({
        memberId: dutyVolunteers.memberId,
        forMemberId: dutyVolunteers.forMemberId,
        eventId: events.id,
        day: sql<string>`to_char(${events.dateDebut}, 'YYYY-MM-DD')`,
      })
      .from(dutyVolunteers)
      .innerJoin(
        duties,
        and(eq(duties.id, dutyVolunteers.dutyId), eq(duties.clubId, dutyVolunteers.clubId)),
      )
      .innerJoin(events, and(eq(events.id, duties.eventId), eq(events.clubId, duties.clubId)))
      .where(
        and(
          eq(dutyVolunteers.clubId, clubId),
          gte(events.dateDebut, `${range.from} 00:00:00`),
          lte(events.dateDebut, `${range.to} 23:59:59`),
          teamFilter,
        ),
      );
  },

  /** Every volunteer row of the club on the given day (club wall clock 'YYYY-MM-DD'). */
  async volunteersOnDay(db: DbOrTx, clubId: number, day: string) {
    return db
      .select({ memberId: dutyVolunteers.memberId, forMemberId: dutyVolunteers.forMemberId })
      .from(dutyVolunteers)
      .innerJoin(
        duties,
        and(eq(duties.id, dutyVolunteers.dutyId), eq(duties.clubId, dutyVolunteers.clubId)),
      )
      .innerJoin(events, and(eq(events.id, duties.eventId), eq(events.clubId, duties.clubId)))
      .where(
        and(
          eq(dutyVolunteers.clubId, clubId),
          gte(events.dateDebut, `${day} 00:00:00`),
          lte(events.dateDebut, `${day} 23:59:59`),
        ),
      );
  },

  /** Members who answered « indisponible » for the event (its match's convocation, or a training). */
  async unavailable(db: DbOrTx, clubId: number, eventId: number): Promise<number[]> {
    const conv = await db
      .select({ id: convocations.memberId })
      .from(convocations)
      .innerJoin(
        matches,
        and(eq(matches.id, convocations.matchId), eq(matches.clubId, convocations.clubId)),
      )
      .where(
        and(
          eq(convocations.clubId, clubId),
          eq(matches.eventId, eventId),
          eq(convocations.statutPresence, 'INDISPONIBLE'),
        ),
      );
    const pres = await db
      .select({ id: eventPresences.memberId })
      .from(eventPresences)
      .where(
        and(
          eq(eventPresences.clubId, clubId),
          eq(eventPresences.eventId, eventId),
          eq(eventPresences.statutPresence, 'INDISPONIBLE'),
        ),
      );
    return [...new Set([...conv, ...pres].map((r) => r.id))];
  },

  /** Mail and push recipients among these members (e-mail and notification preferences). */
  async recipients(db: DbOrTx, clubId: number, ids: readonly number[]) {
    if (!ids.length) return [];
    return db
      .select(recipientColumns)
      .from(members)
      .where(and(eq(members.clubId, clubId), inArray(members.id, [...ids])));
  },

  /** The coaches of these teams (ENTRAINEUR memberships), as recipients. */
  async coaches(db: DbOrTx, clubId: number, teamIds: readonly number[]) {
    if (!teamIds.length) return [];
    return db
      .selectDistinct(recipientColumns)
      .from(teamMemberships)
      .innerJoin(
        members,
        and(eq(members.id, teamMemberships.memberId), eq(members.clubId, teamMemberships.clubId)),
      )
      .where(
        and(
          eq(teamMemberships.clubId, clubId),
          inArray(teamMemberships.teamId, [...teamIds]),
          eq(teamMemberships.role, 'ENTRAINEUR'),
        ),
      );
  },

  async templates(db: DbOrTx, clubId: number, teamId: number) {
    return db
      .select({
        libelle: dutyTemplates.libelle,
        places: dutyTemplates.places,
        types: dutyTemplates.types,
      })
      .from(dutyTemplates)
      .where(and(eq(dutyTemplates.clubId, clubId), eq(dutyTemplates.teamId, teamId)))
      .orderBy(asc(dutyTemplates.position), asc(dutyTemplates.id));
  },

  async replaceTemplates(
    db: DbOrTx,
    clubId: number,
    teamId: number,
    rows: readonly { libelle: string; places: number; types: string[] }[],
  ) {
    await db
      .delete(dutyTemplates)
      .where(and(eq(dutyTemplates.clubId, clubId), eq(dutyTemplates.teamId, teamId)));
    if (rows.length)
      await db
        .insert(dutyTemplates)
        .values(rows.map((r, position) => ({ clubId, teamId, position, ...r })));
  },

  /**
   * The next duties of these members (who come, or the child it is for) from `fromLocal` (club
   * wall clock): the home's « À faire » and the calendar feed.
   */
  async upcomingFor(
    db: DbOrTx,
    clubId: number,
    memberIds: readonly number[],
    fromLocal: string,
    limit = 50,
  ) {
    if (!memberIds.length) return [];
    const rows = await db
      .select({
        dutyId: duties.id,
        libelle: duties.libelle,
        eventId: events.id,
        eventNom: events.nom,
        eventType: events.type,
        dateDebut: events.dateDebut,
        dateFin: events.dateFin,
        lieux: events.lieux,
        memberId: dutyVolunteers.memberId,
        memberPrenom: members.prenom,
        memberNom: members.nom,
        forMemberId: dutyVolunteers.forMemberId,
      })
      .from(dutyVolunteers)
      .innerJoin(
        duties,
        and(eq(duties.id, dutyVolunteers.dutyId), eq(duties.clubId, dutyVolunteers.clubId)),
      )
      .innerJoin(events, and(eq(events.id, duties.eventId), eq(events.clubId, duties.clubId)))
      .innerJoin(
        members,
        and(eq(members.id, dutyVolunteers.memberId), eq(members.clubId, dutyVolunteers.clubId)),
      )
      .where(
        and(
          eq(dutyVolunteers.clubId, clubId),
          or(
            inArray(dutyVolunteers.memberId, [...memberIds]),
            inArray(dutyVolunteers.forMemberId, [...memberIds]),
          ),
          gte(events.dateDebut, fromLocal.replace('T', ' ')),
        ),
      )
      .orderBy(asc(events.dateDebut), asc(duties.position), asc(duties.id))
      .limit(limit);
    return rows.map((r) => ({
      ...r,
      dateDebut: localDateTime(r.dateDebut),
      dateFin: localDateTime(r.dateFin),
    }));
  },
};
