import type { THomeStats, TSportStat } from '@club/contract';
import { http } from '../../../lib/http.ts';

/** GET /api/accueil/stats (spec §7). */
export const getHomeStats = (signal: AbortSignal) =>
  http.get<THomeStats>('/api/accueil/stats', { signal });

/** GET /api/accueil/stats/sports (spec §7). */
export const getSportStats = (signal: AbortSignal) =>
  http.get<TSportStat[]>('/api/accueil/stats/sports', { signal });
