import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZClubIdParamsSchema,
  ZIdParamsSchema,
  ZMessageSchema,
  ZTeamByCatDivQuerySchema,
  ZTeamSchema,
  ZTeamSummarySchema,
  ZTeamWriteSchema,
} from '@club/contract';
import { readErrors as errors, writeErrors } from '../../lib/route-schemas.ts';
import { createTeamsService } from './teams.service.ts';

const tags = ['équipes'];

/** Teams calls of spec §7 (registered inside the signed-in scope). */
const teamsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createTeamsService({ db: app.db });

  app.get(
    '/api/equipes/by-cat-div',
    {
      config: { etag: true },
      schema: {
        tags,
        summary: 'Équipes du club de même catégorie et division',
        querystring: ZTeamByCatDivQuerySchema,
        response: { 200: z.array(ZTeamSchema), ...errors },
      },
    },
    async (request) => service.byCategoryDivision(request.actor, request.query),
  );

  app.get(
    '/api/equipes/club/:clubId',
    {
      config: { etag: true, responseCache: true },
      schema: {
        tags,
        summary: 'Équipes du club',
        params: ZClubIdParamsSchema,
        response: { 200: z.array(ZTeamSchema), ...errors },
      },
    },
    async (request) => service.listClub(request.actor, request.params.clubId),
  );

  // No ETag here (decision 0030): the next event and the last result change with the clock.
  app.get(
    '/api/equipes/club/:clubId/resume',
    {
      schema: {
        tags,
        summary:
          'Cartes des équipes : nombre de joueurs, entraîneurs, prochain événement, dernier résultat',
        params: ZClubIdParamsSchema,
        response: { 200: z.array(ZTeamSummarySchema), ...errors },
      },
    },
    async (request) => service.summaries(request.actor, request.params.clubId),
  );

  app.get(
    '/api/equipes/:id',
    {
      schema: {
        tags,
        summary: 'Une équipe',
        params: ZIdParamsSchema,
        response: { 200: ZTeamSchema, ...errors },
      },
    },
    async (request) => service.get(request.actor, request.params.id),
  );

  app.post(
    '/api/equipes',
    {
      schema: {
        tags,
        summary: 'Crée une équipe (dirigeants)',
        body: ZTeamWriteSchema,
        response: { 201: ZTeamSchema, ...writeErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(request.actor, request.body)),
  );

  app.put(
    '/api/equipes/:id',
    {
      schema: {
        tags,
        summary: 'Modifie une équipe (dirigeants)',
        params: ZIdParamsSchema,
        body: ZTeamWriteSchema,
        response: { 200: ZTeamSchema, ...writeErrors },
      },
    },
    async (request) => service.update(request.actor, request.params.id, request.body),
  );

  app.delete(
    '/api/equipes/:id',
    {
      schema: {
        tags,
        summary: 'Supprime une équipe ; ses membres restent dans le club, sans équipe',
        params: ZIdParamsSchema,
        response: { 200: ZMessageSchema, ...errors },
      },
    },
    async (request) => service.remove(request.actor, request.params.id),
  );
};
export default teamsRoutes;
