import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { signedIn } from '../../plugins/signed-in.ts';
import { createMessageNotifier } from './conversations.jobs.ts';
import { conversationRoutes } from './conversations.routes.ts';

/**
 * Conversations of a team, of an event, and groups of members, with the safeguarding of minors
 * (docs/decisions/0121-conversations-and-safeguarding.md); new
 * messages reach open tabs through the live stream and the others by Web Push.
 */
async function conversationsFeature(app: FastifyInstance) {
  const notifier = createMessageNotifier({
    db: app.db,
    jobs: app.jobs,
    mailer: app.mailer,
    push: app.push,
    links: app.notificationLinks,
    publicUrl: app.config.PUBLIC_URL ?? `http://${app.config.HOST}:${app.config.PORT}`,
    delaySeconds: app.config.NOTIFICATION_DELAY_SECONDS,
    log: app.log,
  });
  await notifier.createQueues();
  app.addHook('onReady', async () => notifier.work());
  await app.register(signedIn(conversationRoutes(notifier)));
}

export default fp(conversationsFeature, {
  name: 'conversations',
  dependencies: ['db', 'auth', 'push', 'notifications', 'live'],
});
export { MESSAGE_QUEUE } from './conversations.jobs.ts';
