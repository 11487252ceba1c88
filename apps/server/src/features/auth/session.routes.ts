import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  AUTH_MESSAGES,
  COOKIE_ACCESS_TOKEN,
  COOKIE_REFRESH_TOKEN,
  REFRESH_TOKEN_IDLE_SECONDS,
  api,
} from '@club/contract';
import { route } from '../../lib/endpoint-route.ts';
import { publicBaseUrl } from '../../lib/public-url.ts';
import { createAuthService, type RequestContext } from './auth.service.ts';

/** Login, refresh, logout and the two-step password reset (spec §7, docs/architecture.md §6). */
const sessionRoutes: FastifyPluginAsync = async (app) => {
  const service = createAuthService({
    db: app.db,
    config: app.config,
    limiter: app.limiter,
    mailer: app.mailer,
    log: app.log,
    sessions: app.auth,
    passwords: app.passwords,
  });
  const context = (request: FastifyRequest): RequestContext => ({
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
    // From the configuration only, never from the request's Host or Origin (lib/public-url.ts).
    baseUrl: publicBaseUrl(app.config),
  });
  route(app, api.auth.login, async (request, reply) => {
    const { issued, info } = await service.login(context(request), request.body);
    app.auth.setSessionCookies(request, reply, issued);
    return info;
  });

  route(app, api.auth.refresh, async (request, reply) => {
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
  });

  route(app, api.auth.logout, async (request, reply) => {
    await service.logout(app.auth.sessionBinding(request), request.cookies[COOKIE_REFRESH_TOKEN]);
    app.auth.clearSessionCookies(request, reply);
    return { message: AUTH_MESSAGES.loggedOut };
  });

  route(app, api.auth.forgotPassword, async (request) =>
    service.requestPasswordReset(context(request), request.body),
  );

  route(app, api.auth.resetPassword, async (request) => service.resetPassword(request.body));
};
export default sessionRoutes;
