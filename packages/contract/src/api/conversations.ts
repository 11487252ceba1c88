import {
  CONVERSATION_PERMISSIONS,
  ZConversationCreateSchema,
  ZConversationListSchema,
  ZConversationMessageSchema,
  ZConversationSchema,
  ZMessageCreateSchema,
  ZMessagePageQuerySchema,
  ZMessagePageSchema,
  ZMessageReportSchema,
  ZReadMarkAnswerSchema,
  ZReadMarkSchema,
} from '../conversations.ts';
import { ZIdParamsSchema, ZMessageSchema } from '../schemas/common.ts';
import { can, defineEndpoint } from './endpoint.ts';

const tags = ['messages'];

/** Conversations and messages (see ../conversations.ts). */
export const conversationsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/conversations',
    tags,
    summary: 'Mes conversations, la plus récente d’abord, avec le nombre de messages non lus',
    description:
      'Celles où je suis participant, celles de mes enfants (parent), et, en lecture seule, ' +
      'celles des équipes que j’ai quittées (jusqu’à mon départ).',
    access: can(CONVERSATION_PERMISSIONS, 'list'),
    responses: { 200: ZConversationListSchema },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/conversations',
    tags,
    summary: 'Ouvre une conversation d’équipe, d’événement, ou un groupe de membres',
    description:
      'Un seul de `equipeId`, `evenementId`, `membresIds`. Équipe et événement : ses entraîneurs ' +
      'et les responsables. Groupe : des membres qui partagent une équipe avec moi (les ' +
      'responsables : tout le club). Un mineur n’est jamais avec un adulte sans l’un de ses ' +
      'parents : ajouter un mineur ajoute ses parents, sinon 422.',
    access: can(CONVERSATION_PERMISSIONS, 'create'),
    body: ZConversationCreateSchema,
    responses: { 201: ZConversationSchema },
    errors: [422],
  }),
  messages: defineEndpoint({
    method: 'GET',
    path: '/api/conversations/:id/messages',
    tags,
    summary: 'Les messages d’une conversation, page par page (`avant`, `limite`)',
    access: can(CONVERSATION_PERMISSIONS, 'read'),
    params: ZIdParamsSchema,
    query: ZMessagePageQuerySchema,
    responses: { 200: ZMessagePageSchema },
  }),
  send: defineEndpoint({
    method: 'POST',
    path: '/api/conversations/:id/messages',
    tags,
    summary: 'Envoie un message (texte brut, 2 000 caractères au plus ; `cle` : envoi unique)',
    access: can(CONVERSATION_PERMISSIONS, 'write'),
    params: ZIdParamsSchema,
    body: ZMessageCreateSchema,
    responses: { 201: ZConversationMessageSchema },
  }),
  markRead: defineEndpoint({
    method: 'POST',
    path: '/api/conversations/:id/lecture',
    tags,
    summary: 'Marque la conversation comme lue jusqu’à un message',
    access: can(CONVERSATION_PERMISSIONS, 'read'),
    params: ZIdParamsSchema,
    body: ZReadMarkSchema,
    responses: { 200: ZReadMarkAnswerSchema },
  }),
  report: defineEndpoint({
    method: 'POST',
    path: '/api/messages/:id/signalement',
    tags,
    summary: 'Signale un message aux responsables du club',
    access: can(CONVERSATION_PERMISSIONS, 'read'),
    params: ZIdParamsSchema,
    body: ZMessageReportSchema,
    responses: { 201: ZMessageSchema },
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/messages/:id',
    tags,
    summary: 'Retire un message (son auteur dans les 15 minutes ; un responsable le masque)',
    access: can(CONVERSATION_PERMISSIONS, 'delete'),
    params: ZIdParamsSchema,
    responses: { 200: ZMessageSchema },
  }),
};
