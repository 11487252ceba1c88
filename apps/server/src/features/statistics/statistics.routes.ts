import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { api } from '@club/contract';
import { route } from '../../lib/endpoint-route.ts';
import { sendCsvFile } from '../../lib/csv-reply.ts';
import { createStatisticsService } from './statistics.service.ts';

const endpoints = api.statistics;

/** Statistics routes (packages/contract/src/api/statistics.ts), signed in. */
const statisticsRoutes: FastifyPluginAsync = async (app) => {
  const statistics = (request: FastifyRequest) =>
    createStatisticsService({ db: request.db, clock: app.clock });
  // A coach reopens the page, a club checks it before a meeting: the member's answer is kept
  // until the club data changes (docs/decisions/0032-response-cache.md, 0080-team-statistics.md).
  route(
    app,
    endpoints.team,
    async (request) =>
      statistics(request).team(request.actor, request.params.teamId, request.query),
    { config: { responseCache: true } },
  );
  route(app, endpoints.teamExport, async (request, reply) => {
    const file = await statistics(request).teamExport(
      request.actor,
      request.params.teamId,
      request.query,
    );
    return sendCsvFile(reply, file);
  });
  route(
    app,
    endpoints.club,
    async (request) =>
      statistics(request).club(request.actor, request.params.clubId, request.query),
    { config: { responseCache: true } },
  );
};
export default statisticsRoutes;
