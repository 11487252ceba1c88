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
 * Runs `fn` in a transaction that acts as one club (issue 16, row-level security): the role becomes
 * club_app (SET LOCAL ROLE) and app.club_id is that club (set_config(..., true)), both undone at
 * the end of the transaction. Every tenant table then shows and accepts that club's rows only,
 * whatever the queries forget; an unset club fails closed (the policies cast '' to int).
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
 * The database work of one signed-in request (issue 16): one transaction acting as the member's
 * club, opened before the handler and ended when the answer is ready (commit) or fails (rollback).
 */
export interface RequestScope {
  readonly clubId: number;
  /** The transaction while it is open; null once committed or rolled back. */
  tx: Tx | null;
  /**
   * False for a route declared without database work (`config: { database: false }`): no
   * transaction is opened, and any `app.db` access (or job sent) in it throws instead of falling
   * back to the owner role, which bypasses row-level security.
   */
  readonly database?: boolean;
}

/** A database access from a route declared `config: { database: false }` (fails closed). */
export class NoDatabaseScopeError extends Error {
  constructor() {
    super('accès à la base de données depuis une route déclarée sans base de données');
    this.name = 'NoDatabaseScopeError';
  }
}

const requestScopes = new AsyncLocalStorage<RequestScope>();

/**
 * The open transaction of the signed-in request running now, if any. Throws inside a request
 * scope declared without database (`noDatabaseScope`).
 */
export function requestTransaction(): Tx | null {
  const scope = requestScopes.getStore();
  if (!scope) return null;
  if (scope.database === false) throw new NoDatabaseScopeError();
  return scope.tx;
}

/** The scope of a signed-in request that does no database work: no transaction is opened. */
export function noDatabaseScope(clubId: number): RequestScope {
  return { clubId, tx: null, database: false };
}

/** Runs `fn` (and what it starts) outside any request scope, on the owner role. */
export function outsideRequestScope<T>(fn: () => T): T {
  return requestScopes.exit(fn);
}

/**
 * The handle every repository receives as `app.db`: inside a signed-in request it is that
 * request's club-scoped transaction (so `db.transaction(...)` there becomes a savepoint of it),
 * elsewhere the owner's database. Resolved at each property access, so services built once at
 * start need no change.
 */
export function scopedDb(base: Db): Db {
  return new Proxy(base, {
    get(target, prop) {
      const tx = requestTransaction();
      const source = (tx ?? target) as unknown as Record<string | symbol, unknown>;
      const value = source[prop];
      return typeof value === 'function'
        ? (value as (...args: unknown[]) => unknown).bind(source)
        : value;
    },
  });
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

/** Runs `fn` inside the request scope: `app.db` and the job queue use its transaction. */
export function runInRequestScope<T>(scope: RequestScope, fn: () => T): T {
  return requestScopes.run(scope, fn);
}
