import type { Api, EndpointAnswer } from '@club/contract';
import {
  dashboardHome,
  dashboardInfos,
  publicSiteHomeStats,
  publicSiteSite,
  publicSiteSportStats,
} from '@club/contract/generated/endpoint-paths';

/**
 * The declarations of the calls made before the typed client is loaded (entry-calls.ts,
 * session-prefetch.ts): types only, the entry ships nothing of the contract (decision 0005).
 */
export interface EntryEndpoints {
  homeStats: Api['publicSite']['homeStats'];
  sportStats: Api['publicSite']['sportStats'];
  site: Api['publicSite']['site'];
  currentMember: Api['dashboard']['infos'];
  dashboardHome: Api['dashboard']['home'];
}

/** What an entry call answers: its declaration's success body. */
export type EntryAnswer<K extends keyof EntryEndpoints> = EndpointAnswer<EntryEndpoints[K]>;

/** Paths of the calls made before the typed client is loaded (entry-calls.ts, session-prefetch.ts). */
export const ENTRY_PATHS = {
  homeStats: publicSiteHomeStats,
  sportStats: publicSiteSportStats,
  site: publicSiteSite,
  currentMember: dashboardInfos,
  dashboardHome: dashboardHome,
} as const satisfies Record<keyof EntryEndpoints, string>;
