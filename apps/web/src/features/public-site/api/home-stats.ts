export { getHomeStats, getSportStats } from '../../../lib/entry-calls.ts';
