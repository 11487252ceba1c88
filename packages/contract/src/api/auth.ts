import { z } from 'zod';
import {
  ZActivateInvitationBodySchema,
  ZChangePasswordBodySchema,
  ZForgotPasswordBodySchema,
  ZInvitationInfoSchema,
  ZInvitationTokenParamsSchema,
  ZLoginBodySchema,
  ZRefreshBodySchema,
  ZResetPasswordBodySchema,
  ZSessionInfoSchema,
  ZSwitchClubBodySchema,
} from '../auth.ts';
import { ZAccountDataSchema, ZPasswordConfirmationSchema } from '../privacy.ts';
import { ZMessageSchema } from '../schemas/common.ts';
import { PUBLIC, SESSION, defineEndpoint } from './endpoint.ts';

const tags = ['auth'];

/** Sessions, the two-step password reset, the account and the invitations (docs/architecture.md §6). */
export const authEndpoints = {
  csrf: defineEndpoint({
    method: 'GET',
    path: '/auth/csrf',
    tags,
    summary: 'Délivre le cookie anti-falsification XSRF-TOKEN',
    access: PUBLIC,
    responses: { 204: z.null() },
  }),
  login: defineEndpoint({
    method: 'POST',
    path: '/auth/connexion/login',
    tags,
    summary: 'Connexion (crée une session et pose les trois cookies)',
    access: PUBLIC,
    body: ZLoginBodySchema,
    responses: { 200: ZSessionInfoSchema },
    errors: [429],
  }),
  refresh: defineEndpoint({
    method: 'POST',
    path: '/auth/connexion/refresh',
    tags,
    summary: 'Rafraîchit la session (rotation du jeton de rafraîchissement)',
    access: PUBLIC,
    body: ZRefreshBodySchema,
    responses: { 200: ZSessionInfoSchema },
  }),
  switchClub: defineEndpoint({
    method: 'POST',
    path: '/auth/club',
    tags,
    summary:
      'Change de club : une nouvelle session dans un autre club du même compte (nouveaux cookies)',
    access: SESSION,
    body: ZSwitchClubBodySchema,
    responses: { 200: ZSessionInfoSchema },
    errors: [403],
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/auth/connexion/logout',
    tags,
    summary: 'Déconnexion (révoque la session, efface les cookies)',
    access: PUBLIC,
    body: z.object({}).strict().nullish(),
    responses: { 200: ZMessageSchema },
  }),
  forgotPassword: defineEndpoint({
    method: 'POST',
    path: '/auth/connexion/mdpOublie',
    tags,
    summary: 'Demande un lien de réinitialisation (réponse neutre)',
    access: PUBLIC,
    body: ZForgotPasswordBodySchema,
    responses: { 200: ZMessageSchema },
    errors: [429],
  }),
  resetPassword: defineEndpoint({
    method: 'POST',
    path: '/auth/connexion/mdpUpdte',
    tags,
    summary: 'Choisit un nouveau mot de passe avec le jeton reçu par e-mail',
    access: PUBLIC,
    body: ZResetPasswordBodySchema,
    responses: { 200: ZMessageSchema },
  }),
  changePassword: defineEndpoint({
    method: 'POST',
    path: '/api/compte/mot-de-passe',
    tags,
    summary: 'Change son mot de passe (mot de passe actuel requis)',
    access: SESSION,
    body: ZChangePasswordBodySchema,
    responses: { 200: ZMessageSchema },
    errors: [429],
  }),
  exportData: defineEndpoint({
    method: 'GET',
    path: '/api/compte/donnees',
    tags: ['compte'],
    summary: 'Télécharge mes données (droit d’accès et portabilité) : fichier JSON',
    description:
      'Tout ce que l’application conserve sur le membre connecté et ses enfants : profil, ' +
      'équipes, liens parent-enfant, réponses aux convocations avec justifications, présences ' +
      'aux entraînements, sessions, abonnements au calendrier, préférences de notification, ' +
      'journal. Jamais d’empreinte de mot de passe, de jeton ni de secret.',
    access: SESSION,
    responses: { 200: ZAccountDataSchema },
  }),
  deleteAccount: defineEndpoint({
    method: 'DELETE',
    path: '/api/compte',
    tags: ['compte'],
    summary: 'Supprime mon compte (mot de passe requis) : données effacées, sessions fermées',
    access: SESSION,
    body: ZPasswordConfirmationSchema,
    responses: { 200: ZMessageSchema },
    errors: [429],
  }),
  invitation: defineEndpoint({
    method: 'GET',
    path: '/api/membres/invitation/:token',
    tags,
    summary: 'Qui est invité par ce lien',
    access: PUBLIC,
    params: ZInvitationTokenParamsSchema,
    responses: { 200: ZInvitationInfoSchema },
  }),
  activate: defineEndpoint({
    method: 'POST',
    path: '/api/membres/invitation',
    tags,
    summary: 'Active le compte invité en choisissant un mot de passe',
    access: PUBLIC,
    body: ZActivateInvitationBodySchema,
    responses: { 200: ZMessageSchema },
  }),
};
