import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';

/** The NOLOGIN role without BYPASSRLS that the row-level security policies bind (migration 0007). */
export const TENANT_ROLE = 'club_app';

/**
 * The club and the role of the transaction, in one statement (one round trip): set_config('role',
 * …, true) is SET LOCAL ROLE, with the same membership check; both end with the transaction.
 */
const clubScopeSettings = (clubId: number) =>
  sql`select set_config('app.club_id', ${String(clubId)}, true), set_config('role', ${TENANT_ROLE}, true)`;

/**
 * Runs `fn` in a transaction that acts as one club (row-level security, decision 0028): the role
 * becomes club_app (SET LOCAL ROLE) and app.club_id is that club (set_config(..., true)), both
 * undone at the end of the transaction. Every tenant table then shows and accepts that club's rows
 * only, whatever the queries forget; an unset club fails closed (the policies cast '' to int).
 * PGlite runs as a superuser, who bypasses RLS: the role switch is what makes the policies apply.
 */
export async function withClubScope<T>(
  db: Db,
  clubId: number,
  fn: (tx: Tx) => Promise<T>,
): Promise<T> {
  if (!Number.isInteger(clubId) || clubId <= 0) throw new Error(`club invalide : ${clubId}`);
  return db.transaction(async (tx) => {
    await tx.execute(clubScopeSettings(clubId));
    return fn(tx);
  });
}

/**
 * The database work of one signed-in request: one transaction acting as the member's club, opened
 * before the handler and ended when the answer is ready (commit) or fails (rollback). The handler
 * reaches it as `request.db` (plugins/signed-in.ts) and hands it to the services it creates.
 */
export interface RequestScope {
  readonly clubId: number;
  /** The transaction while it is open; null once committed or rolled back. */
  tx: Tx | null;
}

/**
 * `request.db` read in a signed-in route declared `config: { database: false }`, or outside any
 * signed-in route: there is no club-scoped transaction to hand out (fails closed, decision 0041).
 */
export class NoDatabaseScopeError extends Error {
  constructor() {
    super('accès à la base de données depuis une route déclarée sans base de données');
    this.name = 'NoDatabaseScopeError';
  }
}

/**
 * A job queued during a signed-in request without that request's transaction: it would run on the
 * owner role, outside the request's commit (and, on the embedded database, wait for the one
 * connection the request holds). Jobs of a request are sent with `{ db: request.db }`.
 */
export class JobOutsideRequestTransactionError extends Error {
  constructor() {
    super('tâche mise en file pendant une requête sans sa transaction ({ db: request.db })');
    this.name = 'JobOutsideRequestTransactionError';
  }
}

/**
 * Set while a signed-in request's handler runs: only read by the job queue's guard, which refuses
 * a job sent without the request's transaction. Nothing reaches the database through it.
 */
const signedInRequests = new AsyncLocalStorage<{ database: boolean }>();

/** Whether the code running now belongs to a signed-in request (and whether it may use the database). */
export function currentSignedInRequest(): { database: boolean } | undefined {
  return signedInRequests.getStore();
}

/** Runs `fn` (the rest of the request's hooks and its handler) marked as a signed-in request. */
export function markSignedInRequest<T>(database: boolean, fn: () => T): T {
  return signedInRequests.run({ database }, fn);
}

export interface OpenRequestScope {
  scope: RequestScope;
  /** Commits (true) or rolls back (false); rejects when the commit fails. Once only. */
  end(commit: boolean): Promise<void>;
}

class RequestRollback extends Error {}

/**
 * Opens the request's transaction: BEGIN, then one statement that sets app.club_id and the role
 * (set_config('role', ..., true) is SET LOCAL ROLE, with the same membership check). Resolves once
 * the scope is usable; the transaction stays open until `end`.
 */
export function openRequestScope(db: Db, clubId: number): Promise<OpenRequestScope> {
  if (!Number.isInteger(clubId) || clubId <= 0)
    return Promise.reject(new Error(`club invalide : ${clubId}`));
  const scope: RequestScope = { clubId, tx: null };
  let decide!: (commit: boolean) => void;
  const decided = new Promise<boolean>((resolve) => (decide = resolve));
  return new Promise<OpenRequestScope>((resolveOpen, rejectOpen) => {
    let opened = false;
    const finished = db
      .transaction(async (tx) => {
        await tx.execute(clubScopeSettings(clubId));
        scope.tx = tx;
        opened = true;
        resolveOpen({ scope, end });
        const commit = await decided;
        scope.tx = null;
        if (!commit) throw new RequestRollback();
      })
      .catch((err: unknown) => {
        scope.tx = null;
        if (!opened) return rejectOpen(err);
        if (!(err instanceof RequestRollback)) throw err;
      });
    let ended: Promise<void> | null = null;
    function end(commit: boolean): Promise<void> {
      if (!ended) {
        scope.tx = null;
        decide(commit);
        ended = finished;
      }
      return ended;
    }
  });
}
