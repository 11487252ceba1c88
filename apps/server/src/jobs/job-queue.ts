import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client.ts';

/** pg-boss's tables live in this schema of the application's database (decision 0017). */
export const JOB_SCHEMA = 'pgboss';

export interface JobQueue {
  boss: PgBoss;
  /** Seconds between two polls of an idle worker. */
  pollingIntervalSeconds: number;
  /** Stops the workers (in-flight jobs get `graceMs` to finish, then are aborted), then returns. */
  stop(): Promise<void>;
  /** Aborted when the queue stops: a job handler gives up (and its job is retried later). */
  signal: AbortSignal;
}

/**
 * pg-boss 10 on the application's own database, PGlite or PostgreSQL, through Database.executeSql
 * (no second pool, no second connection to the embedded database). Queries still running when the
 * queue stops are awaited, so that the database can close right after stop() resolves: pg-boss
 * completes and fails jobs without awaiting those queries, and a query on a closed database would
 * reject with no one to catch it.
 */
export async function startJobQueue(opts: {
  database: Database;
  log: FastifyBaseLogger;
  pollingIntervalSeconds: number;
  /** How long stop() lets a running job finish before aborting it. */
  graceMs: number;
}): Promise<JobQueue> {
  const inflight = new Set<Promise<unknown>>();
  let closed = false;
  const db = {
    executeSql(text: string, values?: unknown[]) {
      if (closed) return Promise.reject(new Error('file de tâches arrêtée'));
      const p = opts.database.executeSql(text, values);
      inflight.add(p);
      const forget = () => inflight.delete(p);
      p.then(forget, forget);
      return p;
    },
  };
  const boss = new PgBoss({
    db,
    schema: JOB_SCHEMA,
    // No cron schedules yet: delayed jobs use send's startAfter, which needs no timekeeper.
    schedule: false,
    supervise: true,
    // The default (2 s) is kept in production; the workers are also woken at once by a send.
    pollingIntervalSeconds: opts.pollingIntervalSeconds,
  });
  boss.on('error', (err: Error & { queue?: string }) =>
    opts.log.warn({ err: { message: err.message }, queue: err.queue }, 'file de tâches : erreur'),
  );
  await boss.start();

  const abort = new AbortController();
  let stopping: Promise<void> | null = null;
  return {
    boss,
    pollingIntervalSeconds: opts.pollingIntervalSeconds,
    signal: abort.signal,
    stop() {
      stopping ??= (async () => {
        const timer = setTimeout(() => abort.abort(), opts.graceMs);
        try {
          await boss.stop({ graceful: true, wait: true, timeout: opts.graceMs + 1_000 });
        } catch (err) {
          opts.log.warn({ err }, 'file de tâches : arrêt incomplet');
        } finally {
          clearTimeout(timer);
          abort.abort();
        }
        // A job that just ended queues its completion after the workers stopped: wait for it,
        // and for whatever its continuation starts in the same turn.
        do {
          await Promise.allSettled([...inflight]);
          await nextTurn();
        } while (inflight.size > 0);
        closed = true;
      })();
      return stopping;
    },
  };
}
