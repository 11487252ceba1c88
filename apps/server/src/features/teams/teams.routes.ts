import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZApiErrorSchema,
  ZClubIdParamsSchema,
  ZIdParamsSchema,
  ZMessageSchema,
  ZTeamByCatDivQuerySchema,
  ZTeamSchema,
  ZTeamWriteSchema,
} from '@club/contract';
import { createTeamsService } from './teams.service.ts';

const errors = {
  400: ZApiErrorSchema,
  401: ZApiErrorSchema,
  403: ZApiErrorSchema,
  404: ZApiErrorSchema,
};
const writeErrors = { ...errors, 409: ZApiErrorSchema };
const tags = ['équipes'];

/** Teams calls of spec §7. */
const teamsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createTeamsService(app.db);
  const preHandler = app.requireMember;

  app.get(
    '/api/equipes/by-cat-div',
    {
      schema: {
        tags,
        summary: 'Équipes du club de même catégorie et division',
        querystring: ZTeamByCatDivQuerySchema,
        response: { 200: z.array(ZTeamSchema), ...errors },
      },
      preHandler,
    },
    async (request) => service.byCategoryDivision(request.member!, request.query),
  );

  app.get(
    '/api/equipes/club/:clubId',
    {
      schema: {
        tags,
        summary: 'Équipes du club',
        params: ZClubIdParamsSchema,
        response: { 200: z.array(ZTeamSchema), ...errors },
      },
      preHandler,
    },
    async (request) => service.listClub(request.member!, request.params.clubId),
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
      preHandler,
    },
    async (request) => service.get(request.member!, request.params.id),
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
      preHandler,
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(request.member!, request.body)),
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
      preHandler,
    },
    async (request) => service.update(request.member!, request.params.id, request.body),
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
      preHandler,
    },
    async (request) => service.remove(request.member!, request.params.id),
  );
};
export default teamsRoutes;
