import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { api } from '@club/contract';
import type { TestClient } from './helper.ts';

/**
 * A reader of the live stream (`api.live.stream`) over real HTTP, as a browser's EventSource reads
 * it (eventsource-parser): the events received, the comments (keep-alives), the status.
 */
export interface LiveReader {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  /** Every event received, in order (`connecte` included). */
  readonly events: EventSourceMessage[];
  readonly comments: string[];
  /** The id of the last event received (what a browser sends as Last-Event-ID). */
  readonly lastId: string | undefined;
  /** Resolves when the server ended the response. */
  readonly ended: Promise<void>;
  /** The events of one type. */
  of(type: string): EventSourceMessage[];
  /** Waits until `test` holds for the events received (at most `ms`). */
  waitFor(
    test: (events: EventSourceMessage[]) => boolean,
    label: string,
    ms?: number,
  ): Promise<void>;
  /** Drops the connection as a closed tab does. */
  close(): void;
  /** The raw body when the answer was not a stream (an error). */
  body(): string;
}

/** Listens on a free port of 127.0.0.1 (once per app); answers the base URL. */
export async function listening(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

export function openLiveStream(
  baseUrl: string,
  client: TestClient | null,
  opts: { lastEventId?: string; accept?: string } = {},
): Promise<LiveReader> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { accept: opts.accept ?? 'text/event-stream' };
    if (client?.cookies.size) headers.cookie = client.cookieHeader();
    if (opts.lastEventId !== undefined) headers['last-event-id'] = opts.lastEventId;
    const events: EventSourceMessage[] = [];
    const comments: string[] = [];
    let raw = '';
    let lastId: string | undefined;
    const waiters = new Set<() => void>();
    const parser = createParser({
      onEvent(e) {
        events.push(e);
        if (e.id !== undefined) lastId = e.id;
        for (const w of waiters) w();
      },
      onComment(c) {
        comments.push(c);
        for (const w of waiters) w();
      },
    });
    const req = http.get(`${baseUrl}${api.live.stream.path}`, { headers }, (res) => {
      res.setEncoding('utf8');
      let endedResolve!: () => void;
      const ended = new Promise<void>((r) => (endedResolve = r));
      res.on('data', (chunk: string) => {
        raw += chunk;
        if (res.headers['content-type']?.startsWith('text/event-stream')) parser.feed(chunk);
      });
      res.on('close', () => {
        endedResolve();
        for (const w of waiters) w();
      });
      res.on('error', () => {});
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        events,
        comments,
        get lastId() {
          return lastId;
        },
        ended,
        of: (type) => events.filter((e) => e.event === type),
        waitFor(test, label, ms = 10_000) {
          if (test(events)) return Promise.resolve();
          return new Promise((ok, ko) => {
            const timer = setTimeout(() => {
              waiters.delete(check);
              ko(
                new Error(
                  `flux : « ${label} » non reçu en ${ms} ms (reçus : ${JSON.stringify(events)})`,
                ),
              );
            }, ms);
            const check = () => {
              if (!test(events)) return;
              clearTimeout(timer);
              waiters.delete(check);
              ok();
            };
            waiters.add(check);
          });
        },
        close() {
          req.destroy();
        },
        body: () => raw,
      });
    });
    req.on('error', (err) => reject(err));
  });
}
