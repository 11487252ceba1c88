import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { api } from '@club/contract';
import { route } from '../../lib/endpoint-route.ts';
import { createCarpoolService } from './carpool.service.ts';

const endpoints = api.carpool;

/** Carpooling routes (packages/contract/src/api/carpool.ts), signed in. */
const carpoolRoutes: FastifyPluginAsync = async (app) => {
  const carpool = (request: FastifyRequest) =>
    createCarpoolService({
      db: request.db,
      mailer: app.mailer,
      push: app.push,
      links: app.notificationLinks,
      clock: app.clock,
    });
  route(app, endpoints.list, async (request) =>
    carpool(request).list(request.actor, request.params.id),
  );
  route(app, endpoints.offer, async (request) =>
    carpool(request).offer(request.actor, request.params.id, request.body),
  );
  route(app, endpoints.book, async (request) =>
    carpool(request).book(request.actor, request.params.offreId, request.body.membreId),
  );
  route(app, endpoints.unbook, async (request) =>
    carpool(request).unbook(request.actor, request.params.offreId, request.params.membreId),
  );
  route(app, endpoints.cancel, async (request) =>
    carpool(request).cancel(request.actor, request.params.offreId),
  );
};
export default carpoolRoutes;
