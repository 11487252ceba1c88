import { z } from 'zod';
import {
  CONVOCATION_PERMISSIONS,
  MATCH_PERMISSIONS,
  ZConvocationListSchema,
  ZConvocationUpdateSchema,
  ZMatchCancelSchema,
  ZMatchListQuerySchema,
  ZMatchListSchema,
  ZMatchSchema,
  ZScoreConflictSchema,
  ZScoreInputSchema,
  ZSelectionUpdateSchema,
} from '../matches.ts';
import { ZIdParamsSchema, safeString } from '../schemas/common.ts';
import { can, defineEndpoint } from './endpoint.ts';

const tags = ['matches'];

/** The version of the score the editor started from (a stale edit answers 409). */
export const ZIfMatchHeadersSchema = z.looseObject({ 'if-match': safeString().max(80).optional() });

export const matchesEndpoints = {
  listTeam: defineEndpoint({
    method: 'GET',
    path: '/api/matches/equipe/:id',
    tags,
    summary:
      'Matches d’une équipe (à domicile ou à l’extérieur), par date de début ; filtre ?statut=, pages optionnelles',
    access: can(MATCH_PERMISSIONS, 'read'),
    params: ZIdParamsSchema,
    query: ZMatchListQuerySchema,
    responses: { 200: ZMatchListSchema },
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/matches/:id',
    tags,
    summary: 'Un match',
    access: can(MATCH_PERMISSIONS, 'read'),
    params: ZIdParamsSchema,
    responses: { 200: ZMatchSchema },
  }),
  score: defineEndpoint({
    method: 'PUT',
    path: '/api/matches/:id/score',
    tags,
    summary:
      'Saisit le score (entraîneur de l’équipe ou dirigeants, match en cours ou terminé) ; 409 avec le score actuel si quelqu’un l’a modifié entre-temps',
    access: can(MATCH_PERMISSIONS, 'editScore'),
    params: ZIdParamsSchema,
    headers: ZIfMatchHeadersSchema,
    body: ZScoreInputSchema,
    responses: { 200: ZMatchSchema, 409: ZScoreConflictSchema },
  }),
  cancel: defineEndpoint({
    method: 'PUT',
    path: '/api/matches/:id/annulation',
    tags,
    summary: 'Annule le match ou lève son annulation (entraîneur de l’équipe ou dirigeants)',
    access: can(MATCH_PERMISSIONS, 'cancel'),
    params: ZIdParamsSchema,
    body: ZMatchCancelSchema,
    responses: { 200: ZMatchSchema },
  }),
  convocations: defineEndpoint({
    method: 'GET',
    path: '/api/matches/:id/convocations',
    tags,
    summary:
      'Convocation du match ; les justificatifs ne sont visibles que de l’entraîneur, des dirigeants, du joueur et de ses parents',
    access: can(CONVOCATION_PERMISSIONS, 'read'),
    params: ZIdParamsSchema,
    responses: { 200: ZConvocationListSchema },
  }),
  answerConvocations: defineEndpoint({
    method: 'PUT',
    path: '/api/matches/:id/convocations',
    tags,
    summary:
      'Répond à la convocation : l’entraîneur et les dirigeants pour tous, un joueur actif pour lui-même, un parent pour ses enfants',
    access: can(CONVOCATION_PERMISSIONS, 'answer'),
    params: ZIdParamsSchema,
    body: ZConvocationUpdateSchema,
    responses: { 200: ZConvocationListSchema },
  }),
  selection: defineEndpoint({
    method: 'PUT',
    path: '/api/matches/:id/selection',
    tags,
    summary:
      'Sélection du match (entraîneur de l’équipe ou dirigeants) : SELECTIONNE, REMPLACANT ou NON_RETENU par joueur ; avec publier, chaque joueur est prévenu une fois',
    description:
      'Un joueur indisponible ou non actif ne peut être ni sélectionné ni remplaçant (409). ' +
      'Publier envoie à chaque joueur (et à ses parents) sa sélection avec l’heure et le lieu du ' +
      'rendez-vous, puis de nouveau seulement si elle change. Les joueurs ne voient leur ' +
      'sélection qu’une fois publiée.',
    access: can(CONVOCATION_PERMISSIONS, 'select'),
    params: ZIdParamsSchema,
    body: ZSelectionUpdateSchema,
    responses: { 200: ZConvocationListSchema },
  }),
};
