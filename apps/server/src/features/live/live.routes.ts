import type { FastifyPluginAsync } from 'fastify';
import { LIVE_MESSAGES, SERVER_MESSAGES, api } from '@club/contract';
import { route } from '../../lib/endpoint-route.ts';
import { HttpError, tooManyRequests } from '../../lib/http-error.ts';
import type { LiveHub, LiveStream } from './live.hub.ts';

/** At most this many open streams per member on one instance (tabs, devices). */
export const MAX_STREAMS_PER_MEMBER = 20;

/** Whether the request asks for an event stream (what EventSource always sends). */
function acceptsEventStream(accept: string | undefined): boolean {
  return !!accept && /(^|,)\s*text\/event-stream\s*(;|,|$)/i.test(accept);
}

/** The browser's Last-Event-ID: an event id this server gave, else none. */
function lastEventIdOf(header: string | string[] | undefined): number | null {
  const text = Array.isArray(header) ? header[0] : header;
  if (!text || !/^\d{1,15}$/.test(text.trim())) return null;
  return Number(text.trim());
}

/**
 * GET /api/flux (signed in, no database transaction: `database: false`). The response is written
 * by @fastify/sse (framing, headers); the hub decides what goes into it.
 */
export function liveRoutes(hub: LiveHub): FastifyPluginAsync {
  return async (app) => {
    route(
      app,
      api.live.stream,
      async (request, reply) => {
        if (!acceptsEventStream(request.headers.accept))
          throw new HttpError(406, LIVE_MESSAGES.streamOnly);
        if (!hub.listening)
          throw new HttpError(503, SERVER_MESSAGES.unavailable, undefined, { 'retry-after': '5' });
        const actor = request.actor;
        if (hub.countOf(actor.clubId, actor.id) >= MAX_STREAMS_PER_MEMBER)
          throw tooManyRequests(30, LIVE_MESSAGES.tooManyStreams);
        const sse = reply.sse;
        // Never kept by a cache or a service worker; the plugin copies these headers.
        reply.header('cache-control', 'no-store');
        sse.keepAlive();
        const raw = reply.raw;
        const stream: LiveStream = {
          clubId: actor.clubId,
          actor,
          cursor: 0,
          toldCursor: 0,
          ready: false,
          pending: [],
          send(message) {
            if (!sse.isConnected) return;
            sse
              .send({
                ...(message.id !== undefined ? { id: String(message.id) } : {}),
                ...(message.event ? { event: message.event } : {}),
                ...(message.retry ? { retry: message.retry } : {}),
                data: message.data,
              })
              .catch(() => {});
          },
          comment(text) {
            if (sse.isConnected && raw.headersSent) raw.write(`: ${text}\n\n`);
          },
          backlog: () => raw.writableLength,
          end() {
            hub.close(stream);
            sse.close();
          },
        };
        sse.onClose(() => hub.close(stream));
        await hub.open(stream, lastEventIdOf(request.headers['last-event-id']));
        return reply;
      },
      { config: { database: false }, sse: { kind: 'manual', heartbeat: false } },
    );
  };
}
