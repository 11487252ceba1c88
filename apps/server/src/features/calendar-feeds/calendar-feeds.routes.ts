import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZCalendarFeedParamsSchema,
  ZCalendarSubscriptionAnswerSchema,
  ZCalendarSubscriptionSchema,
  ZMessageSchema,
} from '@club/contract';
import { readErrors as errors, writeErrors } from '../../lib/route-schemas.ts';
import { createCalendarFeedsService } from './calendar-feeds.service.ts';

const tags = ['calendrier'];

/** POST / DELETE /api/calendrier/abonnement (registered inside the signed-in scope). */
export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createCalendarFeedsService({ db: app.db });
  const base = app.config.PUBLIC_URL?.replace(/\/+$/, '');

  app.post(
    '/api/calendrier/abonnement',
    {
      schema: {
        tags,
        summary: 'Crée l’adresse secrète du calendrier personnel (révoque la précédente)',
        description:
          'Sans `equipeId` : les événements de toutes les équipes du membre ; avec : ceux de ' +
          'cette équipe et ceux sans équipe. `matchesSeulement` ne garde que les matchs. ' +
          'L’adresse répond en text/calendar sans cookie ; seule l’empreinte du jeton est gardée.',
        body: ZCalendarSubscriptionSchema,
        response: { 201: ZCalendarSubscriptionAnswerSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const token = await service.subscribe(request.actor, request.body);
      const origin = base ?? `${request.protocol}://${request.host}`;
      return reply.status(201).send({ url: `${origin}/api/calendrier/${token}.ics` });
    },
  );

  app.delete(
    '/api/calendrier/abonnement',
    {
      schema: {
        tags,
        summary: 'Révoque l’adresse du calendrier personnel',
        response: { 200: ZMessageSchema, ...errors },
      },
    },
    async (request) => service.revoke(request.actor),
  );
};

/** GET /api/calendrier/{jeton}.ics — public: the secret token is the credential, no cookie. */
export const feedRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createCalendarFeedsService({ db: app.db });
  app.get(
    '/api/calendrier/:fichier',
    {
      schema: {
        tags,
        summary: 'Calendrier personnel au format iCalendar (adresse secrète, sans cookie)',
        description:
          '`fichier` vaut `<jeton>.ics`. Heures en heure locale du club (TZID). ETag : ' +
          '`If-None-Match` répond 304 tant que rien n’a changé. Jeton inconnu ou révoqué : 404.',
        params: ZCalendarFeedParamsSchema,
      },
    },
    async (request, reply) => {
      const { body, etag } = await service.feed(request.params.fichier);
      reply.header('etag', etag).header('cache-control', 'private, max-age=300');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="calendrier.ics"')
        .send(body);
    },
  );
};
