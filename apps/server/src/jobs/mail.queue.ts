import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type {
  Mail,
  MailCondition,
  MailFollowUp,
  MailGuard,
  Mailer,
  MailTransport,
} from '../plugins/mailer.ts';
import { JOB_SCHEMA, type JobQueue } from './job-queue.ts';

export const MAIL_QUEUE = 'mail';
/** An attempt that lasts longer is abandoned (then retried); the SMTP timeouts usually come first. */
const ATTEMPT_TIMEOUT_MS = 100_000;

interface MailJob {
  mail: Mail;
  followUp?: MailFollowUp;
  condition?: MailCondition;
}

export interface MailQueueStats {
  /** Waiting for their first attempt or being sent. */
  pending: number;
  /** Failed at least once, waiting for the next attempt. */
  retrying: number;
  /** Every attempt failed (kept as long as pg-boss keeps jobs: 7 days). */
  failed: number;
}

export interface MailQueue extends Mailer {
  /** Starts the worker; called once every feature has registered its follow-ups. */
  work(): Promise<void>;
  stats(): Promise<MailQueueStats>;
}

/**
 * The `mail` queue: retryLimit retries with exponential backoff from retryDelaySeconds (pg-boss:
 * delay × 2^n / 2 × (1 + random)), one log line per failed attempt, and the follow-up of a mail
 * (e.g. contact message marked mailed) once SMTP accepted it.
 */
export async function createMailQueue(opts: {
  queue: JobQueue;
  transport: MailTransport;
  log: FastifyBaseLogger;
  retryLimit: number;
  retryDelaySeconds: number;
}): Promise<MailQueue> {
  const { boss } = opts.queue;
  const log = opts.log.child({ queue: MAIL_QUEUE });
  const settings: PgBoss.Queue = {
    name: MAIL_QUEUE,
    retryLimit: opts.retryLimit,
    retryDelay: opts.retryDelaySeconds,
    retryBackoff: true,
    // After the worker's own limit: pg-boss fails (then retries) a job left active by a crash.
    expireInSeconds: ATTEMPT_TIMEOUT_MS / 1000 + 20,
  };
  await ensureQueue(boss, settings);

  const followUps = new Map<string, (id: number) => Promise<void>>();
  const guards = new Map<string, MailGuard>();
  let working = false;

  async function deliver(job: PgBoss.JobWithMetadata<MailJob>, signal: AbortSignal) {
    const { mail, followUp, condition } = job.data;
    const attempt = job.retryCount + 1;
    const attempts = job.retryLimit + 1;
    const guard = condition ? guards.get(condition.kind) : undefined;
    if (condition && !guard) log.warn({ jobId: job.id, condition }, 'condition d’e-mail inconnue');
    try {
      const send = () => unlessAborted(signal, () => opts.transport.deliver(mail));
      if (guard && !(await guard(condition!.key, send))) {
        log.info(
          { jobId: job.id, to: mail.to, subject: mail.subject, condition },
          'e-mail dépassé par un plus récent : non envoyé',
        );
        return;
      }
      if (!guard) await send();
    } catch (err) {
      const e = err as Error & { code?: string; responseCode?: number };
      const entry = {
        jobId: job.id,
        to: mail.to,
        subject: mail.subject,
        attempt,
        attempts,
        err: { message: e.message, code: e.code, responseCode: e.responseCode },
      };
      if (attempt < attempts) log.warn(entry, 'échec d’envoi d’un e-mail ; nouvel essai prévu');
      else log.error(entry, 'échec d’envoi d’un e-mail ; abandon après le dernier essai');
      throw err;
    }
    log.info({ jobId: job.id, to: mail.to, subject: mail.subject, attempt }, 'e-mail envoyé');
    if (followUp) {
      // The mail is gone: a failing follow-up is logged, never retried (that would send it twice).
      try {
        const handler = followUps.get(followUp.kind);
        if (!handler) throw new Error(`suite inconnue : ${followUp.kind}`);
        await handler(followUp.id);
      } catch (err) {
        log.error({ err, jobId: job.id, followUp }, 'e-mail envoyé, mais sa suite a échoué');
      }
    }
  }

  return {
    async send(mail, options) {
      const data: MailJob = { mail, ...(options?.followUp ? { followUp: options.followUp } : {}) };
      const id = await boss.send(
        MAIL_QUEUE,
        data as object,
        options?.db ? { db: options.db as PgBoss.Db } : {},
      );
      if (!id) throw new Error('e-mail non mis en file');
      opts.queue.notify(MAIL_QUEUE);
    },
    async sendMany(mails, options) {
      if (!mails.length) return;
      const jobs = mails.map((mail, i) => {
        const condition = options?.conditions?.[i];
        return {
          name: MAIL_QUEUE,
          data: { mail, ...(condition ? { condition } : {}) } satisfies MailJob,
        };
      });
      // One INSERT … SELECT from a JSON list (pg-boss's insert, which answers nothing): the queue
      // exists from the start (ensureQueue above), as for send().
      await boss.insert(jobs, options?.db ? { db: options.db as PgBoss.Db } : {});
      opts.queue.notify(MAIL_QUEUE);
    },
    onDelivered(kind, handler) {
      followUps.set(kind, handler);
    },
    guardDelivery(kind, guard) {
      guards.set(kind, guard);
    },
    async work() {
      if (working) return;
      working = true;
      opts.queue.work<MailJob>(MAIL_QUEUE, deliver, {
        timeoutMs: ATTEMPT_TIMEOUT_MS,
        // The body may hold a sign-in link: once the mail is sent or given up, keep only who and what.
        redact: ({ mail, followUp, condition }) => ({
          mail: { to: mail.to, subject: mail.subject },
          followUp,
          condition,
        }),
      });
    },
    async stats() {
      const { rows } = await opts.queue.boss.getDb().executeSql(
        `select state::text as state, count(*)::int as n from ${JOB_SCHEMA}.job
            where name = $1 group by state
           union all
           select 'archived_failed', count(*)::int from ${JOB_SCHEMA}.archive
            where name = $1 and state = 'failed'`,
        [MAIL_QUEUE],
      );
      const count = (state: string) =>
        (rows as { state: string; n: number }[])
          .filter((r) => r.state === state)
          .reduce((sum, r) => sum + Number(r.n), 0);
      return {
        pending: count('created') + count('active'),
        retrying: count('retry'),
        failed: count('failed') + count('archived_failed'),
      };
    },
  };
}

/** Runs `task`, or rejects as soon as the signal aborts (the task itself runs on unobserved). */
async function unlessAborted<T>(signal: AbortSignal, task: () => Promise<T>): Promise<T> {
  if (signal.aborted) throw new Error('envoi interrompu');
  let onAbort = () => {};
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(new Error('envoi interrompu (arrêt du serveur ou délai dépassé)'));
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([task(), aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

/** Creates the queue, or applies the current settings to it (two instances may race: both fine). */
async function ensureQueue(boss: PgBoss, settings: PgBoss.Queue) {
  if (await boss.getQueue(MAIL_QUEUE)) return boss.updateQueue(MAIL_QUEUE, settings);
  try {
    await boss.createQueue(MAIL_QUEUE, settings);
  } catch (err) {
    if (!(await boss.getQueue(MAIL_QUEUE))) throw err;
    await boss.updateQueue(MAIL_QUEUE, settings);
  }
}
