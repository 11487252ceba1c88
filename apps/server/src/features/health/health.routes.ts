import type { FastifyPluginAsync, FastifyReply } from 'fastify';
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

type Readiness =
  { ok: true; body: { status: 'ok'; database: 'up'; mail?: MailStats } } | { ok: false };
type MailStats = { pending: number; retrying: number; failed: number };

/**
 * Liveness and readiness (docs/operations.md, decision 0089). Liveness
 * (`api.publicSite.healthLive`) answers from the process alone. Readiness
 * (`api.publicSite.healthReady`, and `api.publicSite.health` as before) checks the database and
 * reads the mail queue's counts; callers that arrive while a check is under way share its outcome
 * (no answer older than the check that was running when they came).
 */
const healthRoutes: FastifyPluginAsync = async (app) => {
  let running: Promise<Readiness> | null = null;
  const check = async (): Promise<Readiness> => {
    try {
      await withinTwoSeconds(app.database.ping());
    } catch {
      return { ok: false };
    }
    const mail = await withinTwoSeconds(app.mailQueue.stats()).catch(() => undefined);
    return { ok: true, body: { status: 'ok', database: 'up', ...(mail ? { mail } : {}) } };
  };
  const readiness = () => {
    running ??= check().finally(() => {
      running = null;
    });
    return running;
  };

  const ready = async (reply: FastifyReply) => {
    const outcome = await readiness();
    if (outcome.ok) return outcome.body;
    return reply.status(503).send({
      status: 'degraded' as const,
      database: 'down' as const,
      message: SERVER_MESSAGES.unavailable,
    });
  };
  route(app, api.publicSite.health, (_request, reply) => ready(reply));
  route(app, api.publicSite.healthReady, (_request, reply) => ready(reply));
  route(app, api.publicSite.healthLive, async () => ({ status: 'ok' as const }));
};
export default healthRoutes;
