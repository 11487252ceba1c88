import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { accountDataFileName, api } from '@club/contract';
import { route } from '../../lib/endpoint-route.ts';
import { createAccountService } from './account.service.ts';
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
      passwords: app.passwords,
    });
  const account = (request: FastifyRequest) =>
    createAccountService({
      db: request.db,
      config: app.config,
      limiter: app.limiter,
      passwords: app.passwords,
    });

  route(app, api.auth.changePassword, async (request) =>
    auth(request).changePassword(request.actor, request.body),
  );
  route(app, api.auth.exportData, async (request, reply) => {
    const exported = await account(request).exportData(request.actor);
    reply.header(
      'content-disposition',
      `attachment; filename="${accountDataFileName(exported.exporteLe.slice(0, 10))}"`,
    );
    return exported;
  });
  route(app, api.auth.deleteAccount, async (request, reply) => {
    const answer = await account(request).deleteAccount(request.actor, request.body.motDePasse);
    app.auth.clearSessionCookies(request, reply);
    return answer;
  });
};
export default accountRoutes;
