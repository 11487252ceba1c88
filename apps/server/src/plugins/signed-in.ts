import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Tx } from '../db/client.ts';
import {
  NoDatabaseScopeError,
  markSignedInRequest,
  openRequestScope,
  type OpenRequestScope,
} from '../db/tenant-scope.ts';
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
 * Row-level security on the request path (decision 0028): the handler, and the idempotency hooks
 * around it, run in one transaction acting as the member's club (role club_app, app.club_id),
 * handed to them as `request.db`. It commits when the answer is below 500, before the answer
 * leaves (a commit that fails answers the error instead); it rolls back on a 5xx.
 */
function registerClubScope(app: FastifyInstance): void {
  app.addHook('preHandler', (request, _reply, done) => {
    if (request.routeOptions.config.database === false) {
      markSignedInRequest(false, done);
      return;
    }
    openRequestScope(app.database.db, request.actor.clubId).then(
      (open) => {
        request.clubScope = open;
        request.scopedDb = open.scope.tx;
        // done() runs the next hooks and the handler synchronously: they inherit the mark that
        // lets the job queue refuse a job sent without `{ db: request.db }`.
        markSignedInRequest(true, done);
      },
      (err: Error) => done(err),
    );
  });
}

/** Without row-level security (the filter-removed proof, the bench): the owner's handle. */
function registerOwnerScope(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    if (request.routeOptions.config.database !== false) request.scopedDb = app.db as Tx;
  });
}

function registerClubScopeEnd(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const open = request.clubScope;
    if (!open) return payload;
    request.clubScope = null;
    request.scopedDb = null;
    if (reply.statusCode < 500) await open.end(true);
    else
      await open.end(false).catch((err: unknown) => {
        request.log.warn({ err }, 'annulation de la transaction de la requête impossible');
      });
    return payload;
  });
  // An answer that never went through onSend (connection lost): nothing of it is kept.
  app.addHook('onResponse', async (request) => {
    const open = request.clubScope;
    if (!open) return;
    request.clubScope = null;
    request.scopedDb = null;
    await open.end(false).catch(() => {});
  });
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
