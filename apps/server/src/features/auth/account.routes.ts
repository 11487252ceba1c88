import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { accountDataFileName, api } from '@club/contract';
import { route } from '../../lib/endpoint-route.ts';
import { createAccountService } from './account.service.ts';
import { createAuthService } from './auth.service.ts';

/** Signed-in account calls; GET /api/dashboard/infos is the dashboard feature's. */
const accountRoutes: FastifyPluginAsync = async (app) => {
  // The password is the account's, in every club (docs/decisions/0112): changed on the owner's
  // handle, outside the club-scoped transaction.
  const auth = createAuthService({
    db: app.db,
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

  route(
    app,
    api.auth.changePassword,
    async (request) => auth.changePassword(request.actor, request.body),
    { config: { database: false } },
  );
  // Across clubs: the owner's handle, no club-scoped transaction (decision 0112).
  route(
    app,
    api.auth.switchClub,
    async (request, reply) => {
      const { issued, info } = await auth.switchClub(request.actor, request.body.idClub, {
        userAgent: request.headers['user-agent'] ?? null,
      });
      app.auth.setSessionCookies(request, reply, issued);
      return info;
    },
    { config: { database: false } },
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
