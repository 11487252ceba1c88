import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Tx } from '../db/client.ts';
import {
  NoDatabaseScopeError,
  markSignedInRequest,
  openRequestScope,
  type OpenRequestScope,
} from '../db/tenant-scope.ts';
import { clientAbortError } from './errors.ts';
import { registerIdempotency } from './idempotency.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * false: the signed-in route does no database work (it answers from `request.actor`). No
     * club-scoped transaction is opened for it (3 round trips saved, and PGlite's single
     * connection is not held); reading `request.db` in it throws (fail-closed, decision 0041).
     */
    database?: boolean;
  }
  interface FastifyInstance {
    /** 'METHOD url' of every route registered inside a signed-in scope (contract.test.ts reads it). */
    signedInRoutes: Set<string>;
  }
  interface FastifyRequest {
    /** The request's club-scoped transaction (row-level security), open from preHandler to onSend. */
    clubScope: OpenRequestScope | null;
    /**
     * The signed-in request's database handle: its transaction acting as the member's club
     * (role club_app, app.club_id), from preHandler until the answer is sent. Services of a
     * signed-in route are created from it. Throws NoDatabaseScopeError in a route declared
     * `config: { database: false }` and outside the signed-in scope (public routes use `app.db`,
     * the owner's handle, explicitly).
     */
    readonly db: Tx;
    /** Set by the signed-in scope's preHandler; read through `db`. */
    scopedDb: Tx | null;
  }
}

/** Records which routes sit behind authentication; registered once, before the features. */
export const signedInRegistry = fp(
  async (app: FastifyInstance) => {
    app.decorate('signedInRoutes', new Set<string>());
    app.decorateRequest('clubScope', null);
    app.decorateRequest('scopedDb', null);
    app.decorateRequest('db', {
      getter(this: FastifyRequest): Tx {
        if (!this.scopedDb) throw new NoDatabaseScopeError();
        return this.scopedDb;
      },
    });
  },
  { name: 'signed-in-registry' },
);

/**
 * Where a request's club-scoped transaction stands (decision 0100). `busy` from the moment the
 * handler may use it until the answer reaches the scope's onSend hook (or the handler has settled
 * with nothing to send): while busy, only that hook or the handler's end may end it; once not
 * busy, the connection closing ends it too.
 */
interface ScopeState {
  busy: boolean;
}
const scopeStates = new WeakMap<FastifyRequest, ScopeState>();

/**
 * The client has closed its connection before the answer was written: it will never read it.
 * Node marks the response destroyed (and emits 'close') when the socket closes; after a complete
 * answer the response is also destroyed, but finished.
 */
function clientGone(request: FastifyRequest, reply: FastifyReply): boolean {
  const res = reply.raw;
  if (res.destroyed && !res.writableFinished) return true;
  const socket = request.raw.socket as Socket | null;
  return request.raw.aborted || !socket || socket.destroyed;
}

/** Ends the request's transaction once: commits (true) or rolls back (false). */
function endClubScope(request: FastifyRequest, commit: boolean): Promise<void> {
  const open = request.clubScope;
  if (!open) return Promise.resolve();
  request.clubScope = null;
  request.scopedDb = null;
  const state = scopeStates.get(request);
  if (state) state.busy = false;
  if (commit) return open.end(true);
  return open.end(false).catch((err: unknown) => {
    request.log.warn({ err }, 'annulation de la transaction de la requête impossible');
  });
}

/**
 * Row-level security on the request path (decision 0028): the handler, and the idempotency hooks
 * around it, run in one transaction acting as the member's club (role club_app, app.club_id),
 * handed to them as `request.db`. It commits when the answer is below 500, before the answer
 * leaves (a commit that fails answers the error instead); it rolls back on a 5xx.
 *
 * A client that goes away never leaves it open (decision 0100): gone before the transaction has
 * opened, it is rolled back at once and the handler does not run; gone while the handler runs,
 * it is rolled back when the handler is done (never under its feet); gone with nothing left to
 * run, it is rolled back when the connection closes.
 */
function registerClubScope(app: FastifyInstance): void {
  app.addHook('preHandler', (request, reply, done) => {
    if (request.routeOptions.config.database === false) {
      markSignedInRequest(false, done);
      return;
    }
    openRequestScope(app.database.db, request.actor.clubId).then(
      (open) => {
        if (clientGone(request, reply)) {
          // Nobody is waiting for this answer, and a handler reading the body of a request
          // already closed would wait for ever: nothing runs.
          open.end(false).catch((err: unknown) => {
            request.log.warn({ err }, 'annulation de la transaction de la requête impossible');
          });
          done(clientAbortError());
          return;
        }
        request.clubScope = open;
        request.scopedDb = open.scope.tx;
        const state: ScopeState = { busy: true };
        scopeStates.set(request, state);
        reply.raw.once('close', () => {
          if (!state.busy) void endClubScope(request, false);
        });
        // done() runs the next hooks and the handler synchronously: they inherit the mark that
        // lets the job queue refuse a job sent without `{ db: request.db }`.
        markSignedInRequest(true, done);
      },
      (err: Error) => done(err),
    );
  });
  // A handler that settles with nothing to send on a closed connection: Fastify sends nothing
  // (no onSend, no onResponse), so the transaction ends here.
  app.addHook('onRoute', (route) => {
    const handler = route.handler;
    route.handler = function scopedHandler(this: FastifyInstance, request, reply) {
      const result: unknown = handler.call(this, request, reply);
      if (!isThenable(result)) return result;
      return result.then((payload) => {
        if (request.clubScope && payload === undefined && !reply.sent && clientGone(request, reply))
          void endClubScope(request, false);
        return payload;
      });
    } as typeof handler;
  });
}

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof (value as { then?: unknown } | null)?.then === 'function';

/** Without row-level security (the filter-removed proof, the bench): the owner's handle. */
function registerOwnerScope(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    if (request.routeOptions.config.database !== false) request.scopedDb = app.db as Tx;
  });
}

function registerClubScopeEnd(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.clubScope) return payload;
    // An answer its client will never read keeps nothing (decision 0100).
    await endClubScope(request, reply.statusCode < 500 && !clientGone(request, reply));
    return payload;
  });
  // An answer that never went through onSend (an error handler failing): nothing of it is kept.
  app.addHook('onResponse', async (request) => endClubScope(request, false));
}

/**
 * The signed-in scope: every route registered by `routes` is authenticated by one hook (before the
 * body is read) and its handlers read a typed `request.actor`. Anything outside answers 401 when it
 * reads `request.actor`, so a route forgotten outside the scope fails closed. Its database work
 * runs as the member's club through `request.db` (row-level security); the public routes outside
 * use the owner's `app.db`.
 */
export function signedIn(routes: FastifyPluginAsync): FastifyPluginAsync {
  return async (app) => {
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) app.signedInRoutes.add(`${method} ${route.url}`);
    });
    app.addHook('onRequest', async (request) => app.authenticate(request));
    if (app.rowLevelSecurity) registerClubScope(app);
    else registerOwnerScope(app);
    // Writes sent with an Idempotency-Key header are answered once (plugins/idempotency.ts): its
    // reservation and stored answer are part of the request's transaction.
    registerIdempotency(app);
    if (app.rowLevelSecurity) registerClubScopeEnd(app);
    await app.register(routes);
  };
}
