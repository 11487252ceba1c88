import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { api, urlOf } from '@club/contract';
import { route } from '../../lib/endpoint-route.ts';
import { createCalendarFeedsService } from './calendar-feeds.service.ts';

const endpoints = api.calendarFeeds;

/** GET / POST / DELETE /api/calendrier/abonnement (signed in). */
export const subscriptionRoutes: FastifyPluginAsync = async (app) => {
  const feeds = (request: FastifyRequest) => createCalendarFeedsService({ db: request.db });
  const base = app.config.PUBLIC_URL?.replace(/\/+$/, '');

  route(app, endpoints.subscribe, async (request) => {
    const token = await feeds(request).subscribe(request.actor, request.body);
    const origin = base ?? `${request.protocol}://${request.host}`;
    return { url: origin + urlOf(endpoints.feed, { params: { fichier: `${token}.ics` } }) };
  });
  route(app, endpoints.state, async (request) => feeds(request).state(request.actor));
  route(app, endpoints.revoke, async (request) => feeds(request).revoke(request.actor));
};

/** GET /api/calendrier/{jeton}.ics — public: the secret token is the credential, no cookie. */
export const feedRoutes: FastifyPluginAsync = async (app) => {
  // Public: the owner's handle; the service scopes every query by the feed's club.
  const service = createCalendarFeedsService({ db: app.db });
  route(app, endpoints.feed, async (request, reply) => {
    const { body, etag } = await service.feed(request.params.fichier);
    reply.header('etag', etag).header('cache-control', 'private, max-age=300');
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', 'inline; filename="calendrier.ics"')
      .send(body);
  });
};
