import type { FastifyPluginAsync } from 'fastify';
import { api } from '@club/contract';
import { route } from '../../lib/endpoint-route.ts';
import { createRegistrationService } from './registration.service.ts';

const endpoints = api.publicSite;

/** Club registration and the uniqueness checks of spec §5 / §7 (public, owner's handle). */
const registrationRoutes: FastifyPluginAsync = async (app) => {
  const service = createRegistrationService({
    db: app.db,
    limiter: app.limiter,
    config: app.config,
    passwords: app.passwords,
  });
  route(app, endpoints.register, async (request) => service.registerClub(request.ip, request.body));
  route(app, endpoints.emailExists, async (request) =>
    service.checkEmail(request.ip, request.query.email),
  );
  route(app, endpoints.clubExists, async (request) =>
    service.checkClub(request.ip, request.query.nomClub),
  );
};
export default registrationRoutes;

/** Signed-in routes of the feature (registered inside the signed-in scope). */
export const accountClubRoutes: FastifyPluginAsync = async (app) => {
  const service = createRegistrationService({
    db: app.db,
    limiter: app.limiter,
    config: app.config,
    passwords: app.passwords,
  });
  // A signed-in account creates another club (decision 0112): the new club's rows are written on
  // the owner's handle, outside the current club's scoped transaction.
  route(
    app,
    api.clubs.create,
    async (request) => service.createForAccount(request.ip, request.actor.id, request.body),
    { config: { database: false } },
  );
};
