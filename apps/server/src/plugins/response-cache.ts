import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createResponseCache, type ResponseCache } from '../lib/response-cache.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A hot signed-in GET list whose 200 answer is kept per member until the club data changes
     * (plugins/response-cache.ts, decision 0032-response-cache).
     */
    responseCache?: boolean;
  }
  interface FastifyInstance {
    responseCache: ResponseCache;
    /**
     * The database's change feed of club data, for the other in-process caches (the actor cache):
     * a subscriber hears each club a write changed (undefined: every club). Absent when the
     * response cache is off.
     */
    clubDataChanges?: { subscribe(fn: (clubId: number | undefined) => void): void };
  }
  interface FastifyRequest {
    /** Set by the cache's preHandler: the key and the epoch at which the computation began. */
    responseCacheMiss: { key: string; startedAt: number } | null;
  }
}

/** The channel the club-data triggers notify (migrations 0008 and 0014_club_data_notify_per_club). */
export const CLUB_DATA_CHANNEL = 'club_data';

/**
 * The club a change-feed notification names (decision 0089): its payload is the club's id; an
 * empty or unknown payload (a TRUNCATE, the shared sports table, a row without a club, a
 * notification of an older server) stands for every club (undefined).
 */
export function clubOfNotification(payload: string | undefined): number | undefined {
  const text = payload?.trim() ?? '';
  if (!/^[1-9][0-9]{0,9}$/.test(text)) return undefined;
  const id = Number(text);
  return Number.isSafeInteger(id) && id <= 2_147_483_647 ? id : undefined;
}

/**
 * What this process's own write empties before its answer leaves: the signed-in writer's club
 * (every tenant write of a signed-in request is scoped to it). A write without a signed-in member
 * (sign-in, activation, registration, contact) empties nothing here: whatever club data it
 * changed reaches every instance through the change feed, as a write of another instance does.
 */
function invalidateAfterWrite(cache: ResponseCache, request: FastifyRequest) {
  const actor = request.signedInActor;
  if (actor) cache.invalidate(actor.clubId);
}

/** At most this long a caller waits for another request computing the same answer. */
const WAIT_FOR_CLAIM_MS = 1_000;
const delay = (ms: number) =>
  new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ms).unref());

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function keyOf(request: FastifyRequest): string | null {
  const actor = request.signedInActor;
  if (!actor) return null;
  // Per member: what a member may see depends on their role, teams and children, all of which
  // are club data (a change empties the cache); two members never share an entry.
  return `${actor.clubId}:${actor.id}:${request.url}`;
}

/**
 * Registered at the root before compression, like the ETag plugin: a hit is answered in a
 * preHandler (after authentication and validation, before the handler) with the stored JSON text,
 * which then goes through the same onSend hooks (ETag, no-store, compression) as a computed answer.
 */
export default fp(
  async (app: FastifyInstance, opts: { ttlMs: number }) => {
    const cache = createResponseCache({ ttlMs: opts.ttlMs });
    const release = (request: FastifyRequest) => {
      const miss = request.responseCacheMiss;
      if (!miss) return;
      request.responseCacheMiss = null;
      cache.release(miss.key);
    };
    app.decorate('responseCache', cache);
    app.decorateRequest('responseCacheMiss', null);

    if (opts.ttlMs > 0) {
      let stop: (() => Promise<void>) | null = null;
      const subscribers = new Set<(clubId: number | undefined) => void>();
      app.decorate('clubDataChanges', { subscribe: (fn) => void subscribers.add(fn) });
      app.addHook('onReady', async () => {
        stop = await app.database.listen(
          CLUB_DATA_CHANNEL,
          (payload) => {
            const club = clubOfNotification(payload);
            cache.invalidate(club);
            for (const fn of subscribers) fn(club);
          },
          (listening) => cache.setListening(listening),
        );
      });
      app.addHook('onClose', async () => {
        await stop?.();
      });
    }

    app.addHook('preHandler', async (request, reply) => {
      if (!cache.active || request.method !== 'GET' || !request.routeOptions.config.responseCache)
        return;
      const key = keyOf(request);
      if (!key) return;
      let body = cache.get(key);
      if (body === undefined) {
        const claim = cache.claim(key);
        if (claim === true) {
          request.responseCacheMiss = { key, startedAt: cache.epoch() };
          reply.header('x-cache', 'miss');
          return;
        }
        // The same member's same list is being computed: wait for it (bounded) rather than
        // computing it again (after an expiry or a write, 50 callers would otherwise all miss).
        body = await Promise.race([claim, delay(WAIT_FOR_CLAIM_MS)]);
        if (body === undefined) {
          reply.header('x-cache', 'miss');
          return; // computed here, not stored
        }
      }
      // Which answers came from the cache: bench/week reports the share (bench/README.md).
      reply.header('x-cache', 'hit');
      reply.header('content-type', 'application/json; charset=utf-8');
      return reply.send(body);
    });

    app.addHook('onSend', async (request, reply, payload) => {
      // A write answered by this process: its transaction has committed; forget the writer's
      // club before the answer leaves, so the writer's next read is fresh.
      if (STATE_CHANGING.has(request.method)) {
        invalidateAfterWrite(cache, request);
        return payload;
      }
      const miss = request.responseCacheMiss;
      if (miss) {
        if (reply.statusCode === 200 && typeof payload === 'string')
          cache.set(miss.key, payload, miss.startedAt);
        release(request);
      }
      return payload;
    });
    // Again once answered (a write whose onSend did not run, e.g. an aborted request).
    app.addHook('onResponse', async (request) => {
      if (STATE_CHANGING.has(request.method)) invalidateAfterWrite(cache, request);
      release(request);
    });
    app.addHook('onRequestAbort', async (request) => release(request));
  },
  { name: 'response-cache' },
);
