import type { FastifyPluginAsync } from 'fastify';
import { PUSH_MESSAGES, api } from '@club/contract';
import { route } from '../../lib/endpoint-route.ts';
import { badRequest } from '../../lib/http-error.ts';
import { checkEndpoint, PushEndpointRefused, type Resolver } from './push.endpoints.ts';
import { pushRepository as repo } from './push.repository.ts';

const endpoints = api.push;

/** GET /api/push/cle, POST and DELETE /api/push/abonnements (signed in: the member's devices). */
export function pushRoutes(opts: {
  publicKey: string;
  allowedPrefixes: readonly string[];
  resolve: Resolver;
}): FastifyPluginAsync {
  return async (app) => {
    route(app, endpoints.key, async () => ({ clePublique: opts.publicKey }), {
      config: { database: false },
    });
    route(app, endpoints.subscribe, async (request) => {
      const { endpoint, keys } = request.body;
      try {
        await checkEndpoint(endpoint, opts.allowedPrefixes, opts.resolve);
      } catch (err) {
        if (err instanceof PushEndpointRefused) {
          request.log.info({ err: err.message }, 'abonnement push refusé');
          throw badRequest(PUSH_MESSAGES.endpointRefused, {
            endpoint: PUSH_MESSAGES.endpointRefused,
          });
        }
        throw err;
      }
      const userAgent = request.headers['user-agent']?.slice(0, 300) ?? null;
      await repo.save(request.db, request.actor.clubId, request.actor.id, {
        endpoint,
        p256dh: keys.p256dh,
        auth: keys.auth,
        userAgent,
      });
      return { message: PUSH_MESSAGES.subscribed };
    });
    route(app, endpoints.unsubscribe, async (request) => {
      await repo.remove(request.db, request.actor.clubId, request.actor.id, request.body.endpoint);
      return { message: PUSH_MESSAGES.unsubscribed };
    });
  };
}
