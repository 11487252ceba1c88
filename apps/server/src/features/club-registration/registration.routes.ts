import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZApiErrorSchema,
  ZClubExistsQuerySchema,
  ZEmailExistsQuerySchema,
  ZExistsSchema,
  ZMessageSchema,
  ZRegistrationBodySchema,
} from '@club/contract';
import { createRegistrationService } from './registration.service.ts';

/** Club registration and the uniqueness checks of spec §5 / §7. */
const registrationRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createRegistrationService({
    db: app.db,
    limiter: app.limiter,
    config: app.config,
  });
  app.post(
    '/api/club/inscription',
    {
      schema: {
        tags: ['club'],
        summary: 'Inscrit un club et son dirigeant',
        body: ZRegistrationBodySchema,
        response: { 201: ZMessageSchema, 429: ZApiErrorSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.registerClub(request.ip, request.body)),
  );

  app.get(
    '/api/club/email-exists',
    {
      schema: {
        tags: ['club'],
        summary: 'Cette adresse e-mail est-elle déjà utilisée ?',
        querystring: ZEmailExistsQuerySchema,
        response: { 200: ZExistsSchema },
      },
    },
    async (request) => service.checkEmail(request.ip, request.query.email),
  );

  app.get(
    '/api/club/club-exists',
    {
      schema: {
        tags: ['club'],
        summary: 'Ce nom de club est-il déjà utilisé ?',
        querystring: ZClubExistsQuerySchema,
        response: { 200: ZExistsSchema },
      },
    },
    async (request) => service.checkClub(request.ip, request.query.nomClub),
  );
};
export default registrationRoutes;
