import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { api } from '@club/contract';
import { route } from '../../lib/endpoint-route.ts';
import { createAuthService } from './auth.service.ts';

/** Signed-in account calls; GET /api/dashboard/infos is the dashboard feature's. */
const accountRoutes: FastifyPluginAsync = async (app) => {
  const auth = (request: FastifyRequest) =>
    createAuthService({
      db: request.db,
      config: app.config,
      limiter: app.limiter,
      mailer: app.mailer,
      log: app.log,
      sessions: app.auth,
    });

  route(app, api.auth.changePassword, async (request) =>
    auth(request).changePassword(request.actor, request.body),
  );
};
export default accountRoutes;
