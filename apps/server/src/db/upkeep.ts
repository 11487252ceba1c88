import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DbOrTx } from './client.ts';

/**
 * Table upkeep for the embedded database (docs/decisions/0096-home-cache-and-embedded-database-upkeep.md).
 * PostgreSQL's autovacuum launcher refreshes the planner's statistics (ANALYZE) and reclaims dead
 * rows (VACUUM) by itself; PGlite runs PostgreSQL in single-user mode, where no background worker
 * runs, so neither ever happens: a club's tables keep "never analysed" statistics, the planner
 * guesses one row per table and picks nested loops that cost milliseconds per call as rows grow.
 * This does what autovacuum would, with its default thresholds, on the server's own schedule.
 */
export const UPKEEP = {
  /** autovacuum_analyze_threshold and autovacuum_analyze_scale_factor (PostgreSQL defaults). */
  analyzeThreshold: 50,
  analyzeScaleFactor: 0.1,
  /** autovacuum_vacuum_threshold and autovacuum_vacuum_scale_factor (PostgreSQL defaults). */
  vacuumThreshold: 50,
  vacuumScaleFactor: 0.2,
  /** autovacuum_naptime: how often the tables are looked at. */
  intervalMs: 60_000,
} as const;

export interface TableDue {
  /** schema.table, quoted for SQL. */
  table: string;
  analyze: boolean;
  vacuum: boolean;
}

/** A constant as SQL text (not a parameter: its type is then the literal's). */
const n = (value: number) => sql.raw(String(value));

/** The tables past autovacuum's thresholds: rows changed since the last ANALYZE, dead rows. */
export async function tablesDue(db: DbOrTx): Promise<TableDue[]> {
  // The counters reach the shared statistics at most once a second (PostgreSQL 15's pgstat);
  // this makes the statement's own session report its pending counts first.
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const result = await db.execute(sql`
    select format('%I.%I', s.schemaname, s.relname) as "table",
      s.n_mod_since_analyze > ${n(UPKEEP.analyzeThreshold)}
        + ${n(UPKEEP.analyzeScaleFactor)} * greatest(c.reltuples, 0) as "analyze",
      s.n_dead_tup > ${n(UPKEEP.vacuumThreshold)}
        + ${n(UPKEEP.vacuumScaleFactor)} * greatest(c.reltuples, 0) as "vacuum"
    from pg_stat_user_tables s
    join pg_class c on c.oid = s.relid
    order by s.schemaname, s.relname`);
  const rows = (result as unknown as { rows: TableDue[] }).rows;
  return rows.filter((r) => r.analyze || r.vacuum);
}

/**
 * One round: VACUUM (ANALYZE) or ANALYZE of each table due, one statement per table (VACUUM
 * cannot run in a transaction; the embedded database serialises them with the requests' own
 * statements, and each takes milliseconds on a club's tables). Returns what was done.
 */
export async function runUpkeep(database: Pick<Database, 'db'>): Promise<TableDue[]> {
  const due = await tablesDue(database.db);
  for (const t of due)
    await database.db.execute(sql.raw(`${t.vacuum ? 'vacuum (analyze)' : 'analyze'} ${t.table}`));
  return due;
}

export interface Upkeep {
  /** Runs a round now and then every `intervalMs`; a round never overlaps the previous one. */
  start(): void;
  /** Stops the schedule and waits for a round in progress. */
  stop(): Promise<void>;
}

/** The schedule of runUpkeep for the embedded database; nothing to do on PostgreSQL. */
export function createUpkeep(opts: {
  database: Pick<Database, 'db' | 'kind'>;
  log: FastifyBaseLogger;
  intervalMs?: number;
}): Upkeep {
  const { database, log, intervalMs = UPKEEP.intervalMs } = opts;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;

  const round = () => {
    running = runUpkeep(database).then(
      (done) => {
        if (done.length)
          log.info({ tables: done.map((t) => t.table) }, 'entretien de la base embarquée');
      },
      (err: unknown) => {
        // A closed database during shutdown, a lock: the next round tries again.
        if (!stopped) log.warn({ err }, 'entretien de la base embarquée impossible');
      },
    );
    return running;
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => void round().then(schedule), intervalMs);
    timer.unref();
  };

  return {
    start() {
      if (database.kind !== 'pglite' || timer || stopped) return;
      void round().then(schedule);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}
