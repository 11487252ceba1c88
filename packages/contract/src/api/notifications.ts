import {
  ZCalendarFeedParamsSchema,
  ZCalendarSubscriptionAnswerSchema,
  ZCalendarSubscriptionSchema,
  ZCalendarSubscriptionStateSchema,
} from '../calendar-feeds.ts';
import { EVENT_PERMISSIONS } from '../events.ts';
import {
  ZAnswerLinkPostSchema,
  ZAnswerLinkViewSchema,
  ZJetonQuerySchema,
  ZNotificationPreferencesSchema,
  ZNotificationPreferencesUpdateSchema,
} from '../notifications.ts';
import { ZMessageSchema } from '../schemas/common.ts';
import { PUBLIC, SESSION, can, defineEndpoint } from './endpoint.ts';

/** Personal calendar feeds: the subscription is signed in, the feed's secret URL is public. */
export const calendarFeedsEndpoints = {
  state: defineEndpoint({
    method: 'GET',
    path: '/api/calendrier/abonnement',
    tags: ['calendrier'],
    summary: 'État de l’abonnement au calendrier personnel (date de création, filtres)',
    description:
      'Sans l’adresse : seule l’empreinte du jeton est gardée, l’adresse n’est montrée qu’à sa ' +
      'création. `abonnement` vaut null sans adresse active.',
    access: SESSION,
    responses: { 200: ZCalendarSubscriptionStateSchema },
  }),
  subscribe: defineEndpoint({
    method: 'POST',
    path: '/api/calendrier/abonnement',
    tags: ['calendrier'],
    summary: 'Crée l’adresse secrète du calendrier personnel (révoque la précédente)',
    description:
      'Sans `equipeId` : les événements de toutes les équipes du membre ; avec : ceux de ' +
      'cette équipe et ceux sans équipe. `matchesSeulement` ne garde que les matchs. ' +
      'L’adresse répond en text/calendar sans cookie ; seule l’empreinte du jeton est gardée.',
    // With a team: the member must read that team's events.
    access: can(EVENT_PERMISSIONS, 'read'),
    body: ZCalendarSubscriptionSchema,
    responses: { 201: ZCalendarSubscriptionAnswerSchema },
  }),
  revoke: defineEndpoint({
    method: 'DELETE',
    path: '/api/calendrier/abonnement',
    tags: ['calendrier'],
    summary: 'Révoque l’adresse du calendrier personnel',
    access: SESSION,
    responses: { 200: ZMessageSchema },
  }),
  feed: defineEndpoint({
    method: 'GET',
    path: '/api/calendrier/:fichier',
    tags: ['calendrier'],
    summary: 'Calendrier personnel au format iCalendar (adresse secrète, sans cookie)',
    description:
      '`fichier` vaut `<jeton>.ics`. Heures en heure locale du club (TZID). ETag : ' +
      '`If-None-Match` répond 304 tant que rien n’a changé. Jeton inconnu ou révoqué : 404.',
    access: PUBLIC,
    params: ZCalendarFeedParamsSchema,
    responses: { 200: { file: 'text/calendar' } },
  }),
};

/** The e-mail links (signed tokens, no cookie) and the notification preference. */
export const notificationsEndpoints = {
  answerLink: defineEndpoint({
    method: 'GET',
    path: '/api/convocations/reponse',
    tags: ['convocations'],
    summary: 'Convocation d’un lien de réponse reçu par e-mail (sans cookie)',
    description:
      'Le jeton signé nomme le club, le match et le joueur. Jeton invalide, match supprimé : ' +
      '404 « Ce lien n’est pas valide. » ; joueur qui n’est plus convoqué (match passé à une ' +
      'autre équipe, joueur sorti de l’équipe) : 410 « Vous n’êtes plus convoqué(e) pour ce ' +
      'match. ».',
    access: PUBLIC,
    query: ZJetonQuerySchema,
    responses: { 200: ZAnswerLinkViewSchema },
    errors: [404, 410, 429],
  }),
  answerByLink: defineEndpoint({
    method: 'POST',
    path: '/api/convocations/reponse',
    tags: ['convocations'],
    summary: 'Répond à la convocation d’un lien reçu par e-mail (sans cookie)',
    description:
      'Jusqu’au début du match (409 ensuite, ou si le match est annulé). Absent demande un ' +
      'justificatif. Joueur qui n’est plus convoqué : 410.',
    access: PUBLIC,
    body: ZAnswerLinkPostSchema,
    responses: { 200: ZAnswerLinkViewSchema },
    errors: [403, 404, 409, 410, 429],
  }),
  unsubscribeState: defineEndpoint({
    method: 'GET',
    path: '/api/notifications/desabonnement',
    tags: ['notifications'],
    summary: 'État des notifications d’un lien de désabonnement (ne change rien)',
    access: PUBLIC,
    query: ZJetonQuerySchema,
    responses: { 200: ZNotificationPreferencesSchema },
    errors: [404, 429],
  }),
  unsubscribe: defineEndpoint({
    method: 'POST',
    path: '/api/notifications/desabonnement',
    tags: ['notifications'],
    summary: 'Désabonnement en un clic (RFC 8058) : plus aucun e-mail de notification',
    description:
      'Corps vide, JSON ou `List-Unsubscribe=One-Click` (formulaire) : seul le jeton compte.',
    access: PUBLIC,
    query: ZJetonQuerySchema,
    responses: { 200: ZNotificationPreferencesSchema },
    errors: [404, 429],
  }),
  preferences: defineEndpoint({
    method: 'GET',
    path: '/api/notifications/preferences',
    tags: ['notifications'],
    summary: 'Mes préférences de notification',
    access: SESSION,
    responses: { 200: ZNotificationPreferencesSchema },
  }),
  setPreferences: defineEndpoint({
    method: 'PUT',
    path: '/api/notifications/preferences',
    tags: ['notifications'],
    summary:
      'Active ou coupe mes notifications, par type et par canal (invitations et mots de passe toujours envoyés)',
    description:
      '`emails` coupe ou rétablit tous les e-mails de notification ; `canaux.<type>.email|push` ' +
      'un type sur un canal. Ce qui est omis garde sa valeur.',
    access: SESSION,
    body: ZNotificationPreferencesUpdateSchema,
    responses: { 200: ZNotificationPreferencesSchema },
  }),
};
