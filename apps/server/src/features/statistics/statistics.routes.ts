import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { api } from '@club/contract';
import { route } from '../../lib/endpoint-route.ts';
import { createStatisticsService } from './statistics.service.ts';

const endpoints = api.statistics;

/** Statistics routes (packages/contract/src/api/statistics.ts), signed in. */
const statisticsRoutes: FastifyPluginAsync = async (app) => {
  const statistics = (request: FastifyRequest) =>
    createStatisticsService({ db: request.db, clock: app.clock });
  route(app, endpoints.team, async (request) =>
    statistics(request).team(request.actor, request.params.teamId, request.query),
  );
  route(app, endpoints.teamExport, async (request, reply) => {
    const { csv, fileName } = await statistics(request).teamExport(
      request.actor,
      request.params.teamId,
      request.query,
    );
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .send(csv);
  });
  route(app, endpoints.club, async (request) =>
    statistics(request).club(request.actor, request.params.clubId, request.query),
  );
};
export default statisticsRoutes;
