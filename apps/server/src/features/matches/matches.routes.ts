import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { api } from '@club/contract';
import { route } from '../../lib/endpoint-route.ts';
import { ScoreConflict, createMatchesService } from './matches.service.ts';

const endpoints = api.matches;

/** Matches calls of spec §7 plus the cancellation (packages/contract/src/api/matches.ts), signed in. */
const matchesRoutes: FastifyPluginAsync = async (app) => {
  const matches = (request: FastifyRequest) =>
    createMatchesService({
      db: request.db,
      notifier: app.matchNotifier,
      matchPush: app.matchPush,
      clock: app.clock,
    });

  // Kept per member until the club data changes (plugins/response-cache.ts).
  route(
    app,
    endpoints.listTeam,
    async (request) =>
      matches(request).listForTeam(request.actor, request.params.id, request.query),
    { config: { responseCache: true } },
  );
  route(app, endpoints.get, async (request) =>
    matches(request).get(request.actor, request.params.id),
  );
  route(app, endpoints.score, async (request, reply) => {
    try {
      return await matches(request).updateScore(
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
  });
  route(app, endpoints.cancel, async (request) =>
    matches(request).setCancelled(request.actor, request.params.id, request.body.annule),
  );
  route(app, endpoints.convocations, async (request) =>
    matches(request).listConvocations(request.actor, request.params.id),
  );
  route(app, endpoints.selection, async (request) =>
    matches(request).select(request.actor, request.params.id, request.body),
  );
  route(app, endpoints.answerConvocations, async (request) =>
    matches(request).answerConvocations(request.actor, request.params.id, request.body),
  );
};
export default matchesRoutes;
