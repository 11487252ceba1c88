import { announcementsEndpoints } from './announcements.ts';
import { authEndpoints } from './auth.ts';
import { carpoolEndpoints } from './carpool.ts';
import { clubsEndpoints } from './clubs.ts';
import { conversationsEndpoints } from './conversations.ts';
import { dashboardEndpoints } from './dashboard.ts';
import { dutiesEndpoints } from './duties.ts';
import { eventsEndpoints } from './events.ts';
import { feesEndpoints } from './fees.ts';
import { liveEndpoints } from './live.ts';
import { matchesEndpoints } from './matches.ts';
import { matchSheetEndpoints } from './match-sheet.ts';
import { membersEndpoints } from './members.ts';
import { calendarFeedsEndpoints, notificationsEndpoints } from './notifications.ts';
import { publicSiteEndpoints } from './public-site.ts';
import { pushEndpoints } from './push.ts';
import { statisticsEndpoints } from './statistics.ts';
import { teamsEndpoints } from './teams.ts';

export * from './endpoint.ts';
export * from './client.ts';
export { ZCaptchaChallengeSchema, ZHealthDownSchema, ZHealthSchema } from './public-site.ts';
export { ZLogoQuerySchema } from './clubs.ts';
export { ZIfMatchHeadersSchema } from './matches.ts';

/**
 * Every endpoint of the HTTP API, by feature (decision 0043). A new endpoint is added here and
 * nowhere else: the server registers it from this declaration (its handler is the only new code),
 * the web app and the tests call it through `createClient(api, transport)`.
 */
export const api = {
  auth: authEndpoints,
  publicSite: publicSiteEndpoints,
  clubs: clubsEndpoints,
  teams: teamsEndpoints,
  members: membersEndpoints,
  events: eventsEndpoints,
  matches: matchesEndpoints,
  matchSheet: matchSheetEndpoints,
  dashboard: dashboardEndpoints,
  calendarFeeds: calendarFeedsEndpoints,
  notifications: notificationsEndpoints,
  announcements: announcementsEndpoints,
  push: pushEndpoints,
  carpool: carpoolEndpoints,
  statistics: statisticsEndpoints,
  fees: feesEndpoints,
  duties: dutiesEndpoints,
  live: liveEndpoints,
  conversations: conversationsEndpoints,
} as const;
export type Api = typeof api;
