import {
  dashboardHome,
  dashboardInfos,
  publicSiteHomeStats,
  publicSiteSite,
  publicSiteSportStats,
} from '@club/contract/generated/endpoint-paths';

/** Paths of the calls made before the typed client is loaded (entry-calls.ts, session-prefetch.ts). */
export const ENTRY_PATHS = {
  homeStats: publicSiteHomeStats,
  sportStats: publicSiteSportStats,
  site: publicSiteSite,
  currentMember: dashboardInfos,
  dashboardHome: dashboardHome,
} as const;
