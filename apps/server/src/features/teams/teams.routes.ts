import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { api } from '@club/contract';
import { route } from '../../lib/endpoint-route.ts';
import { createTeamsService } from './teams.service.ts';

const endpoints = api.teams;

/** Teams calls of spec §7 (declared in packages/contract/src/api/teams.ts), signed in. */
const teamsRoutes: FastifyPluginAsync = async (app) => {
  const teams = (request: FastifyRequest) =>
    createTeamsService({ db: request.db, clock: app.clock });

  route(
    app,
    endpoints.byCategoryDivision,
    async (request) => teams(request).byCategoryDivision(request.actor, request.query),
    { config: { etag: true } },
  );
  route(
    app,
    endpoints.listClub,
    async (request) => teams(request).listClub(request.actor, request.params.clubId),
    { config: { etag: true, responseCache: true } },
  );
  // No ETag here (decision 0030): the next event and the last result change with the clock.
  route(app, endpoints.summaries, async (request) =>
    teams(request).summaries(request.actor, request.params.clubId),
  );
  route(app, endpoints.get, async (request) =>
    teams(request).get(request.actor, request.params.id),
  );
  route(app, endpoints.create, async (request) =>
    teams(request).create(request.actor, request.body),
  );
  route(app, endpoints.update, async (request) =>
    teams(request).update(request.actor, request.params.id, request.body),
  );
  route(app, endpoints.remove, async (request) =>
    teams(request).remove(request.actor, request.params.id),
  );
};
export default teamsRoutes;
