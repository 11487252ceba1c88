import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZChangePasswordBodySchema, ZMessageSchema } from '@club/contract';
import { readErrors } from '../../lib/route-schemas.ts';
import { createAuthService } from './auth.service.ts';

/** Signed-in account calls (registered inside the signed-in scope); GET /api/dashboard/infos is the
 * dashboard feature's. */
const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createAuthService({
    db: app.db,
    config: app.config,
    limiter: app.limiter,
    mailer: app.mailer,
    log: app.log,
    sessions: app.auth,
  });

  app.post(
    '/api/compte/mot-de-passe',
    {
      schema: {
        tags: ['auth'],
        summary: 'Change son mot de passe (mot de passe actuel requis)',
        body: ZChangePasswordBodySchema,
        response: { 200: ZMessageSchema, ...readErrors },
      },
    },
    async (request) => service.changePassword(request.actor, request.body),
  );
};
export default accountRoutes;
