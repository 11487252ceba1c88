import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import { and, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.ts';
import {
  auditLog,
  contactMessages,
  feeExemptions,
  memberDeletions,
  oneTimeTokens,
  payments,
  sessions,
} from '../db/schema.ts';
import type { JobQueue } from './job-queue.ts';

/**
 * Retention periods (docs/privacy.md, "Durées de conservation"): what is kept no longer than
 * needed is purged by a daily job on the job queue.
 */
export const RETENTION = {
  /** Contact form messages: answered long before; kept 12 months at most. */
  contactMessagesMonths: 12,
  /** Audit entries (who changed what): 3 years, the usual limitation period for such disputes. */
  auditYears: 3,
  /** One-time tokens and sessions: 30 days after they expired, were used or were revoked. */
  expiredCredentialsDays: 30,
  /**
   * Payments (accounting records, art. L123-22 of the Code de commerce): 10 years after their
   * date; a season's exemptions as long as its payments (docs/decisions/0135-membership-fees.md).
   */
  accountingYears: 10,
  /**
   * The live stream's events (decision 0120): a stream reconnecting later than this is told to
   * reload (`resynchroniser`) instead of getting what it missed.
   */
  liveEventsHours: 24,
} as const;

export const RETENTION_QUEUE = 'retention';
const DAY_MS = 86_400_000;
/** The daily chain: at most one waiting job per key (queue policy 'stately'). */
const DAILY_KEY = 'quotidien';

export interface PurgeCounts {
  contactMessages: number;
  auditEntries: number;
  oneTimeTokens: number;
  sessions: number;
  /** Snapshots of deleted members past their undo window (decision 0087), if their job missed. */
  memberDeletions: number;
  payments: number;
  feeExemptions: number;
  liveEvents: number;
  /** Messages older than their club's `conservationMessagesSaisons` (seasons, the current one included). */
  messages: number;
}

const minus = (now: Date, ms: number) => new Date(now.getTime() - ms);

/** Deletes what is past its retention period, on the owner role (every club), in one transaction. */
export async function purgeExpiredData(db: Db, now: Date = new Date()): Promise<PurgeCounts> {
  return db.transaction((tx) => purge(tx, now));
}

async function purge(db: DbOrTx, now: Date): Promise<PurgeCounts> {
  const contactBefore = new Date(now);
  contactBefore.setUTCMonth(contactBefore.getUTCMonth() - RETENTION.contactMessagesMonths);
  const auditBefore = new Date(now);
  auditBefore.setUTCFullYear(auditBefore.getUTCFullYear() - RETENTION.auditYears);
  const credentialsBefore = minus(now, RETENTION.expiredCredentialsDays * DAY_MS);
  const accountingBefore = new Date(now);
  accountingBefore.setUTCFullYear(accountingBefore.getUTCFullYear() - RETENTION.accountingYears);

  const contact = await db
    .delete(contactMessages)
    .where(lt(contactMessages.createdAt, contactBefore))
    .returning({ id: contactMessages.id });
  const audit = await db
    .delete(auditLog)
    .where(lt(auditLog.createdAt, auditBefore))
    .returning({ id: auditLog.id });
  const tokens = await db
    .delete(oneTimeTokens)
    .where(
      or(
        lt(oneTimeTokens.expiresAt, credentialsBefore),
        and(isNotNull(oneTimeTokens.usedAt), lt(oneTimeTokens.usedAt, credentialsBefore)),
      ),
    )
    .returning({ id: oneTimeTokens.id });
  // A session is over when idle too long, past its absolute lifetime, or revoked.
  const over = await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.expiresAt, credentialsBefore),
        lt(sessions.absoluteExpiresAt, credentialsBefore),
        and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, credentialsBefore)),
      ),
    )
    .returning({ id: sql<string>`${sessions.id}` });
  // A deleted member's snapshot lives for the undo window only; its own job erases it at the end.
  const snapshots = await db
    .delete(memberDeletions)
    .where(lt(memberDeletions.expiresAt, now))
    .returning({ id: memberDeletions.id });
  // Accounting records: a payment 10 years after its date, an exemption of a season that ended
  // 10 years ago (season = its first year).
  const oldPayments = await db
    .delete(payments)
    .where(lt(payments.date, accountingBefore.toISOString().slice(0, 10)))
    .returning({ id: payments.id });
  const oldExemptions = await db
    .delete(feeExemptions)
    .where(lt(feeExemptions.season, accountingBefore.getUTCFullYear() - 1))
    .returning({ id: feeExemptions.memberId });
  // A prefix of ids, so that every event after the oldest kept one is kept (features/live).
  const live = await db.execute(sql`
    with gone as (
      delete from live_events where id <= (
        select max(id) from live_events
        where created_at < ${minus(now, RETENTION.liveEventsHours * 3_600_000).toISOString()}::timestamptz)
      returning 1)
    select count(*)::int as n from gone`);
  // Each club keeps its messages N seasons: the current one (from the first day of its month
  // `season_start_month`, club time) and the N − 1 before it.
  const old = await db.execute(sql`
    with gone as (
      delete from messages m using clubs c
      where m.club_id = c.id and m.created_at < (
        make_date(
          extract(year from (${now.toISOString()}::timestamptz at time zone c.timezone))::int
            - case when extract(month from (${now.toISOString()}::timestamptz at time zone c.timezone))
                        < c.season_start_month then 1 else 0 end
            - (c.messages_retention_seasons - 1),
          c.season_start_month, 1)::timestamp at time zone c.timezone)
      returning 1)
    select count(*)::int as n from gone`);
  return {
    payments: oldPayments.length,
    feeExemptions: oldExemptions.length,
    messages: Number((old.rows[0] as { n: number }).n),
    liveEvents: Number((live.rows[0] as { n: number }).n),
    memberDeletions: snapshots.length,
    contactMessages: contact.length,
    auditEntries: audit.length,
    oneTimeTokens: tokens.length,
    sessions: over.length,
  };
}

export interface Retention {
  /** Starts the worker and makes sure the daily job is planned (first run after `firstRunMs`). */
  start(): Promise<void>;
  /** Plans one extra run now (operators, tests); the daily chain is unchanged. Its job id. */
  runNow(): Promise<string | null>;
}

/**
 * The retention job on the application's job queue (pg-boss, decision 0020): a self-planning daily
 * job. Each run first plans the next one (24 h later), then purges; the queue's 'stately' policy
 * keeps one waiting job per key however many instances start, and a failed run is retried.
 */
export async function createRetention(opts: {
  queue: JobQueue;
  db: Db;
  log: FastifyBaseLogger;
  /** Delay of the first run after a start (default one minute: start-up stays light). */
  firstRunMs?: number;
}): Promise<Retention> {
  const { boss } = opts.queue;
  const log = opts.log.child({ queue: RETENTION_QUEUE });
  const settings: PgBoss.Queue = {
    name: RETENTION_QUEUE,
    policy: 'stately',
    retryLimit: 3,
    retryDelay: 300,
    retryBackoff: true,
    expireInSeconds: 600,
  };
  if (!(await boss.getQueue(RETENTION_QUEUE))) {
    try {
      await boss.createQueue(RETENTION_QUEUE, settings);
    } catch (err) {
      if (!(await boss.getQueue(RETENTION_QUEUE))) throw err;
    }
  }

  const plan = (startAfterSeconds: number) =>
    boss.send(
      RETENTION_QUEUE,
      { daily: true },
      { singletonKey: DAILY_KEY, startAfter: Math.max(0, Math.round(startAfterSeconds)) },
    );

  async function run(job: PgBoss.JobWithMetadata<{ daily?: boolean }>) {
    if (job.data.daily) await plan(DAY_MS / 1000);
    const counts = await purgeExpiredData(opts.db);
    log.info({ ...counts }, 'conservation des données : purge faite');
  }

  return {
    async start() {
      await plan((opts.firstRunMs ?? 60_000) / 1000);
      opts.queue.work(RETENTION_QUEUE, run, { timeoutMs: 300_000 });
    },
    async runNow() {
      const id = await boss.send(RETENTION_QUEUE, {}, { singletonKey: `maintenant-${Date.now()}` });
      opts.queue.notify(RETENTION_QUEUE);
      return id;
    },
  };
}
