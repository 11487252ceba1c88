import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { signedIn } from '../../plugins/signed-in.ts';
import { publicBaseUrl } from '../../lib/public-url.ts';
import { createNotifier, type MatchNotifier } from './notifications.jobs.ts';
import { preferenceRoutes, presenceRoutes, publicRoutes } from './notifications.routes.ts';
import { parseQuietHours } from './notifications.time.ts';
import { createLinkTokens } from './notifications.tokens.ts';
import { unsubscribeLinks, type Links } from './notifications.links.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The events and matches features report match changes here (in their transaction). */
    matchNotifier: MatchNotifier;
    /** The unsubscribe links of a member's notification mails (other features' mails use them). */
    notificationLinks: (clubId: number, memberId: number) => Links;
  }
}

/**
 * Convocation notifications (decision 0025): e-mails on match created / moved / cancelled after a
 * burst delay and the quiet hours, reminders and the coach's summary around the reply deadline
 * (jobs of the persistent queue), the e-mail answer links and the unsubscribe links (public, signed
 * tokens), and the notification preference (signed in). Registered before the features that report
 * changes.
 */
async function notificationsFeature(app: FastifyInstance) {
  const tokens = createLinkTokens(app.secretFor);
  const notifier = createNotifier({
    db: app.db,
    jobs: app.jobs,
    mailer: app.mailer,
    push: app.push,
    tokens,
    publicUrl: publicBaseUrl(app.config),
    delaySeconds: app.config.NOTIFICATION_DELAY_SECONDS,
    quietHours: parseQuietHours(app.config.QUIET_HOURS),
    log: app.log,
    clock: app.clock,
    embedded: app.database.kind === 'pglite',
  });
  await notifier.createQueues();
  app.decorate('matchNotifier', notifier);
  app.decorate(
    'notificationLinks',
    unsubscribeLinks(
      app.config.PUBLIC_URL ?? `http://${app.config.HOST}:${app.config.PORT}`,
      tokens,
    ),
  );
  app.addHook('onReady', async () => notifier.work());
  await app.register(publicRoutes(tokens));
  await app.register(signedIn(preferenceRoutes(tokens)));
  await app.register(signedIn(presenceRoutes));
}

export default fp(notificationsFeature, {
  name: 'notifications',
  dependencies: ['db', 'auth', 'push'],
});
export {
  MATCH_NOTIFICATION_QUEUE,
  MATCH_REMINDER_QUEUE,
  MATCH_SUMMARY_QUEUE,
  type MatchNotifier,
} from './notifications.jobs.ts';
export { createLinkTokens, type LinkTokens } from './notifications.tokens.ts';
export {
  afterQuietHours,
  instantOf,
  parseQuietHours,
  type QuietHours,
} from './notifications.time.ts';
export { unsubscribeLinks, type Links } from './notifications.links.ts';
export { renderNotificationMail, type MailBlock } from './notifications.mails.ts';
