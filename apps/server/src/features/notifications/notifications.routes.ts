import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZAnswerLinkPostSchema,
  ZAnswerLinkViewSchema,
  ZApiErrorSchema,
  ZJetonQuerySchema,
  ZNotificationPreferencesSchema,
} from '@club/contract';
import { enforceLimit } from '../../lib/throttle.ts';
import { readErrors as errors } from '../../lib/route-schemas.ts';
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

const publicErrors = { 400: ZApiErrorSchema, 404: ZApiErrorSchema, 429: ZApiErrorSchema } as const;

/**
 * Public routes of the e-mail links (no cookie): answering a convocation and the one-click
 * unsubscribe. Limited per IP like the other public posts.
 */
export function publicRoutes(tokens: LinkTokens): FastifyPluginAsyncZod {
  return async (app) => {
    const service = createNotificationsService({ db: app.db, tokens });
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

    app.get(
      '/api/convocations/reponse',
      {
        schema: {
          tags: ['convocations'],
          summary: 'Convocation d’un lien de réponse reçu par e-mail (sans cookie)',
          description:
            'Le jeton signé nomme le club, le match et le joueur. Jeton invalide ou joueur plus ' +
            'convoqué : 404 « Ce lien n’est pas valide. ».',
          querystring: ZJetonQuerySchema,
          response: { 200: ZAnswerLinkViewSchema, ...publicErrors },
        },
      },
      async (request) => {
        await limit(request.ip);
        return service.show(request.query.jeton);
      },
    );

    app.post(
      '/api/convocations/reponse',
      {
        config: { csrfExempt: true },
        schema: {
          tags: ['convocations'],
          summary: 'Répond à la convocation d’un lien reçu par e-mail (sans cookie)',
          description:
            'Jusqu’au début du match (409 ensuite, ou si le match est annulé). Absent demande un ' +
            'justificatif.',
          body: ZAnswerLinkPostSchema,
          response: {
            200: ZAnswerLinkViewSchema,
            ...publicErrors,
            403: ZApiErrorSchema,
            409: ZApiErrorSchema,
          },
        },
      },
      async (request) => {
        await limit(request.ip);
        return service.answer(request.body);
      },
    );

    app.get(
      '/api/notifications/desabonnement',
      {
        schema: {
          tags: ['notifications'],
          summary: 'État des notifications d’un lien de désabonnement (ne change rien)',
          querystring: ZJetonQuerySchema,
          response: { 200: ZNotificationPreferencesSchema, ...publicErrors },
        },
      },
      async (request) => {
        await limit(request.ip);
        return service.unsubscribeState(request.query.jeton);
      },
    );

    app.post(
      '/api/notifications/desabonnement',
      {
        config: { csrfExempt: true },
        schema: {
          tags: ['notifications'],
          summary: 'Désabonnement en un clic (RFC 8058) : plus aucun e-mail de notification',
          description:
            'Corps vide, JSON ou `List-Unsubscribe=One-Click` (formulaire) : seul le jeton compte.',
          querystring: ZJetonQuerySchema,
          response: { 200: ZNotificationPreferencesSchema, ...publicErrors },
        },
      },
      async (request) => {
        await limit(request.ip);
        return service.unsubscribe(request.query.jeton);
      },
    );
  };
}

/** GET / PUT /api/notifications/preferences (signed in). */
export function preferenceRoutes(tokens: LinkTokens): FastifyPluginAsyncZod {
  return async (app) => {
    const service = createNotificationsService({ db: app.db, tokens });
    app.get(
      '/api/notifications/preferences',
      {
        schema: {
          tags: ['notifications'],
          summary: 'Mes préférences de notification',
          response: { 200: ZNotificationPreferencesSchema, ...errors },
        },
      },
      async (request) => service.preferences(request.actor),
    );
    app.put(
      '/api/notifications/preferences',
      {
        schema: {
          tags: ['notifications'],
          summary:
            'Active ou coupe mes e-mails de notification (invitations et mots de passe toujours envoyés)',
          body: ZNotificationPreferencesSchema,
          response: { 200: ZNotificationPreferencesSchema, ...errors },
        },
      },
      async (request) => service.setPreferences(request.actor, request.body.emails),
    );
  };
}
