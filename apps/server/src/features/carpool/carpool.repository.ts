import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import {
  carpoolOffers,
  carpoolSeats,
  clubs,
  convocations,
  eventTeams,
  events,
  matches,
  members,
  teamMemberships,
} from '../../db/schema.ts';

const driver = alias(members, 'driver');

/** 'YYYY-MM-DD HH:mm:ss' as stored → 'YYYY-MM-DDTHH:mm:ss'. */
const localDateTime = (v: string) => v.replace(' ', 'T').slice(0, 19);

export interface OfferRow {
  id: number;
  eventId: number;
  driverId: number;
  driverNom: string;
  driverPrenom: string;
  places: number;
  placesPrises: number;
  depart: string;
  heureDepart: string;
}
export interface Passenger {
  offerId: number;
  id: number;
  nom: string;
  prenom: string;
  bookedBy: number | null;
}

const offerColumns = {
  id: carpoolOffers.id,
  eventId: carpoolOffers.eventId,
  driverId: carpoolOffers.driverId,
  driverNom: driver.nom,
  driverPrenom: driver.prenom,
  places: carpoolOffers.places,
  placesPrises: carpoolOffers.placesPrises,
  depart: carpoolOffers.depart,
  heureDepart: carpoolOffers.heureDepart,
};

/** The only queries of the carpooling feature; every one is filtered by the club id. */
export const carpoolRepository = {
  /** The event (name, start) and its teams ([] = every team), or undefined. */
  async event(db: DbOrTx, clubId: number, eventId: number) {
    const [row] = await db
      .select({
        id: events.id,
        nom: events.nom,
        dateDebut: events.dateDebut,
        timezone: clubs.timezone,
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

  /**
   * Whether the member takes part in the event: for a match, convoked and not published as
   * NON_RETENU; for another event of teams, in one of them; for a club-wide event, anyone.
   */
  async takesPart(
    db: DbOrTx,
    clubId: number,
    event: { id: number; teamIds: number[] },
    memberId: number,
  ): Promise<boolean> {
    const [match] = await db
      .select({ id: matches.id })
      .from(matches)
      .where(and(eq(matches.clubId, clubId), eq(matches.eventId, event.id)))
      .limit(1);
    if (match) {
      const [row] = await db
        .select({ id: convocations.id })
        .from(convocations)
        .where(
          and(
            eq(convocations.clubId, clubId),
            eq(convocations.matchId, match.id),
            eq(convocations.memberId, memberId),
            sql`${convocations.selectionPublished} is distinct from 'NON_RETENU'`,
          ),
        )
        .limit(1);
      return row !== undefined;
    }
    if (event.teamIds.length === 0) return true;
    const [row] = await db
      .select({ id: teamMemberships.memberId })
      .from(teamMemberships)
      .where(
        and(
          eq(teamMemberships.clubId, clubId),
          eq(teamMemberships.memberId, memberId),
          inArray(teamMemberships.teamId, event.teamIds),
        ),
      )
      .limit(1);
    return row !== undefined;
  },

  async offers(db: DbOrTx, clubId: number, eventId: number): Promise<OfferRow[]> {
    const rows = await db
      .select(offerColumns)
      .from(carpoolOffers)
      .innerJoin(
        driver,
        and(eq(driver.id, carpoolOffers.driverId), eq(driver.clubId, carpoolOffers.clubId)),
      )
      .where(and(eq(carpoolOffers.clubId, clubId), eq(carpoolOffers.eventId, eventId)))
      .orderBy(asc(carpoolOffers.heureDepart), asc(carpoolOffers.id));
    return rows.map((r) => ({ ...r, heureDepart: localDateTime(r.heureDepart) }));
  },

  async offer(db: DbOrTx, clubId: number, offerId: number): Promise<OfferRow | undefined> {
    const [row] = await db
      .select(offerColumns)
      .from(carpoolOffers)
      .innerJoin(
        driver,
        and(eq(driver.id, carpoolOffers.driverId), eq(driver.clubId, carpoolOffers.clubId)),
      )
      .where(and(eq(carpoolOffers.clubId, clubId), eq(carpoolOffers.id, offerId)))
      .limit(1);
    return row ? { ...row, heureDepart: localDateTime(row.heureDepart) } : undefined;
  },

  async passengers(db: DbOrTx, clubId: number, offerIds: readonly number[]): Promise<Passenger[]> {
    if (!offerIds.length) return [];
    return db
      .select({
        offerId: carpoolSeats.offerId,
        id: members.id,
        nom: members.nom,
        prenom: members.prenom,
        bookedBy: carpoolSeats.bookedBy,
      })
      .from(carpoolSeats)
      .innerJoin(
        members,
        and(eq(members.id, carpoolSeats.memberId), eq(members.clubId, carpoolSeats.clubId)),
      )
      .where(and(eq(carpoolSeats.clubId, clubId), inArray(carpoolSeats.offerId, [...offerIds])))
      .orderBy(asc(carpoolSeats.createdAt), asc(members.id));
  },

  async insertOffer(
    db: DbOrTx,
    values: {
      clubId: number;
      eventId: number;
      driverId: number;
      places: number;
      depart: string;
      heureDepart: string;
    },
  ): Promise<number> {
    const [row] = await db.insert(carpoolOffers).values(values).returning({ id: carpoolOffers.id });
    return row!.id;
  },

  /**
   * Takes one seat if one is left: a conditional UPDATE, so that concurrent bookings queue on
   * the offer's row and each sees the count left by the previous one (the CHECK of the table is
   * the second line). False when the car is full.
   */
  async takeSeat(db: DbOrTx, clubId: number, offerId: number): Promise<boolean> {
    const rows = await db
      .update(carpoolOffers)
      .set({ placesPrises: sql`${carpoolOffers.placesPrises} + 1` })
      .where(
        and(
          eq(carpoolOffers.clubId, clubId),
          eq(carpoolOffers.id, offerId),
          sql`${carpoolOffers.placesPrises} < ${carpoolOffers.places}`,
        ),
      )
      .returning({ id: carpoolOffers.id });
    return rows.length === 1;
  },

  /** Records the passenger; false when they already have a seat in this car. */
  async insertSeat(
    db: DbOrTx,
    values: { clubId: number; offerId: number; memberId: number; bookedBy: number },
  ): Promise<boolean> {
    const rows = await db
      .insert(carpoolSeats)
      .values(values)
      .onConflictDoNothing()
      .returning({ id: carpoolSeats.memberId });
    return rows.length === 1;
  },

  /** Gives a seat back; false when the member had none. */
  async releaseSeat(db: DbOrTx, clubId: number, offerId: number, memberId: number) {
    const rows = await db
      .delete(carpoolSeats)
      .where(
        and(
          eq(carpoolSeats.clubId, clubId),
          eq(carpoolSeats.offerId, offerId),
          eq(carpoolSeats.memberId, memberId),
        ),
      )
      .returning({ id: carpoolSeats.memberId });
    if (!rows.length) return false;
    await db
      .update(carpoolOffers)
      .set({ placesPrises: sql`${carpoolOffers.placesPrises} - 1` })
      .where(and(eq(carpoolOffers.clubId, clubId), eq(carpoolOffers.id, offerId)));
    return true;
  },

  async deleteOffer(db: DbOrTx, clubId: number, offerId: number) {
    await db
      .delete(carpoolOffers)
      .where(and(eq(carpoolOffers.clubId, clubId), eq(carpoolOffers.id, offerId)));
  },

  /** Mail recipients among these members (e-mail and notification preferences). */
  async recipients(db: DbOrTx, clubId: number, ids: readonly number[]) {
    if (!ids.length) return [];
    return db
      .select({
        id: members.id,
        nom: members.nom,
        prenom: members.prenom,
        email: members.email,
        notificationEmails: members.notificationEmails,
        notificationPrefs: members.notificationPrefs,
      })
      .from(members)
      .where(and(eq(members.clubId, clubId), inArray(members.id, [...ids])));
  },
};
