import { z } from 'zod';
import { ZLocalDateTimeSchema } from './events.ts';
import { definePermissions, leadersRow } from './permissions.ts';
import { ZIdSchema, requiredText, ZPersonRefSchema } from './schemas/common.ts';

/**
 * Carpooling for any event (docs/decisions/0061-carpool-seats-in-the-database.md):
 *
 *   GET    /api/evenements/{id}/covoiturage                    → TCarpoolOffer[]
 *   POST   /api/evenements/{id}/covoiturage  {places, depart, heureDepart} → 201 TCarpoolOffer
 *   POST   /api/covoiturage/{offreId}/passagers  {membreId}    → TCarpoolOffer (409 when full)
 *   DELETE /api/covoiturage/{offreId}/passagers/{membreId}     → TCarpoolOffer
 *   DELETE /api/covoiturage/{offreId}                          → {message} (passengers mailed)
 *
 * Who: whoever reads the event sees and offers rides; a seat is booked for oneself or one's own
 * child, and given back by the same; the driver (or a leader) cancels the offer.
 */

export const CARPOOL_LIMITS = { placesMin: 1, placesMax: 8, departMax: 200 } as const;

export const CARPOOL_MESSAGES = {
  full: 'Plus de place disponible.',
  alreadyBooked: 'Ce passager a déjà une place dans cette voiture.',
  driverOwnCar: 'Le conducteur ne réserve pas de place dans sa propre voiture.',
  placesRange: `Indiquez entre ${CARPOOL_LIMITS.placesMin} et ${CARPOOL_LIMITS.placesMax} places.`,
  placesInteger: 'Le nombre de places doit être un nombre entier.',
  offerCancelled: 'Covoiturage annulé.',
  eventOver: 'Cet événement est passé : le covoiturage est fermé.',
  passengerNotInEvent:
    'Cet enfant ne participe pas à cet événement (il n’est pas convoqué ou pas dans l’équipe) : pas de place à réserver pour lui.',
} as const;

/**
 * Targets: list and offer → {teamIds: the event's teams} (the events' read rule); book and unbook
 * → {memberId: the passenger}; cancel → {memberId: the driver}.
 */
export const CARPOOL_PERMISSIONS = definePermissions({
  read: {
    ...leadersRow('club', ['sharedTeam', 'clubWide']),
    PARENT: ['sharedTeam', 'clubWide', 'childrensTeams'],
  },
  offer: {
    ...leadersRow('club', ['sharedTeam', 'clubWide']),
    PARENT: ['sharedTeam', 'clubWide', 'childrensTeams'],
  },
  /** A seat for oneself or one's own child, whatever the role. */
  book: leadersRow(['self', 'children'], ['self', 'children']),
  unbook: leadersRow(['self', 'children'], ['self', 'children']),
  /** The driver; the leaders too (an offer left by mistake). */
  cancel: leadersRow('club', ['self']),
});
export type TCarpoolAction = keyof typeof CARPOOL_PERMISSIONS;

export const ZCarpoolOfferWriteSchema = z
  .object({
    places: z
      .number({ error: CARPOOL_MESSAGES.placesInteger })
      .int(CARPOOL_MESSAGES.placesInteger)
      .min(CARPOOL_LIMITS.placesMin, CARPOOL_MESSAGES.placesRange)
      .max(CARPOOL_LIMITS.placesMax, CARPOOL_MESSAGES.placesRange),
    depart: requiredText(CARPOOL_LIMITS.departMax),
    heureDepart: ZLocalDateTimeSchema,
  })
  .strict();
export type TCarpoolOfferWrite = z.input<typeof ZCarpoolOfferWriteSchema>;

export const ZCarpoolBookSchema = z.object({ membreId: ZIdSchema }).strict();
export type TCarpoolBook = z.input<typeof ZCarpoolBookSchema>;

export const ZCarpoolOfferSchema = z.object({
  id: z.number(),
  evenementId: z.number(),
  conducteur: ZPersonRefSchema,
  places: z.number(),
  placesRestantes: z.number(),
  depart: z.string(),
  /** Club wall clock 'YYYY-MM-DDThh:mm:ss'. */
  heureDepart: z.string(),
  passagers: z.array(ZPersonRefSchema),
});
export type TCarpoolOffer = z.infer<typeof ZCarpoolOfferSchema>;
export const ZCarpoolOfferListSchema = z.array(ZCarpoolOfferSchema);

export const ZCarpoolOfferParamsSchema = z.object({ offreId: ZIdSchema });
export const ZCarpoolSeatParamsSchema = z.object({ offreId: ZIdSchema, membreId: ZIdSchema });
