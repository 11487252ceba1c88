import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';
import { takeTurns } from './pglite-turns.ts';

export type Schema = typeof schema;
// Both drivers produce a PgDatabase; the result kind differs but no code relies on it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Db = PgDatabase<PgQueryResultHKT & any, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A database handle or an open transaction: repositories accept either. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /**
   * Raw SQL for libraries that bring their own queries (the job queue, src/jobs): with values, one
   * parameterised statement; without, possibly several statements (the result of the last one).
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /**
   * The server is stopping (SIGTERM): the embedded database's lock says so, and a process started
   * meanwhile waits for it instead of failing (decision 0009).
   */
  announceShutdown?(): void;
  /** PGlite only: the data directory as a compressed tar (what `openPglite`'s `loadDataDir` reads). */
  dumpDataDir?(): Promise<Blob>;
  /** PostgreSQL only: connections of the pool (all, idle, requests waiting for one). */
  poolStats?(): { total: number; idle: number; waiting: number };
  /**
   * LISTEN on a channel (decision 0032-response-cache): `onNotify` for each NOTIFY, `onState(true)`
   * once listening and `onState(false)` whenever notifications may be missed (connection lost; it
   * reconnects by itself on PostgreSQL). Resolves to a function that stops listening.
   */
  listen(
    channel: string,
    onNotify: (payload: string | undefined) => void,
    onState: (listening: boolean) => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export const EXTENSIONS = ['citext', 'unaccent', 'pg_trgm'] as const;

/** The committed SQL migrations, found from the source tree or from the built bundle. */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, 'drizzle');
    if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('Dossier des migrations introuvable (apps/server/drizzle).');
}

export class DatabaseLockedError extends Error {}

/** How long a starting process waits for a previous server that is stopping. */
export const LOCK_WAIT_MS = 30_000;

/**
 * When the process started, as the kernel counts it (Linux: /proc/<pid>/stat field 22, clock ticks
 * since boot); null where it cannot be read (another system, no /proc, the process is gone). With
 * the pid it names one process: a pid is reused, a (pid, start time) pair is not.
 */
export function processStartTime(pid: number): string | null {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // "pid (comm) state ppid …": comm may hold spaces and parentheses; fields count from after it.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const start = fields[22 - 3];
  return start && /^\d+$/.test(start) ? start : null;
}

interface LockOwner {
  pid: number;
  /** The owner's start time when the lock records it (older locks hold the pid alone). */
  startTime: string | null;
  stopping: boolean;
}

/** The lock file: "<pid> <start time>", then " arret" once the owner is stopping. */
function ownerOf(lockFile: string): LockOwner | null {
  let text: string;
  try {
    text = fs.readFileSync(lockFile, 'utf8');
  } catch {
    return null;
  }
  const [pid, ...rest] = text.trim().split(/\s+/);
  return {
    pid: Number(pid),
    startTime: rest.find((t) => /^\d+$/.test(t)) ?? null,
    stopping: rest.includes('arret'),
  };
}

/**
 * Whether the lock's owner still runs: its pid is alive and, when both are known, started when
 * the lock says — a pid alive with another start time is another process that reused the pid
 * (after a kill -9 and a reboot or a busy machine), and the lock is stale
 * (docs/decisions/0103-rules-found-by-probing.md).
 */
function isAlive(owner: LockOwner): boolean {
  const { pid } = owner;
  let alive: boolean;
  try {
    alive = pid > 0 && pid !== process.pid && process.kill(pid, 0);
  } catch (e) {
    alive = (e as NodeJS.ErrnoException).code === 'EPERM';
  }
  if (!alive || owner.startTime === null) return alive;
  const now = processStartTime(pid);
  return now === null || now === owner.startTime;
}

/**
 * PGlite is single-process: two processes on one data directory would corrupt it. A lock file
 * beside the directory holds the owner's pid and start time; a lock whose process is gone — or
 * whose pid now belongs to a process started at another time — is taken over. A server
 * that received SIGTERM marks its lock "arret": a process starting meanwhile (`npm start` run again
 * during the drain) waits for it to end, at most `waitMs`, instead of failing (decision 0009).
 */
/** The pid of the live process holding the embedded database's lock, or null (none, or stale). */
export function lockOwner(dataDir: string): number | null {
  const owner = ownerOf(`${dataDir}.lock`);
  return owner && isAlive(owner) ? owner.pid : null;
}

export async function lockDataDir(dataDir: string, waitMs = LOCK_WAIT_MS): Promise<LockHandle> {
  const lockFile = `${dataDir}.lock`;
  const deadline = Date.now() + waitMs;
  const me = [process.pid, processStartTime(process.pid)].filter((v) => v !== null).join(' ');
  let announced = false;
  for (;;) {
    try {
      fs.writeFileSync(lockFile, me, { flag: 'wx' });
      const mine = () => ownerOf(lockFile)?.pid === process.pid;
      return {
        markStopping: () => {
          try {
            if (mine()) fs.writeFileSync(lockFile, `${me} arret`);
          } catch {
            // the lock is only advisory for the next starter
          }
        },
        release: () => {
          try {
            if (mine()) fs.unlinkSync(lockFile);
          } catch {
            // already gone
          }
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const owner = ownerOf(lockFile);
    if (!owner) continue; // released between the two calls
    if (!isAlive(owner)) {
      fs.rmSync(lockFile, { force: true });
      continue;
    }
    if (!owner.stopping || Date.now() >= deadline)
      throw new DatabaseLockedError(
        `La base embarquée (${dataDir}) est déjà ouverte par un autre processus (pid ${owner.pid}). ` +
          (owner.stopping ? `Il ne s’est pas arrêté en ${Math.round(waitMs / 1000)} s. ` : '') +
          'Arrêtez le serveur avant de relancer cette commande, ou utilisez un autre DATA_DIR.',
      );
    if (!announced) {
      announced = true;
      console.error(
        `La base embarquée est encore ouverte par le serveur précédent (pid ${owner.pid}), ` +
          `qui termine ses requêtes en cours : attente de son arrêt (au plus ${Math.round(waitMs / 1000)} s)…`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface LockHandle {
  markStopping(): void;
  release(): void;
}

/**
 * PGlite's own start parameters plus smaller shared buffers (decision 0033). Its initdb
 * writes shared_buffers = 128 MB, which the embedded postgres allocates inside the WebAssembly
 * heap and which the process keeps resident (the WASM memory grows from 128 to 189 MB and never
 * shrinks). 16 MB holds a club's working set many times over; the data files are read through
 * the operating system's page cache anyway. wal_buffers follows (1/32 of it).
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/**
 * Opens the embedded database in `dataDir` (in memory when null). `loadDataDir` starts it from a
 * snapshot made with `dumpDataDir()` — the tests' migrated template.
 */
export async function openPglite(
  dataDir: string | null,
  options: { loadDataDir?: Blob } = {},
): Promise<Database> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const lock = dataDir ? await lockDataDir(dataDir) : null;
  const unlock = () => lock?.release();
  let client: PGlite;
  try {
    client = await PGlite.create({
      dataDir: dataDir ?? undefined,
      extensions: { citext, unaccent, pg_trgm },
      startParams: PGLITE_START_PARAMS,
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
  } catch (err) {
    unlock();
    throw err;
  }
  takeTurns(client);
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    dumpDataDir: () => client.dumpDataDir('gzip'),
    announceShutdown: () => lock?.markStopping(),
    ping: async () => {
      if (client.closed) throw new Error('database closed');
      await client.query('select 1');
    },
    executeSql: async (text, values) => {
      if (values && values.length) return client.query<Record<string, unknown>>(text, values);
      const results = await client.exec(text);
      return results[results.length - 1] ?? { rows: [] };
    },
    listen: async (channel, onNotify, onState) => {
      const unlisten = await client.listen(channel, (payload) => onNotify(payload));
      onState(true);
      return async () => {
        onState(false);
        if (!client.closed) await unlisten().catch(() => {});
      };
    },
    close: async () => {
      if (!client.closed) await client.close();
      unlock();
    },
  };
}

type ConnectCallback = (
  err: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

/**
 * A pool whose checked-out clients always go back. drizzle's transaction() takes a client with
 * connect() and sends BEGIN *before* its try/finally: when the connection dies during BEGIN (a
 * PostgreSQL restart, a terminated backend), that client was never released and its slot was lost
 * for good — after a few outages the pool ran dry (every request waited, then 503) and closing it
 * hung. Here a client checked out through the promise form is released (and so discarded) as soon
 * as it reports a connection error, and a second release is ignored. The callback form is the one
 * pool.query() uses, which already does the same.
 */
class ResilientPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    if (callback) return super.connect(callback);
    return super.connect().then((client) => {
      const release = client.release.bind(client);
      let released = false;
      const releaseOnce = (err?: Error | boolean) => {
        client.removeListener('error', onError);
        if (released) return;
        released = true;
        release(err);
      };
      const onError = (err: Error) => releaseOnce(err);
      client.once('error', onError);
      client.release = releaseOnce;
      return client;
    });
  }
}

export function openPostgres(url: string, max = 10): Database {
  const pool = new ResilientPool({
    connectionString: url,
    max,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // A client losing its connection (PostgreSQL restarting, a backend terminated) must never crash
  // the process. The pool's 'error' event covers idle clients only; a client checked out by a
  // transaction and waiting between two queries emits 'error' itself, and an EventEmitter 'error'
  // without a listener throws. Every client therefore gets its own listener when it connects. The
  // failure still reaches the request: its next query fails ("not queryable"), the error handler
  // answers 503, and the pool discards the broken client on release and opens fresh ones.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  let closed = false;
  const listeners = new Set<() => Promise<void>>();

  /** One dedicated connection per LISTEN, outside the pool, reconnected after a loss. */
  async function listen(
    channel: string,
    onNotify: (payload: string | undefined) => void,
    onState: (listening: boolean) => void,
  ): Promise<() => Promise<void>> {
    let stopped = false;
    let current: pg.Client | null = null;
    let retry: NodeJS.Timeout | undefined;
    const connect = async () => {
      if (stopped || closed) return;
      const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
      current = c;
      const lost = () => {
        if (current !== c) return;
        current = null;
        onState(false);
        c.end().catch(() => {});
        if (!stopped && !closed) retry = setTimeout(() => void connect(), 1_000).unref();
      };
      c.on('error', lost);
      c.on('end', lost);
      c.on('notification', (n) => {
        if (n.channel === channel) onNotify(n.payload);
      });
      try {
        await c.connect();
        await c.query(`listen ${pg.escapeIdentifier(channel)}`);
        if (current === c) onState(true);
      } catch {
        lost();
      }
    };
    await connect();
    const stop = async () => {
      stopped = true;
      clearTimeout(retry);
      listeners.delete(stop);
      const c = current;
      current = null;
      onState(false);
      await c?.end().catch(() => {});
    };
    listeners.add(stop);
    return stop;
  }

  return {
    db,
    kind: 'postgres',
    ping: async () => {
      const client = await pool.connect();
      try {
        await client.query('select 1');
      } finally {
        client.release();
      }
    },
    executeSql: async (text, values) => {
      const result = await pool.query(text, values);
      // A multi-statement text answers one result per statement.
      const last = Array.isArray(result) ? (result.at(-1) as pg.QueryResult) : result;
      return { rows: last?.rows ?? [] };
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    listen,
    close: async () => {
      if (closed) return;
      closed = true;
      await Promise.all([...listeners].map((stop) => stop()));
      await pool.end();
    },
  };
}

/** Creates the extensions and applies pending migrations; concurrent starters wait on an advisory lock. */
export async function migrate(database: Database): Promise<void> {
  const migrationsDir = migrationsFolder();
  if (database.kind === 'pglite') {
    for (const ext of EXTENSIONS)
      await database.db.execute(sql.raw(`create extension if not exists ${ext}`));
    await migratePglite(database.db as never, { migrationsFolder: migrationsDir });
    return;
  }
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727274)`);
    for (const ext of EXTENSIONS)
      await tx.execute(sql.raw(`create extension if not exists ${ext}`));
  });
  await database.db.execute(sql`select pg_advisory_lock(727275)`);
  try {
    await migratePg(database.db as never, { migrationsFolder: migrationsDir });
  } finally {
    await database.db.execute(sql`select pg_advisory_unlock(727275)`);
  }
}

export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string | null;
}): Promise<Database> {
  const database = opts.databaseUrl
    ? openPostgres(opts.databaseUrl)
    : await openPglite(opts.dataDir ? path.join(opts.dataDir, 'pglite') : null);
  try {
    await migrate(database);
  } catch (err) {
    await database.close();
    throw err;
  }
  return database;
}
