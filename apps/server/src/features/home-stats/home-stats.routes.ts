import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZHomeStatsSchema, ZSportStatsSchema } from '@club/contract';
import { createHomeStatsService } from './home-stats.service.ts';

/** Landing page counters (spec §7 "Home"): public, no session needed. */
const homeStatsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createHomeStatsService(app.db);

  app.get(
    '/api/accueil/stats',
    {
      schema: {
        tags: ['accueil'],
        summary: 'Nombre de membres, de clubs et d’équipes',
        response: { 200: ZHomeStatsSchema },
      },
    },
    async () => service.stats(),
  );

  app.get(
    '/api/accueil/stats/sports',
    {
      schema: {
        tags: ['accueil'],
        summary: 'Nombre d’équipes par sport',
        response: { 200: ZSportStatsSchema },
      },
    },
    async () => service.sports(),
  );
};
export default homeStatsRoutes;
