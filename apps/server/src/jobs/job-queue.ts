import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database, DbOrTx } from '../db/client.ts';
import {
  currentSignedInRequest,
  JobOutsideRequestTransactionError,
  NoDatabaseScopeError,
  TENANT_ROLE,
} from '../db/tenant-scope.ts';

/** pg-boss's tables live in this schema of the application's database (decision 0020). */
export const JOB_SCHEMA = 'pgboss';

export type JobHandler<T> = (job: PgBoss.JobWithMetadata<T>, signal: AbortSignal) => Promise<void>;

export interface JobQueue {
  boss: PgBoss;
  /**
   * Runs `handler` for each job of `name`, one at a time: resolved → completed; thrown → failed
   * (pg-boss retries it per the queue's policy). `signal` aborts when the queue stops or after
   * `timeoutMs`: the handler should give up then.
   */
  work<T extends object>(
    name: string,
    handler: JobHandler<T>,
    options: {
      timeoutMs: number;
      /** What to keep of a job's data once it is over (completed, or failed for good). */
      redact?: (data: T) => object;
    },
  ): void;
  /** Wakes the local worker of `name` now (a job was just queued) instead of at its next poll. */
  notify(name: string): void;
  /** Stops the workers (a running job gets `graceMs`, then its signal aborts), then pg-boss. */
  stop(): Promise<void>;
}

/**
 * pg-boss 10 on the application's own database, PGlite or PostgreSQL, through Database.executeSql
 * (no second pool, no second connection to the embedded database).
 *
 * The workers are ours, not boss.work(): pg-boss 10's worker completes and fails jobs without
 * awaiting the query, so a database blip at that instant became an unhandled rejection, which
 * stops a Node process. Here every query of a worker is awaited and its failure logged. Queries
 * still running when the queue stops are awaited too, so the database can close right after.
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
      // A job sent during a signed-in request goes into that request's transaction, passed as
      // `{ db }` (mailer.send, boss.send): committed with its writes or not at all, and never
      // waiting for the connection the request holds (PGlite has only one). Reaching this
      // executor from such a request means the transaction was forgotten: refused.
      const request = currentSignedInRequest();
      if (request)
        return Promise.reject(
          request.database ? new JobOutsideRequestTransactionError() : new NoDatabaseScopeError(),
        );
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
  });
  boss.on('error', (err: Error) =>
    opts.log.warn({ err: { message: err.message } }, 'file de tâches : erreur'),
  );
  await boss.start();
  // The request's transaction acts as club_app (row-level security): it may queue jobs.
  await opts.database.executeSql(
    `grant usage on schema ${JOB_SCHEMA} to ${TENANT_ROLE};
     grant select, insert on all tables in schema ${JOB_SCHEMA} to ${TENANT_ROLE}`,
  );

  /** Set by stop(): workers fetch nothing more. */
  let halting = false;
  /** Aborted graceMs after stop(): running jobs give up. */
  const abort = new AbortController();
  const wakers = new Map<string, () => void>();
  const loops: Promise<void>[] = [];
  const pollMs = opts.pollingIntervalSeconds * 1000;

  async function loop<T extends object>(
    name: string,
    handler: JobHandler<T>,
    { timeoutMs, redact }: { timeoutMs: number; redact?: (data: T) => object },
  ) {
    const log = opts.log.child({ queue: name });
    while (!halting) {
      let job: PgBoss.JobWithMetadata<T> | undefined;
      try {
        [job] = await boss.fetch<T>(name, { batchSize: 1, includeMetadata: true });
      } catch (err) {
        log.warn({ err }, 'file de tâches : lecture impossible');
      }
      if (job) {
        const signal = AbortSignal.any([abort.signal, AbortSignal.timeout(timeoutMs)]);
        let failure: unknown = null;
        try {
          await handler(job, signal);
        } catch (err) {
          failure = err;
        }
        try {
          if (failure === null) await boss.complete(name, job.id);
          else
            await boss.fail(name, job.id, {
              message: failure instanceof Error ? failure.message : String(failure),
            });
          // A job over for good keeps only what redact() leaves (no mail body, no link in it).
          if (redact)
            await boss.getDb().executeSql(
              `update ${JOB_SCHEMA}.job set data = $3::jsonb
                  where name = $1 and id = $2 and state in ('completed', 'failed')`,
              [name, job.id, JSON.stringify(redact(job.data))],
            );
        } catch (err) {
          // The job stays active: pg-boss expires it and it is retried (delivery is at least once).
          log.error({ err, jobId: job.id }, 'file de tâches : fin de tâche non enregistrée');
        }
        continue; // more may be waiting
      }
      if (halting) break;
      // Idle: until the next poll, a notify() or stop().
      await new Promise<void>((resolve) => {
        const timer = setTimeout(wake, pollMs);
        function wake() {
          clearTimeout(timer);
          wakers.delete(name);
          resolve();
        }
        wakers.set(name, wake);
      });
    }
  }

  let stopped: Promise<void> | null = null;
  return {
    boss,
    work(name, handler, options) {
      if (halting) throw new Error('file de tâches arrêtée');
      loops.push(loop(name, handler, options));
    },
    notify(name) {
      wakers.get(name)?.();
    },
    stop() {
      stopped ??= (async () => {
        halting = true;
        for (const wake of [...wakers.values()]) wake();
        const late = setTimeout(() => abort.abort(), opts.graceMs);
        await Promise.allSettled(loops);
        clearTimeout(late);
        abort.abort();
        try {
          await boss.stop({ graceful: false, wait: true });
        } catch (err) {
          opts.log.warn({ err }, 'file de tâches : arrêt incomplet');
        }
        // Maintenance queries may still run: the database must not close under them.
        do {
          await Promise.allSettled([...inflight]);
          await nextTurn();
        } while (inflight.size > 0);
        closed = true;
      })();
      return stopped;
    },
  };
}

/**
 * pg-boss's `db` option over a Drizzle transaction: a job sent with it is inserted by that
 * transaction (committed with it, or not at all). It uses the transaction's own connection
 * (node-postgres PoolClient or PGlite transaction; both take `query(text, values)`).
 */
export function transactionExecutor(tx: DbOrTx): PgBoss.Db {
  const client = (tx as unknown as { session: { client: PgQueryable } }).session.client;
  return {
    async executeSql(text: string, values?: unknown[]) {
      const result = await client.query(text, values ?? []);
      return { rows: result.rows };
    },
  };
}
interface PgQueryable {
  query(text: string, values: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}
