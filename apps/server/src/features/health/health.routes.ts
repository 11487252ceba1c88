import type { FastifyPluginAsync } from 'fastify';
import { SERVER_MESSAGES, api } from '@club/contract';
import { route } from '../../lib/endpoint-route.ts';

function withinTwoSeconds<T>(p: Promise<T>): Promise<T> {
  return Promise.race([
    p,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('timeout')), 2_000).unref(),
    ),
  ]);
}

const healthRoutes: FastifyPluginAsync = async (app) => {
  route(app, api.publicSite.health, async (_request, reply) => {
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
  });
};
export default healthRoutes;
