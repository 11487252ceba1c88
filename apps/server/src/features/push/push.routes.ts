import crypto from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { PUSH_MESSAGES, api } from '@club/contract';
import { route } from '../../lib/endpoint-route.ts';
import { badRequest } from '../../lib/http-error.ts';
import { checkEndpoint, PushEndpointRefused, type Resolver } from './push.endpoints.ts';
import { pushRepository as repo } from './push.repository.ts';

const endpoints = api.push;

/**
 * Whether p256dh is a point of the P-256 curve (the contract checked its form: 65 bytes, 0x04
 * first). A key that is not cannot be encrypted to: every push would fail and be retried.
 */
export function isP256PublicKey(p256dh: string): boolean {
  try {
    crypto.ECDH.convertKey(Buffer.from(p256dh, 'base64url'), 'prime256v1');
    return true;
  } catch {
    return false;
  }
}

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
      if (!isP256PublicKey(keys.p256dh))
        throw badRequest(PUSH_MESSAGES.keysInvalid, { 'keys.p256dh': PUSH_MESSAGES.keysInvalid });
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
