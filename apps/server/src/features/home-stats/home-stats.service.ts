import type { DbOrTx } from '../../db/client.ts';
import type { THomeStats, TSportStat } from '@club/contract';
import { homeStatsRepository } from './home-stats.repository.ts';

/** A few seconds of cache: the landing page is the busiest public page and these are whole-table counts. */
export const HOME_STATS_TTL_MS = 5_000;

export function createHomeStatsService(db: DbOrTx, ttlMs = HOME_STATS_TTL_MS) {
  let totals: { at: number; value: Promise<THomeStats> } | null = null;
  let perSport: { at: number; value: Promise<TSportStat[]> } | null = null;
  const fresh = (entry: { at: number } | null) => entry && Date.now() - entry.at < ttlMs;
  return {
    stats(): Promise<THomeStats> {
      if (!fresh(totals)) {
        const value = homeStatsRepository.totals(db);
        totals = { at: Date.now(), value };
        // A failed query is not cached.
        value.catch(() => (totals = null));
      }
      return totals!.value;
    },
    sports(): Promise<TSportStat[]> {
      if (!fresh(perSport)) {
        const value = homeStatsRepository.teamsPerSport(db);
        perSport = { at: Date.now(), value };
        value.catch(() => (perSport = null));
      }
      return perSport!.value;
    },
  };
}
