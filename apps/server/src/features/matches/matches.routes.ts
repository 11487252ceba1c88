import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZApiErrorSchema,
  ZConvocationListSchema,
  ZConvocationUpdateSchema,
  ZIdParamsSchema,
  ZMatchCancelSchema,
  ZMatchListQuerySchema,
  ZMatchListSchema,
  ZMatchSchema,
  ZScoreConflictSchema,
  ZScoreInputSchema,
  safeString,
} from '@club/contract';
import { readErrors as errors } from '../../lib/route-schemas.ts';
import { ScoreConflict, createMatchesService } from './matches.service.ts';

const tags = ['matches'];
const writeErrors = { ...errors, 409: ZApiErrorSchema } as const;

/** Matches calls of spec §7 plus the cancellation (registered inside the signed-in scope). */
const matchesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createMatchesService({ db: app.db, notifier: app.matchNotifier });

  app.get(
    '/api/matches/equipe/:id',
    {
      // Kept per member until the club data changes (plugins/response-cache.ts).
      config: { responseCache: true },
      schema: {
        tags,
        summary:
          'Matches d’une équipe (à domicile ou à l’extérieur), par date de début ; filtre ?statut=, pages optionnelles',
        params: ZIdParamsSchema,
        querystring: ZMatchListQuerySchema,
        response: { 200: ZMatchListSchema, ...errors },
      },
    },
    async (request) => service.listForTeam(request.actor, request.params.id, request.query),
  );

  app.get(
    '/api/matches/:id',
    {
      schema: {
        tags,
        summary: 'Un match',
        params: ZIdParamsSchema,
        response: { 200: ZMatchSchema, ...errors },
      },
    },
    async (request) => service.get(request.actor, request.params.id),
  );

  app.put(
    '/api/matches/:id/score',
    {
      schema: {
        tags,
        summary:
          'Saisit le score (entraîneur de l’équipe ou dirigeants, match en cours ou terminé) ; 409 avec le score actuel si quelqu’un l’a modifié entre-temps',
        params: ZIdParamsSchema,
        headers: z.looseObject({ 'if-match': safeString().max(80).optional() }),
        body: ZScoreInputSchema,
        response: { 200: ZMatchSchema, ...errors, 409: ZScoreConflictSchema },
      },
    },
    async (request, reply) => {
      try {
        return await service.updateScore(
          request.actor,
          request.params.id,
          request.body,
          request.headers['if-match'],
        );
      } catch (err) {
        if (err instanceof ScoreConflict)
          return reply.status(409).send({ message: err.message, match: err.match });
        throw err;
      }
    },
  );

  app.put(
    '/api/matches/:id/annulation',
    {
      schema: {
        tags,
        summary: 'Annule le match ou lève son annulation (entraîneur de l’équipe ou dirigeants)',
        params: ZIdParamsSchema,
        body: ZMatchCancelSchema,
        response: { 200: ZMatchSchema, ...errors },
      },
    },
    async (request) => service.setCancelled(request.actor, request.params.id, request.body.annule),
  );

  app.get(
    '/api/matches/:id/convocations',
    {
      schema: {
        tags,
        summary:
          'Convocation du match ; les justificatifs ne sont visibles que de l’entraîneur, des dirigeants, du joueur et de ses parents',
        params: ZIdParamsSchema,
        response: { 200: ZConvocationListSchema, ...errors },
      },
    },
    async (request) => service.listConvocations(request.actor, request.params.id),
  );

  app.put(
    '/api/matches/:id/convocations',
    {
      schema: {
        tags,
        summary:
          'Répond à la convocation : l’entraîneur et les dirigeants pour tous, un joueur actif pour lui-même, un parent pour ses enfants',
        params: ZIdParamsSchema,
        body: ZConvocationUpdateSchema,
        response: { 200: ZConvocationListSchema, ...writeErrors },
      },
    },
    async (request) => service.answerConvocations(request.actor, request.params.id, request.body),
  );
};
export default matchesRoutes;
