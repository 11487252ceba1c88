import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZAccountDataSchema,
  ZApiErrorSchema,
  ZChangePasswordBodySchema,
  ZMessageSchema,
  ZPasswordConfirmationSchema,
  accountDataFileName,
} from '@club/contract';
import { readErrors, writeErrors } from '../../lib/route-schemas.ts';
import { createAccountService } from './account.service.ts';
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
  const account = createAccountService({
    db: app.db,
    config: app.config,
    limiter: app.limiter,
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

  app.get(
    '/api/compte/donnees',
    {
      schema: {
        tags: ['compte'],
        summary: 'Télécharge mes données (droit d’accès et portabilité) : fichier JSON',
        description:
          'Tout ce que l’application conserve sur le membre connecté et ses enfants : profil, ' +
          'équipes, liens parent-enfant, réponses aux convocations avec justifications, présences ' +
          'aux entraînements, sessions, abonnements au calendrier, préférences de notification, ' +
          'journal. Jamais d’empreinte de mot de passe, de jeton ni de secret.',
        response: { 200: ZAccountDataSchema, ...readErrors },
      },
    },
    async (request, reply) => {
      const exported = await account.exportData(request.actor);
      reply.header(
        'content-disposition',
        `attachment; filename="${accountDataFileName(exported.exporteLe.slice(0, 10))}"`,
      );
      return exported;
    },
  );

  app.delete(
    '/api/compte',
    {
      schema: {
        tags: ['compte'],
        summary: 'Supprime mon compte (mot de passe requis) : données effacées, sessions fermées',
        body: ZPasswordConfirmationSchema,
        response: { 200: ZMessageSchema, ...writeErrors, 429: ZApiErrorSchema },
      },
    },
    async (request, reply) => {
      const answer = await account.deleteAccount(request.actor, request.body.motDePasse);
      app.auth.clearSessionCookies(request, reply);
      return answer;
    },
  );
};
export default accountRoutes;
