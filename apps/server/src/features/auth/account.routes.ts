import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZChangePasswordBodySchema, ZCurrentMemberSchema, ZMessageSchema } from '@club/contract';
import { readErrors } from '../../lib/route-schemas.ts';
import { createAuthService } from './auth.service.ts';

/** Signed-in account calls (registered inside the signed-in scope). */
const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createAuthService({
    db: app.db,
    config: app.config,
    limiter: app.limiter,
    mailer: app.mailer,
    log: app.log,
    sessions: app.auth,
  });

  app.get(
    '/api/dashboard/infos',
    {
      schema: {
        tags: ['auth'],
        summary: 'Le membre connecté',
        response: { 200: ZCurrentMemberSchema, 401: readErrors[401] },
      },
    },
    async ({ actor }) => ({
      id: actor.id,
      idClub: actor.clubId,
      idEquipe: actor.primaryTeam?.id ?? null,
      role: actor.role,
      email: actor.email,
      nom: actor.nom,
      prenom: actor.prenom,
      nomClub: actor.clubNom,
      nomEquipe: actor.primaryTeam?.nom ?? null,
      statut: actor.statut,
      equipes: [...actor.teams],
    }),
  );

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
