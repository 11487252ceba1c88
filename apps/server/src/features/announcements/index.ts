import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { signedIn } from '../../plugins/signed-in.ts';
import { ANNOUNCEMENT_READ_PAGE_PATH } from '@club/contract';
import { createLinkTokens, parseQuietHours } from '../notifications/index.ts';
import { createAnnouncementNotifier } from './announcements.jobs.ts';
import { announcementReadLinkRoutes, announcementRoutes } from './announcements.routes.ts';

/**
 * Announcements to the club or to teams, with read receipts and a reminder to non-readers; each
 * sent by e-mail and Web Push through the job queue after the quiet hours.
 */
async function announcementsFeature(app: FastifyInstance) {
  const publicUrl = app.config.PUBLIC_URL ?? `http://${app.config.HOST}:${app.config.PORT}`;
  const tokens = createLinkTokens(app.secretFor);
  const notifier = createAnnouncementNotifier({
    db: app.db,
    jobs: app.jobs,
    mailer: app.mailer,
    push: app.push,
    links: app.notificationLinks,
    // The mail's « Lire l’annonce »: its page records the reading (decision 0139).
    readLink: (clubId, announcementId, memberId) =>
      `${publicUrl.replace(/\/+$/, '')}${ANNOUNCEMENT_READ_PAGE_PATH}?jeton=${encodeURIComponent(
        tokens.announcementRead({ clubId, announcementId, memberId }),
      )}`,
    publicUrl,
    quietHours: parseQuietHours(app.config.QUIET_HOURS),
    log: app.log,
  });
  await notifier.createQueues();
  app.addHook('onReady', async () => notifier.work());
  await app.register(signedIn(announcementRoutes(notifier)));
  await app.register(announcementReadLinkRoutes(tokens));
}

export default fp(announcementsFeature, {
  name: 'announcements',
  dependencies: ['db', 'auth', 'push', 'notifications'],
});
export { ANNOUNCEMENT_QUEUE } from './announcements.jobs.ts';
