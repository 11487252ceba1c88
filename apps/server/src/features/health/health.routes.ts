import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SERVER_MESSAGES } from '@club/contract';

function withinTwoSeconds<T>(p: Promise<T>): Promise<T> {
  return Promise.race([
    p,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('timeout')), 2_000).unref(),
    ),
  ]);
}

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['santé'],
        summary: 'Vivacité et disponibilité de la base de données',
        response: {
          200: z.object({
            status: z.literal('ok'),
            database: z.literal('up'),
            /** Counts of the mail queue (decision 0020); absent when they cannot be read in time. */
            mail: z
              .object({
                pending: z.number().int(),
                retrying: z.number().int(),
                failed: z.number().int(),
              })
              .optional(),
          }),
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
        await withinTwoSeconds(app.database.ping());
      } catch {
        return reply.status(503).send({
          status: 'degraded' as const,
          database: 'down' as const,
          message: SERVER_MESSAGES.unavailable,
        });
      }
      const mail = await withinTwoSeconds(app.mailQueue.stats()).catch(() => undefined);
      return { status: 'ok' as const, database: 'up' as const, ...(mail ? { mail } : {}) };
    },
  );
};
export default healthRoutes;
