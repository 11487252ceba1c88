import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SERVER_MESSAGES } from '@club/contract';

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['santé'],
        summary: 'Vivacité et disponibilité de la base de données',
        response: {
          200: z.object({ status: z.literal('ok'), database: z.literal('up') }),
          503: z.object({
            status: z.literal('degraded'),
            database: z.literal('down'),
            message: z.string(),
          }),
        },
      },
    },
    async (_request, reply) => {
      try {
        await Promise.race([
          app.database.ping(),
          new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2_000).unref()),
        ]);
        return { status: 'ok' as const, database: 'up' as const };
      } catch {
        return reply.status(503).send({
          status: 'degraded' as const,
          database: 'down' as const,
          message: SERVER_MESSAGES.unavailable,
        });
      }
    },
  );
};
export default healthRoutes;
