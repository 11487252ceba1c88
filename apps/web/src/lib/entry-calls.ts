import type { THomeStats, TSiteInfo, TSportStat } from '@club/contract';
import { ENTRY_PATHS } from './entry-paths.ts';
import { http } from './http.ts';

export { ENTRY_PATHS };

/**
 * The calls of the prerendered public pages (the landing page and the footer of every public page).
 * They are in the first JavaScript a visitor downloads, which has a budget (decision 0005): unlike
 * the typed client (lib/api.ts), they do not pull the contract's schemas and zod into it. Their
 * paths (entry-paths.ts) are the contract's: entry-calls.test.ts compares them with the
 * declarations.
 */

/** GET /api/accueil/stats (spec §7). */
export const getHomeStats = (signal: AbortSignal) =>
  http.get<THomeStats>(ENTRY_PATHS.homeStats, { signal });

/** GET /api/accueil/stats/sports (spec §7). */
export const getSportStats = (signal: AbortSignal) =>
  http.get<TSportStat[]>(ENTRY_PATHS.sportStats, { signal });

/** GET /api/site once per page load: the editor's details and the social links (configuration). */
let cached: Promise<TSiteInfo> | null = null;
export function getSiteInfo(): Promise<TSiteInfo> {
  cached ??= http.get<TSiteInfo>(ENTRY_PATHS.site).catch((err: unknown) => {
    cached = null;
    throw err;
  });
  return cached;
}
