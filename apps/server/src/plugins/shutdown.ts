import type { FastifyInstance } from 'fastify';
import type { Server } from 'node:http';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { SERVER_MESSAGES } from '@club/contract';

export interface ShutdownOptions {
  /** SHUTDOWN_DRAIN_MS: how long new requests get the French 503 before the listener closes. */
  drainMs: number;
  /** SHUTDOWN_TIMEOUT_MS: past this the process exits 1 whatever is left. */
  timeoutMs: number;
  /** A connection is closed once idle this long after the drain (default 250 ms). */
  idleMs?: number;
  /** The listener closes once no connection arrived for this long (default 100 ms, at most 1 s). */
  quietMs?: number;
  /** process.exit in the server; tests pass their own. */
  exit: (code: number) => void;
}

interface Tracked {
  /** Requests of the connection not answered yet. */
  busy: number;
  /** When the connection was accepted or last finished an answer. */
  idleSince: number;
}

/** The server's connections, each with its requests in progress (see closeGracefully). */
function trackConnections(server: Server) {
  const open = new Map<net.Socket, Tracked>();
  let lastAccepted = 0;
  server.on('connection', (socket: net.Socket) => {
    lastAccepted = Date.now();
    open.set(socket, { busy: 0, idleSince: lastAccepted });
    socket.once('close', () => open.delete(socket));
  });
  server.on('request', (request, response) => {
    const t = open.get(request.socket);
    if (!t) return;
    t.busy++;
    response.once('close', () => {
      t.busy--;
      t.idleSince = Date.now();
    });
  });

  return {
    /**
     * Node's `server.close()` destroys at once every connection it deems idle: a keep-alive
     * connection on which a client is sending its next request, and a connection just accepted
     * whose request is not parsed yet — those clients got ECONNRESET. Here the listener closes at
     * a quiet moment (no connection accepted for `quietMs`, so that none waits in the kernel's
     * queue), a request still arriving on an open connection is answered (the drain's 503), and a
     * connection is closed only once idle for `idleMs`. Resolves when none is left, or at
     * `deadline` (what is left is for Fastify's close).
     */
    async closeGracefully({
      idleMs,
      quietMs,
      deadline,
      onListenerClosed,
    }: {
      idleMs: number;
      quietMs: number;
      deadline: number;
      onListenerClosed: () => void;
    }) {
      const quietBy = Math.min(deadline, Date.now() + 1_000);
      while (Date.now() - lastAccepted < quietMs && Date.now() < quietBy) await sleep(10);
      // net's close, not http's: http's would destroy the idle connections at once.
      if (server.listening) net.Server.prototype.close.call(server);
      onListenerClosed();
      while (open.size > 0 && Date.now() < deadline) {
        const now = Date.now();
        for (const [socket, t] of open)
          if (t.busy === 0 && now - t.idleSince >= idleMs) socket.destroy();
        await sleep(10);
      }
    },
  };
}

/**
 * Graceful shutdown (decision 0008): on a signal, requests in flight finish; for `drainMs` new
 * requests get a French 503 (`Connection: close`, `Retry-After: 5`; /api/health turns 503 so
 * that a load balancer stops sending traffic) and every answer closes its connection, so that no
 * client reuses a keep-alive connection about to go. Then the listener closes at a quiet moment
 * (answers keep their connection meanwhile, decision 0100, so that clients retrying at once stop
 * opening new ones), each connection once idle, the application closes (workers, database) and the process exits 0,
 * or 1 after `timeoutMs`. Call before `ready` (it adds hooks); returns the signal handler.
 */
export function gracefulShutdown(app: FastifyInstance, opts: ShutdownOptions) {
  let closing = false;
  /**
   * From the end of the drain until the listener has closed (decision 0100): answers keep their
   * connection, so that clients retrying at once reuse it instead of opening new connections
   * that the kernel would queue, and reset, when the listener closes. A quiet moment comes; the
   * listener closes; the next answer on each connection closes it again.
   */
  let listenerClosing = false;
  const closeConnection = () => closing && !listenerClosing;
  const connections = trackConnections(app.server);
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closeConnection()) reply.header('connection', 'close');
    return payload;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    if (closeConnection()) reply.header('connection', 'close');
    // Sent pre-serialised: the route's own response schema (if any) does not describe this answer.
    return reply
      .code(503)
      .header('retry-after', '5')
      .type('application/json; charset=utf-8')
      .send(JSON.stringify({ message: SERVER_MESSAGES.shuttingDown }));
  });

  return function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    const started = Date.now();
    app.database.announceShutdown?.();
    app.log.info({ signal }, 'arrêt demandé : fin des requêtes en cours');
    const timer = setTimeout(() => {
      app.log.error('arrêt forcé après le délai de grâce');
      opts.exit(1);
    }, opts.timeoutMs);
    timer.unref();
    const drainMs = Math.min(opts.drainMs, opts.timeoutMs / 2);
    setTimeout(async () => {
      listenerClosing = true;
      await connections.closeGracefully({
        onListenerClosed: () => (listenerClosing = false),
        idleMs: opts.idleMs ?? 250,
        quietMs: opts.quietMs ?? 100,
        // At most a quarter of the delay (2 s) for the connections: the workers get what is left.
        deadline: started + drainMs + Math.min(2_000, opts.timeoutMs / 4),
      });
      app.close().then(
        () => opts.exit(0),
        (err) => {
          app.log.error({ err }, 'erreur pendant l’arrêt');
          opts.exit(1);
        },
      );
    }, drainMs);
  };
}
