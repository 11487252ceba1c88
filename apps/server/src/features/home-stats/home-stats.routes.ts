import type { FastifyPluginAsync } from 'fastify';
import { api } from '@club/contract';
import { route } from '../../lib/endpoint-route.ts';
import { createHomeStatsService } from './home-stats.service.ts';

/** Landing page counters (spec §7 "Home"): public, no session needed. */
const homeStatsRoutes: FastifyPluginAsync = async (app) => {
  const service = createHomeStatsService(app.db);
  route(app, api.publicSite.homeStats, async () => service.stats());
  route(app, api.publicSite.sportStats, async () => service.sports());
};
export default homeStatsRoutes;
