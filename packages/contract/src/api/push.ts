import { ZPushKeySchema, ZPushSubscriptionSchema, ZPushUnsubscribeSchema } from '../push.ts';
import { ZMessageSchema } from '../schemas/common.ts';
import { SESSION, defineEndpoint } from './endpoint.ts';

const tags = ['notifications'];

/** Web Push subscriptions of the signed-in member's devices (see ../push.ts). */
export const pushEndpoints = {
  key: defineEndpoint({
    method: 'GET',
    path: '/api/push/cle',
    tags,
    summary: 'La clé publique VAPID du serveur (applicationServerKey)',
    access: SESSION,
    responses: { 200: ZPushKeySchema },
  }),
  subscribe: defineEndpoint({
    method: 'POST',
    path: '/api/push/abonnements',
    tags,
    summary: 'Enregistre l’abonnement Web Push de cet appareil',
    description:
      'Le corps est `PushSubscription.toJSON()`. L’adresse doit être https et publique (jamais ' +
      'une adresse privée, de bouclage ou locale) : 400 sinon. Un même appareil réabonné ' +
      'remplace son abonnement.',
    access: SESSION,
    body: ZPushSubscriptionSchema,
    responses: { 201: ZMessageSchema },
  }),
  unsubscribe: defineEndpoint({
    method: 'DELETE',
    path: '/api/push/abonnements',
    tags,
    summary: 'Retire l’abonnement Web Push de cet appareil',
    access: SESSION,
    body: ZPushUnsubscribeSchema,
    responses: { 200: ZMessageSchema },
  }),
};
