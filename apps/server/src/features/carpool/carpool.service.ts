import {
  CARPOOL_MESSAGES,
  wantsNotification,
  type TCarpoolOffer,
  type TCarpoolOfferWrite,
} from '@club/contract';
import type { FastifyInstance } from 'fastify';
import { found, memberRef, type Actor } from '../../authz/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { transactionExecutor } from '../../jobs/job-queue.ts';
import { audit } from '../../lib/audit.ts';
import type { Clock } from '../../lib/clock.ts';
import { clubLocalDateTime } from '../../lib/club-time.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { Mailer } from '../../plugins/mailer.ts';
import { renderNotificationMail, type Links } from '../notifications/index.ts';
import {
  assertMayBookSeatForSelfOrChild,
  assertMayCancelOwnRide,
  assertMayGiveBackSeatOfSelfOrChild,
  assertMayOfferRideToOwnTeamsEvent,
  assertMayReadOwnTeamsEventRides,
} from './carpool.policy.ts';
import { carpoolRepository as repo, type OfferRow, type Passenger } from './carpool.repository.ts';

/** 'YYYY-MM-DDTHH:mm:ss' → 'le 05/12 à 13h30'. */
const shortDateTime = (v: string) =>
  `le ${v.slice(8, 10)}/${v.slice(5, 7)} à ${v.slice(11, 13)}h${v.slice(14, 16)}`;

function offerJson(o: OfferRow, passengers: Passenger[]): TCarpoolOffer {
  return {
    id: o.id,
    evenementId: o.eventId,
    conducteur: memberRef({ id: o.driverId, nom: o.driverNom, prenom: o.driverPrenom }),
    places: o.places,
    placesRestantes: o.places - o.placesPrises,
    depart: o.depart,
    heureDepart: o.heureDepart,
    passagers: passengers
      .filter((p) => p.offerId === o.id)
      .map((p) => memberRef({ id: p.id, nom: p.nom, prenom: p.prenom })),
  };
}

export interface CarpoolDeps {
  db: DbOrTx;
  mailer: Mailer;
  push: FastifyInstance['push'];
  links: (clubId: number, memberId: number) => Links;
  clock: Clock;
}

/**
 * Carpooling (docs/decisions/0061-carpool-seats-in-the-database.md): CARPOOL_PERMISSIONS
 * (carpool.policy.ts), and the seat count kept by the database. Another club's or a missing id answers 404 first.
 */
export function createCarpoolService({ db, mailer, push, links, clock }: CarpoolDeps) {
  /** Once the event has started, rides are neither offered nor booked (409 in French). */
  function assertNotStarted(event: { dateDebut: string; timezone: string }) {
    if (clubLocalDateTime(event.timezone, clock.now()) >= event.dateDebut)
      throw new HttpError(409, CARPOOL_MESSAGES.eventOver);
  }
  async function loadEvent(tx: DbOrTx, actor: Actor, eventId: number) {
    const event = found(await repo.event(tx, actor.clubId, eventId));
    assertMayReadOwnTeamsEventRides(actor, event);
    return event;
  }
  async function loadOffer(tx: DbOrTx, actor: Actor, offerId: number) {
    const offer = found(await repo.offer(tx, actor.clubId, offerId));
    const event = await loadEvent(tx, actor, offer.eventId);
    return { offer, event };
  }
  async function answer(tx: DbOrTx, clubId: number, offerId: number) {
    const offer = found(await repo.offer(tx, clubId, offerId));
    return offerJson(offer, await repo.passengers(tx, clubId, [offer.id]));
  }

  return {
    /** GET /api/evenements/{id}/covoiturage */
    async list(actor: Actor, eventId: number): Promise<TCarpoolOffer[]> {
      await loadEvent(db, actor, eventId);
      const offers = await repo.offers(db, actor.clubId, eventId);
      const passengers = await repo.passengers(
        db,
        actor.clubId,
        offers.map((o) => o.id),
      );
      return offers.map((o) => offerJson(o, passengers));
    },

    /** POST /api/evenements/{id}/covoiturage: the signed-in member drives. */
    async offer(actor: Actor, eventId: number, input: TCarpoolOfferWrite): Promise<TCarpoolOffer> {
      const event = await loadEvent(db, actor, eventId);
      assertMayOfferRideToOwnTeamsEvent(actor, event);
      assertNotStarted(event);
      const id = await repo.insertOffer(db, {
        clubId: actor.clubId,
        eventId,
        driverId: actor.id,
        places: input.places,
        depart: input.depart,
        heureDepart: input.heureDepart,
      });
      await audit(db, {
        clubId: actor.clubId,
        actorMemberId: actor.id,
        action: 'create',
        entity: 'carpool_offer',
        entityId: id,
        details: { eventId, places: input.places },
      });
      return answer(db, actor.clubId, id);
    },

    /**
     * POST /api/covoiturage/{offreId}/passagers {membreId}: a seat for oneself or one's child.
     * The seat is taken by a conditional UPDATE (never more than the places), in a savepoint
     * so that a refused booking leaves nothing behind.
     */
    async book(actor: Actor, offerId: number, memberId: number): Promise<TCarpoolOffer> {
      const { offer, event } = await loadOffer(db, actor, offerId);
      assertMayBookSeatForSelfOrChild(actor, memberId, event);
      if (memberId === offer.driverId) throw new HttpError(409, CARPOOL_MESSAGES.driverOwnCar);
      assertNotStarted(event);
      // A seat for a child goes to a child who plays: convoked to the match, or of the event's
      // teams (docs/decisions/0061-carpool-seats-in-the-database.md); oneself may always ride.
      if (memberId !== actor.id && !(await repo.takesPart(db, actor.clubId, event, memberId)))
        throw new HttpError(422, CARPOOL_MESSAGES.passengerNotInEvent);
      await db.transaction(async (tx) => {
        if (
          !(await repo.insertSeat(tx, {
            clubId: actor.clubId,
            offerId,
            memberId,
            bookedBy: actor.id,
          }))
        )
          throw new HttpError(409, CARPOOL_MESSAGES.alreadyBooked);
        if (!(await repo.takeSeat(tx, actor.clubId, offerId)))
          throw new HttpError(409, CARPOOL_MESSAGES.full);
        await audit(tx, {
          clubId: actor.clubId,
          actorMemberId: actor.id,
          action: 'create',
          entity: 'carpool_seat',
          entityId: offerId,
          details: { memberId },
        });
      });
      return answer(db, actor.clubId, offerId);
    },

    /** DELETE /api/covoiturage/{offreId}/passagers/{membreId}: gives the seat back. */
    async unbook(actor: Actor, offerId: number, memberId: number): Promise<TCarpoolOffer> {
      const { event } = await loadOffer(db, actor, offerId);
      assertMayGiveBackSeatOfSelfOrChild(actor, memberId, event);
      if (await repo.releaseSeat(db, actor.clubId, offerId, memberId))
        await audit(db, {
          clubId: actor.clubId,
          actorMemberId: actor.id,
          action: 'delete',
          entity: 'carpool_seat',
          entityId: offerId,
          details: { memberId },
        });
      return answer(db, actor.clubId, offerId);
    },

    /** DELETE /api/covoiturage/{offreId}: the driver (or a leader); the passengers are told. */
    async cancel(actor: Actor, offerId: number): Promise<{ message: string }> {
      const { offer, event } = await loadOffer(db, actor, offerId);
      assertMayCancelOwnRide(actor, offer, event);
      const passengers = await repo.passengers(db, actor.clubId, [offer.id]);
      // The passengers, and whoever booked for them (a parent for a child).
      const ids = new Set<number>();
      for (const p of passengers) {
        ids.add(p.id);
        if (p.bookedBy !== null) ids.add(p.bookedBy);
      }
      ids.delete(offer.driverId);
      await repo.deleteOffer(db, actor.clubId, offerId);
      const title = `Covoiturage annulé : ${event.nom} ${shortDateTime(event.dateDebut)}`;
      const text = `${offer.driverPrenom} ${offer.driverNom} ne peut plus assurer le covoiturage (départ ${offer.depart}, ${shortDateTime(offer.heureDepart)}). Pensez à trouver une autre solution pour vous rendre à « ${event.nom} ».`;
      const executor = transactionExecutor(db);
      for (const r of await repo.recipients(db, actor.clubId, [...ids])) {
        await push.notify(db, {
          clubId: actor.clubId,
          timezone: event.timezone,
          memberIds: [r.id],
          kind: 'changements',
          message: { titre: title, corps: text, url: '/calendrier' },
        });
        // A child without e-mail (decision 0111) has the push only; whoever booked is told too.
        if (!r.email || !wantsNotification(r, 'changements', 'email')) continue;
        await mailer.send(
          renderNotificationMail(
            title,
            [
              { kind: 'p', text: `Bonjour ${r.prenom},` },
              { kind: 'p', text },
            ],
            links(actor.clubId, r.id),
            r.email,
          ),
          { db: executor },
        );
      }
      await audit(db, {
        clubId: actor.clubId,
        actorMemberId: actor.id,
        action: 'delete',
        entity: 'carpool_offer',
        entityId: offerId,
        details: { eventId: offer.eventId, passagers: passengers.length },
      });
      return { message: CARPOOL_MESSAGES.offerCancelled };
    },
  };
}
