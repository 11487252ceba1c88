import { ENTRY_PATHS, type EntryAnswer, type EntryEndpoints } from './entry-paths.ts';
import { http, type RequestOptions } from './http.ts';

export { ENTRY_PATHS };

/**
 * The calls of the prerendered public pages (the landing page and the footer of every public page).
 * They are in the first JavaScript a visitor downloads, which has a budget (decision 0005): unlike
 * the typed client (lib/api.ts), they do not pull the contract's schemas and zod into it. Their
 * paths (entry-paths.ts) are the contract's: entry-calls.test.ts compares them with the
 * declarations, and their answers are typed by the declarations (types only, nothing shipped).
 */

/** An entry call: its path and its answer's type from the same declaration. */
const entryGet = <K extends keyof EntryEndpoints>(
  name: K,
  opts: Omit<RequestOptions, 'method' | 'body'> = {},
): Promise<EntryAnswer<K>> => http.get(ENTRY_PATHS[name], opts);

/** GET /api/accueil/stats (spec §7). */
export const getHomeStats = (signal: AbortSignal) => entryGet('homeStats', { signal });

/** GET /api/accueil/stats/sports (spec §7). */
export const getSportStats = (signal: AbortSignal) => entryGet('sportStats', { signal });

/** GET /api/site once per page load: the editor's details and the social links (configuration). */
let cached: Promise<EntryAnswer<'site'>> | null = null;
export function getSiteInfo(): Promise<EntryAnswer<'site'>> {
  cached ??= entryGet('site').catch((err: unknown) => {
    cached = null;
    throw err;
  });
  return cached;
}
