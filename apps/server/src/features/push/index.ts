import path from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { signedIn } from '../../plugins/signed-in.ts';
import { parseQuietHours } from '../notifications/index.ts';
import { systemResolver, type Resolver } from './push.endpoints.ts';
import { createPushNotifier, type PushNotifier } from './push.jobs.ts';
import { loadVapidKeys } from './push.keys.ts';
import { pushRoutes } from './push.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Web Push to the members' devices: `push.notify(tx, {clubId, memberIds, kind, message})`
     * queues one encrypted push per device in the caller's transaction, honouring each member's
     * preferences and the quiet hours (convocations, reminders, announcements, selections…).
     */
    push: PushNotifier;
  }
}

/**
 * Web Push: the VAPID key pair, the members' subscriptions (signed in) and the `push` job queue.
 * Registered before the features that notify (notifications, announcements).
 */
async function pushFeature(app: FastifyInstance, opts: { resolve?: Resolver }) {
  const config = app.config;
  const dataDir =
    config.NODE_ENV === 'test' && !config.VAPID_PUBLIC_KEY ? null : path.resolve(config.DATA_DIR);
  const vapid = loadVapidKeys({
    publicKey: config.VAPID_PUBLIC_KEY,
    privateKey: config.VAPID_PRIVATE_KEY,
    subject: config.VAPID_SUBJECT ?? `mailto:${config.EDITOR_EMAIL}`,
    dataDir,
  });
  const notifier = createPushNotifier({
    db: app.db,
    jobs: app.jobs,
    vapid,
    allowedPrefixes: config.PUSH_ENDPOINTS_ALLOWED,
    quietHours: parseQuietHours(config.QUIET_HOURS),
    log: app.log,
  });
  await notifier.createQueues();
  app.decorate('push', notifier);
  app.addHook('onReady', async () => notifier.work());
  await app.register(
    signedIn(
      pushRoutes({
        publicKey: vapid.publicKey,
        allowedPrefixes: config.PUSH_ENDPOINTS_ALLOWED,
        resolve: opts.resolve ?? systemResolver,
      }),
    ),
  );
}

export default fp(pushFeature, { name: 'push', dependencies: ['db', 'auth'] });
export { PUSH_QUEUE, type PushNotification, type PushNotifier } from './push.jobs.ts';
