import fp from 'fastify-plugin';
import fastifySSE from '@fastify/sse';
import type { FastifyInstance } from 'fastify';
import { signedIn } from '../../plugins/signed-in.ts';
import { findActor } from '../auth/index.ts';
import { createLiveHub, type LiveHub } from './live.hub.ts';
import { liveRoutes } from './live.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The live stream's hub of this instance (features/live, decision 0120). */
    live: LiveHub;
  }
}

/**
 * The live stream `api.live.stream` (Server-Sent Events, docs/decisions/0120-live-stream.md).
 * Features publish with `publishLive` (or `publishMatchChange`, `publishConvocationChange`) in
 * the transaction of their change; every instance's hub hears it and passes it to the streams of
 * the readers who may see it.
 */
async function liveFeature(app: FastifyInstance) {
  const hub = createLiveHub({
    database: app.database,
    log: app.log.child({ feature: 'live' }),
    loadActor: (sessionId, memberId) => findActor(app.db, sessionId, memberId),
    keepAliveMs: app.config.LIVE_KEEPALIVE_MS,
    sessionCheckMs: app.config.LIVE_SESSION_CHECK_MS,
  });
  app.decorate('live', hub);
  app.addHook('onReady', async () => hub.start());
  // Before the listener closes: the streams end (browsers reconnect elsewhere), nothing is held.
  app.addHook('preClose', async () => hub.stop());
  await app.register(fastifySSE);
  await app.register(signedIn(liveRoutes(hub)));
}

export default fp(liveFeature, { name: 'live', dependencies: ['db', 'auth'] });
export {
  publishConvocationChange,
  publishLive,
  publishMatchChange,
  type LiveEventInput,
  type LiveMatch,
} from './live.publish.ts';
