import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** GET /auth/csrf issues an XSRF-TOKEN cookie bound to the current session, or to none before login. */
const csrfRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/auth/csrf',
    {
      schema: {
        tags: ['auth'],
        summary: 'Délivre le cookie anti-falsification XSRF-TOKEN',
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      app.auth.setXsrfCookie(
        request,
        reply,
        app.auth.csrfTokenFor(app.auth.sessionBinding(request)),
      );
      return reply.status(204).send(null);
    },
  );
};
export default csrfRoutes;
