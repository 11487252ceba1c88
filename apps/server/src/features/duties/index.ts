import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { signedIn } from '../../plugins/signed-in.ts';
import { parseQuietHours } from '../notifications/index.ts';
import { createDutyReminders } from './duties.jobs.ts';
import { dutiesRoutes } from './duties.routes.ts';

/**
 * Volunteer duties of events (docs/decisions/0130-volunteer-duties.md): the duties and their
 * places, sign-ups and withdrawals, the team templates, the fair proposal, the season's tally,
 * and the reminder the day before (a job of the persistent queue).
 */
async function dutiesFeature(app: FastifyInstance) {
  const reminders = createDutyReminders({
    db: app.db,
    jobs: app.jobs,
    mailer: app.mailer,
    push: app.push,
    links: app.notificationLinks,
    quietHours: parseQuietHours(app.config.QUIET_HOURS),
    clock: app.clock,
    log: app.log,
  });
  await reminders.createQueue();
  app.addHook('onReady', async () => reminders.work());
  await app.register(signedIn(dutiesRoutes(reminders)));
}

export default fp(dutiesFeature, {
  name: 'duties',
  dependencies: ['db', 'auth', 'push', 'notifications'],
});
export { DUTY_REMINDER_QUEUE, DUTY_REMINDER_HOURS } from './duties.jobs.ts';
export { dutiesRepository } from './duties.repository.ts';
