import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AUTH_MESSAGES,
  COOKIE_ACCESS_TOKEN,
  COOKIE_REFRESH_TOKEN,
  REFRESH_TOKEN_IDLE_SECONDS,
  ZForgotPasswordBodySchema,
  ZLoginBodySchema,
  ZMessageSchema,
  ZRefreshBodySchema,
  ZResetPasswordBodySchema,
  ZSessionInfoSchema,
} from '@club/contract';
import { publicBaseUrl } from '../../lib/public-url.ts';
import { createAuthService, type RequestContext } from './auth.service.ts';

/** Login, refresh, logout and the two-step password reset (spec §7, ARCHITECTURE §5). */
const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createAuthService({
    db: app.db,
    config: app.config,
    limiter: app.limiter,
    mailer: app.mailer,
    log: app.log,
    sessions: app.auth,
  });
  const context = (request: FastifyRequest): RequestContext => ({
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
    // From the configuration only, never from the request's Host or Origin (lib/public-url.ts).
    baseUrl: publicBaseUrl(app.config),
  });
  app.post(
    '/auth/connexion/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Connexion (crée une session et pose les trois cookies)',
        body: ZLoginBodySchema,
        response: { 200: ZSessionInfoSchema },
      },
    },
    async (request, reply) => {
      const { issued, info } = await service.login(context(request), request.body);
      app.auth.setSessionCookies(request, reply, issued);
      return info;
    },
  );

  app.post(
    '/auth/connexion/refresh',
    {
      schema: {
        tags: ['auth'],
        summary: 'Rafraîchit la session (rotation du jeton de rafraîchissement)',
        body: ZRefreshBodySchema,
        response: { 200: ZSessionInfoSchema },
      },
    },
    async (request, reply) => {
      try {
        const result = await service.refresh(
          request.cookies[COOKIE_REFRESH_TOKEN],
          request.body.deviceFingerprint,
        );
        if (result.kind === 'rotated') {
          app.auth.setSessionCookies(request, reply, result.issued);
        } else {
          reply.setCookie(COOKIE_ACCESS_TOKEN, result.accessToken, {
            secure: app.auth.isSecure(request),
            path: '/',
            httpOnly: true,
            sameSite: 'lax',
            maxAge: REFRESH_TOKEN_IDLE_SECONDS,
          });
          app.auth.setXsrfCookie(request, reply, result.xsrfToken);
        }
        return result.info;
      } catch (err) {
        app.auth.clearSessionCookies(request, reply);
        throw err;
      }
    },
  );

  app.post(
    '/auth/connexion/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Déconnexion (révoque la session, efface les cookies)',
        body: z.object({}).strict().nullish(),
        response: { 200: ZMessageSchema },
      },
    },
    async (request, reply) => {
      await service.logout(app.auth.sessionBinding(request), request.cookies[COOKIE_REFRESH_TOKEN]);
      app.auth.clearSessionCookies(request, reply);
      return { message: AUTH_MESSAGES.loggedOut };
    },
  );

  app.post(
    '/auth/connexion/mdpOublie',
    {
      schema: {
        tags: ['auth'],
        summary: 'Demande un lien de réinitialisation (réponse neutre)',
        body: ZForgotPasswordBodySchema,
        response: { 200: ZMessageSchema },
      },
    },
    async (request) => service.requestPasswordReset(context(request), request.body),
  );

  app.post(
    '/auth/connexion/mdpUpdte',
    {
      schema: {
        tags: ['auth'],
        summary: 'Choisit un nouveau mot de passe avec le jeton reçu par e-mail',
        body: ZResetPasswordBodySchema,
        response: { 200: ZMessageSchema },
      },
    },
    async (request) => service.resetPassword(request.body),
  );
};
export default sessionRoutes;
