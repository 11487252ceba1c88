import {
  MATCH_SHEET_PERMISSIONS,
  ZActionParamsSchema,
  ZMatchActionInputSchema,
  ZMatchActionSchema,
  ZMatchLiveSchema,
  ZPublicLinkSchema,
  ZPublicLiveParamsSchema,
  ZPublicMatchLiveSchema,
  ZSheetSchema,
  ZSheetUpdateSchema,
} from '../match-sheet.ts';
import { ZIdParamsSchema, ZMessageSchema } from '../schemas/common.ts';
import { PUBLIC, can, defineEndpoint } from './endpoint.ts';

const tags = ['matches'];

/** The match sheet, live actions and the public live link (decisions 0125–0129). */
export const matchSheetEndpoints = {
  sheet: defineEndpoint({
    method: 'GET',
    path: '/api/matches/:id/feuille',
    tags,
    summary:
      'Feuille de match : titulaires, remplaçants et numéros (par défaut, la sélection publiée)',
    access: can(MATCH_SHEET_PERMISSIONS, 'read'),
    params: ZIdParamsSchema,
    responses: { 200: ZSheetSchema },
  }),
  updateSheet: defineEndpoint({
    method: 'PUT',
    path: '/api/matches/:id/feuille',
    tags,
    summary: 'Enregistre la feuille de match (entraîneur de l’équipe ou dirigeants)',
    access: can(MATCH_SHEET_PERMISSIONS, 'write'),
    params: ZIdParamsSchema,
    body: ZSheetUpdateSchema,
    responses: { 200: ZSheetSchema },
  }),
  addAction: defineEndpoint({
    method: 'POST',
    path: '/api/matches/:id/actions',
    tags,
    summary:
      'Ajoute une action du direct (types selon le sport du club) ; la même clé deux fois enregistre une seule action',
    access: can(MATCH_SHEET_PERMISSIONS, 'write'),
    params: ZIdParamsSchema,
    body: ZMatchActionInputSchema,
    responses: { 201: ZMatchActionSchema, 200: ZMatchActionSchema },
  }),
  removeAction: defineEndpoint({
    method: 'DELETE',
    path: '/api/matches/:id/actions/:actionId',
    tags,
    summary: 'Annule une action (le score suit)',
    access: can(MATCH_SHEET_PERMISSIONS, 'write'),
    params: ZActionParamsSchema,
    responses: { 200: ZMatchLiveSchema },
  }),
  live: defineEndpoint({
    method: 'GET',
    path: '/api/matches/:id/direct',
    tags,
    summary:
      'Direct du match : score calculé des actions, actions, statut ; écart avec le score saisi',
    access: can(MATCH_SHEET_PERMISSIONS, 'read'),
    params: ZIdParamsSchema,
    responses: { 200: ZMatchLiveSchema },
  }),
  share: defineEndpoint({
    method: 'POST',
    path: '/api/matches/:id/lien-public',
    tags,
    summary:
      'Crée le lien public du direct (lecture seule, prénoms seulement) ; révoque le précédent',
    access: can(MATCH_SHEET_PERMISSIONS, 'share'),
    params: ZIdParamsSchema,
    responses: { 200: ZPublicLinkSchema },
  }),
  revokeShare: defineEndpoint({
    method: 'DELETE',
    path: '/api/matches/:id/lien-public',
    tags,
    summary: 'Révoque le lien public du direct',
    access: can(MATCH_SHEET_PERMISSIONS, 'share'),
    params: ZIdParamsSchema,
    responses: { 200: ZMessageSchema },
  }),
  publicLive: defineEndpoint({
    method: 'GET',
    path: '/api/direct/:jeton',
    tags,
    summary:
      'Direct public d’un match (sans compte) : score et actions, prénoms seulement ; noindex',
    description:
      'Le jeton est le secret : seule son empreinte est gardée. Lien révoqué ou inconnu : 404.',
    access: PUBLIC,
    params: ZPublicLiveParamsSchema,
    responses: { 200: ZPublicMatchLiveSchema },
  }),
};
