import {
  ANNOUNCEMENT_PERMISSIONS,
  ZAnnouncementCreateSchema,
  ZAnnouncementListQuerySchema,
  ZAnnouncementListSchema,
  ZAnnouncementReceiptsSchema,
  ZAnnouncementReadLinkSchema,
  ZAnnouncementReadLinkViewSchema,
  ZAnnouncementReminderSchema,
  ZAnnouncementSchema,
} from '../announcements.ts';
import { ZIdParamsSchema, ZMessageSchema } from '../schemas/common.ts';
import { FILTERED, PUBLIC, can, defineEndpoint } from './endpoint.ts';

const tags = ['annonces'];

/** Announcements to the club or to teams, with read receipts (see ../announcements.ts). */
export const announcementsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/annonces',
    tags,
    summary:
      'Les annonces que je reçois ou que j’ai écrites (non lues d’abord, puis les plus récentes)',
    description:
      'Un membre reçoit celles du club et celles de ses équipes ; un parent aussi celles des ' +
      'équipes de ses enfants ; les dirigeants voient toutes celles du club. `lu` : ouverte par ' +
      'le lecteur ; `lecture` (« lu par N/M ») pour l’auteur et les dirigeants seulement. ' +
      '`limite` : au plus ce nombre (100 au plus).',
    access: FILTERED,
    query: ZAnnouncementListQuerySchema,
    responses: { 200: ZAnnouncementListSchema },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/annonces',
    tags,
    summary:
      'Publie une annonce (dirigeants : au club ou à des équipes ; entraîneurs : à leurs équipes)',
    description:
      'Texte brut (jamais du HTML). Sans `equipesIds` : tout le club (dirigeants seulement). ' +
      'Les destinataires la reçoivent par e-mail et en notification selon leurs préférences, ' +
      'après les heures calmes.',
    access: can(ANNOUNCEMENT_PERMISSIONS, 'create'),
    body: ZAnnouncementCreateSchema,
    responses: { 201: ZAnnouncementSchema },
  }),
  markRead: defineEndpoint({
    method: 'POST',
    path: '/api/annonces/:id/lecture',
    tags,
    summary: 'Marque l’annonce comme lue par moi',
    access: can(ANNOUNCEMENT_PERMISSIONS, 'read'),
    params: ZIdParamsSchema,
    responses: { 200: ZAnnouncementSchema },
  }),
  readByLink: defineEndpoint({
    method: 'POST',
    path: '/api/annonces/lecture',
    tags,
    summary: 'Marque l’annonce comme lue depuis le lien de son e-mail (sans cookie)',
    description:
      'Le jeton signé nomme le club, l’annonce et le membre ; la page du lien l’envoie à son ' +
      'ouverture (jamais sur un GET, que les antivirus des messageries suivent). Jeton ' +
      'invalide, annonce supprimée ou membre qui n’en est plus destinataire : 404 « Ce lien ' +
      'n’est pas valide. ».',
    access: PUBLIC,
    body: ZAnnouncementReadLinkSchema,
    responses: { 200: ZAnnouncementReadLinkViewSchema },
    errors: [404, 429],
  }),
  receipts: defineEndpoint({
    method: 'GET',
    path: '/api/annonces/:id/lectures',
    tags,
    summary: 'Qui a lu l’annonce et qui ne l’a pas lue (auteur et dirigeants ; noms seulement)',
    access: can(ANNOUNCEMENT_PERMISSIONS, 'receipts'),
    params: ZIdParamsSchema,
    responses: { 200: ZAnnouncementReceiptsSchema },
  }),
  remind: defineEndpoint({
    method: 'POST',
    path: '/api/annonces/:id/rappel',
    tags,
    summary: 'Relance ceux qui n’ont pas lu l’annonce (une fois par heure au plus)',
    access: can(ANNOUNCEMENT_PERMISSIONS, 'remind'),
    params: ZIdParamsSchema,
    responses: { 200: ZAnnouncementReminderSchema },
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/annonces/:id',
    tags,
    summary: 'Supprime une annonce (son auteur, les dirigeants)',
    access: can(ANNOUNCEMENT_PERMISSIONS, 'delete'),
    params: ZIdParamsSchema,
    responses: { 200: ZMessageSchema },
  }),
};
