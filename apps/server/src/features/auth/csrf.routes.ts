import type { FastifyPluginAsync } from 'fastify';
import { api } from '@club/contract';
import { route } from '../../lib/endpoint-route.ts';

/** GET /auth/csrf issues an XSRF-TOKEN cookie bound to the current session, or to none before login. */
const csrfRoutes: FastifyPluginAsync = async (app) => {
  route(app, api.auth.csrf, async (request, reply) => {
    app.auth.setXsrfCookie(request, reply, app.auth.csrfTokenFor(app.auth.sessionBinding(request)));
    return reply.status(204).send(null);
  });
};
export default csrfRoutes;
