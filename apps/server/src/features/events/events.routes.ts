import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { api } from '@club/contract';
import { route } from '../../lib/endpoint-route.ts';
import { createEventsService } from './events.service.ts';

const endpoints = api.events;

/** Events calls of spec §7 (declared in packages/contract/src/api/events.ts), signed in. */
const eventsRoutes: FastifyPluginAsync = async (app) => {
  const events = (request: FastifyRequest) =>
    createEventsService({ db: request.db, notifier: app.matchNotifier, clock: app.clock });

  // Kept per member until the club data changes (plugins/response-cache.ts).
  route(
    app,
    endpoints.listClub,
    async (request) =>
      events(request).listClub(request.actor, request.params.clubId, request.query),
    { config: { responseCache: true } },
  );
  route(app, endpoints.get, async (request) =>
    events(request).get(request.actor, request.params.id),
  );
  route(app, endpoints.create, async (request) =>
    events(request).create(request.actor, request.body),
  );
  route(app, endpoints.update, async (request) =>
    events(request).update(request.actor, request.params.id, request.body, request.query.portee),
  );
  route(app, endpoints.remove, async (request) =>
    events(request).remove(request.actor, request.params.id, request.query.portee),
  );
};
export default eventsRoutes;
