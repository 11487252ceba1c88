import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { api } from '@club/contract';
import { route } from '../../lib/endpoint-route.ts';
import { enforceLimit } from '../../lib/throttle.ts';
import { createPresencesService } from './presences.service.ts';
import type { LinkTokens } from './notifications.tokens.ts';
import { createNotificationsService } from './notifications.service.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route skips the anti-forgery check (auth plugin): its signed `jeton` is the proof, and
     * it must work from an e-mail (a mail provider's one-click unsubscribe has no cookie).
     */
    csrfExempt?: boolean;
  }
}

const endpoints = api.notifications;

/**
 * Public routes of the e-mail links (no cookie): answering a convocation and the one-click
 * unsubscribe. Limited per IP like the other public posts.
 */
export function publicRoutes(tokens: LinkTokens): FastifyPluginAsync {
  return async (app) => {
    // Public: the owner's handle; the signed token names the club every query is scoped by.
    const service = createNotificationsService({ db: app.db, tokens, clock: app.clock });
    const limit = (ip: string) =>
      enforceLimit(
        app.limiter,
        `answer-link:ip:${ip}`,
        app.config.ANSWER_LINKS_PER_IP,
        app.config.ANSWER_LINKS_WINDOW_SECONDS,
      );
    // RFC 8058: the one-click POST is form-encoded (or multipart); only its URL matters.
    app.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data'],
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, _body, done) => done(null, {}),
    );

    route(app, endpoints.answerLink, async (request) => {
      await limit(request.ip);
      return service.show(request.query.jeton);
    });
    route(
      app,
      endpoints.answerByLink,
      async (request) => {
        await limit(request.ip);
        return service.answer(request.body);
      },
      { config: { csrfExempt: true } },
    );
    route(app, endpoints.unsubscribeState, async (request) => {
      await limit(request.ip);
      return service.unsubscribeState(request.query.jeton);
    });
    route(
      app,
      endpoints.unsubscribe,
      async (request) => {
        await limit(request.ip);
        return service.unsubscribe(request.query.jeton);
      },
      { config: { csrfExempt: true } },
    );
  };
}

/** GET / PUT /api/notifications/preferences (signed in). */
export function preferenceRoutes(tokens: LinkTokens): FastifyPluginAsync {
  return async (app) => {
    const notifications = (request: FastifyRequest) =>
      createNotificationsService({ db: request.db, tokens, clock: app.clock });
    route(app, endpoints.preferences, async (request) =>
      notifications(request).preferences(request.actor),
    );
    route(app, endpoints.setPreferences, async (request) =>
      notifications(request).setPreferences(request.actor, request.body),
    );
  };
}

/** Training attendance (signed in): GET /api/evenements/{id}/presences, PUT …/presence, PUT …/presences. */
export const presenceRoutes: FastifyPluginAsync = async (app) => {
  const presences = (request: FastifyRequest) =>
    createPresencesService({ db: request.db, clock: app.clock });
  route(app, api.events.presences, async (request) =>
    presences(request).list(request.actor, request.params.id),
  );
  route(app, api.events.answerPresence, async (request) =>
    presences(request).answer(request.actor, request.params.id, request.body),
  );
  route(app, api.events.rollCall, async (request) =>
    presences(request).rollCall(request.actor, request.params.id, request.body),
  );
};
