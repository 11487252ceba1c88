import {
  CARPOOL_PERMISSIONS,
  ZCarpoolBookSchema,
  ZCarpoolOfferListSchema,
  ZCarpoolOfferParamsSchema,
  ZCarpoolOfferSchema,
  ZCarpoolOfferWriteSchema,
  ZCarpoolSeatParamsSchema,
} from '../carpool.ts';
import { ZIdParamsSchema, ZMessageSchema } from '../schemas/common.ts';
import { can, defineEndpoint } from './endpoint.ts';

const tags = ['covoiturage'];

export const carpoolEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/evenements/:id/covoiturage',
    tags,
    summary: 'Covoiturages proposés pour un événement (places restantes, passagers)',
    access: can(CARPOOL_PERMISSIONS, 'read'),
    params: ZIdParamsSchema,
    responses: { 200: ZCarpoolOfferListSchema },
  }),
  offer: defineEndpoint({
    method: 'POST',
    path: '/api/evenements/:id/covoiturage',
    tags,
    summary: 'Propose des places en voiture pour un événement (le membre connecté conduit)',
    access: can(CARPOOL_PERMISSIONS, 'offer'),
    params: ZIdParamsSchema,
    body: ZCarpoolOfferWriteSchema,
    responses: { 201: ZCarpoolOfferSchema },
  }),
  book: defineEndpoint({
    method: 'POST',
    path: '/api/covoiturage/:offreId/passagers',
    tags,
    summary:
      'Réserve une place pour soi ou son enfant ; 409 « Plus de place disponible. » quand la voiture est pleine',
    description:
      'Le nombre de places est garanti par la base de données : des réservations simultanées ' +
      'ne dépassent jamais les places proposées.',
    access: can(CARPOOL_PERMISSIONS, 'book'),
    params: ZCarpoolOfferParamsSchema,
    body: ZCarpoolBookSchema,
    responses: { 200: ZCarpoolOfferSchema },
  }),
  unbook: defineEndpoint({
    method: 'DELETE',
    path: '/api/covoiturage/:offreId/passagers/:membreId',
    tags,
    summary: 'Libère la place réservée pour soi ou son enfant',
    access: can(CARPOOL_PERMISSIONS, 'unbook'),
    params: ZCarpoolSeatParamsSchema,
    responses: { 200: ZCarpoolOfferSchema },
  }),
  cancel: defineEndpoint({
    method: 'DELETE',
    path: '/api/covoiturage/:offreId',
    tags,
    summary: 'Annule une proposition de covoiturage (le conducteur ; les passagers sont prévenus)',
    access: can(CARPOOL_PERMISSIONS, 'cancel'),
    params: ZCarpoolOfferParamsSchema,
    responses: { 200: ZMessageSchema },
  }),
};
