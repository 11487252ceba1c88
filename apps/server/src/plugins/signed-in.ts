import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import fp from 'fastify-plugin';
import { registerIdempotency } from './idempotency.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** 'METHOD url' of every route registered inside a signed-in scope (the policy grid reads it). */
    signedInRoutes: Set<string>;
  }
}

/** Records which routes sit behind authentication; registered once, before the features. */
export const signedInRegistry = fp(
  async (app: FastifyInstance) => {
    app.decorate('signedInRoutes', new Set<string>());
  },
  { name: 'signed-in-registry' },
);

/**
 * The signed-in scope: every route registered by `routes` is authenticated by one hook (before the
 * body is read) and its handlers read a typed `request.actor`. Anything outside answers 401 when it
 * reads `request.actor`, so a route forgotten outside the scope fails closed.
 */
export function signedIn(routes: FastifyPluginAsyncZod): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) app.signedInRoutes.add(`${method} ${route.url}`);
    });
    app.addHook('onRequest', async (request) => app.authenticate(request));
    // Writes sent with an Idempotency-Key header are answered once (plugins/idempotency.ts).
    registerIdempotency(app);
    await app.register(routes);
  };
}
