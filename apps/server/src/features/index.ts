import type { FastifyInstance } from 'fastify';
import announcementsFeature from './announcements/index.ts';
import authFeature from './auth/index.ts';
import calendarFeedsFeature from './calendar-feeds/index.ts';
import carpoolFeature from './carpool/index.ts';
import clubsFeature from './clubs/index.ts';
import clubRegistrationFeature from './club-registration/index.ts';
import contactFeature from './contact/index.ts';
import conversationsFeature from './conversations/index.ts';
import eventsFeature from './events/index.ts';
import feesFeature from './fees/index.ts';
import dashboardFeature from './dashboard/index.ts';
import dutiesFeature from './duties/index.ts';
import homeStatsFeature from './home-stats/index.ts';
import liveFeature from './live/index.ts';
import matchesFeature from './matches/index.ts';
import membersFeature from './members/index.ts';
import notificationsFeature from './notifications/index.ts';
import pushFeature from './push/index.ts';
import siteFeature from './site/index.ts';
import statisticsFeature from './statistics/index.ts';
import teamsFeature from './teams/index.ts';

/**
 * One registration line per feature (docs/conventions.md §1); each feature's index says whether it
 * is signed in.
 */
export async function registerFeatures(app: FastifyInstance): Promise<void> {
  await app.register(authFeature);
  await app.register(clubRegistrationFeature);
  await app.register(homeStatsFeature);
  await app.register(contactFeature);
  await app.register(siteFeature);
  // Before the features that notify: Web Push to the members' devices (app.push).
  await app.register(pushFeature);
  // Before members, events and matches: they report match changes to it (app.matchNotifier),
  // handed to their services when they register (each declares the dependency: fastify-plugin
  // refuses to register it first).
  await app.register(notificationsFeature);
  await app.register(membersFeature);
  await app.register(teamsFeature);
  await app.register(clubsFeature);
  // Before the features that publish to the live stream (GET /api/flux).
  await app.register(liveFeature);
  await app.register(announcementsFeature);
  await app.register(conversationsFeature);
  await app.register(eventsFeature);
  await app.register(matchesFeature);
  await app.register(dashboardFeature);
  await app.register(calendarFeedsFeature);
  await app.register(carpoolFeature);
  await app.register(statisticsFeature);
  await app.register(feesFeature);
  await app.register(dutiesFeature);
}
