import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import { wantsNotification, type NotificationKind, type TPushMessage } from '@club/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { transactionExecutor, type JobQueue } from '../../jobs/job-queue.ts';
import { afterQuietHours, type QuietHours } from '../notifications/index.ts';
import { PushEndpointRefused } from './push.endpoints.ts';
import type { VapidKeys } from './push.keys.ts';
import { pushRepository as repo } from './push.repository.ts';
import { sendPush } from './push.sender.ts';

export const PUSH_QUEUE = 'push';
/** An attempt that lasts longer is abandoned (then retried). */
const ATTEMPT_TIMEOUT_MS = 20_000;

interface PushJob {
  clubId: number;
  subscriptionId: number;
  message: TPushMessage;
  ttlSeconds: number;
}

export interface PushNotification {
  clubId: number;
  /** The club's time zone, for the quiet hours (read from the club when omitted). */
  timezone?: string;
  /** Members to notify (each of their devices); those who turned `kind` off on push are skipped. */
  memberIds: readonly number[];
  kind: NotificationKind;
  message: TPushMessage;
  /** How long a push service keeps it for a device that is off (default one day). */
  ttlSeconds?: number;
  /** Send at once even within the quiet hours (default: wait for their end, club time). */
  ignoreQuietHours?: boolean;
}

export interface PushNotifier {
  /** The server's public VAPID key (base64url), for the browsers' applicationServerKey. */
  readonly publicKey: string;
  /**
   * Queues the pushes of a notification inside `tx` (a request's or a job's transaction): one
   * job per device, sent after the quiet hours, retried while the push service fails. Returns
   * the number of devices queued.
   */
  notify(tx: DbOrTx, notification: PushNotification): Promise<number>;
  /**
   * The same for several notifications of one club (one message per player of a selection): one
   * query for every member's devices and one insert for every job, instead of two round trips
   * per notification (bench/README.md, « A week, mixed »). Returns the number of devices queued.
   */
  notifyMany(tx: DbOrTx, notifications: readonly PushNotification[]): Promise<number>;
}

/**
 * The `push` queue: each job sends one encrypted message to one device. 2xx: done. 404 or 410:
 * the subscription is gone (unsubscribed, expired): dropped. 429 and 5xx, or no answer: retried
 * with backoff. Other 4xx: logged and dropped without retry (they would fail again). An endpoint
 * that now resolves to a non-public address is dropped too.
 */
export function createPushNotifier(deps: {
  db: Db;
  jobs: JobQueue;
  vapid: VapidKeys;
  allowedPrefixes: readonly string[];
  quietHours: QuietHours | null;
  log: FastifyBaseLogger;
}): PushNotifier & { createQueues(): Promise<void>; work(): void } {
  const { boss } = deps.jobs;
  const log = deps.log.child({ queue: PUSH_QUEUE });

  async function deliver(job: PgBoss.JobWithMetadata<PushJob>) {
    const { clubId, subscriptionId, message, ttlSeconds } = job.data;
    const sub = await repo.byId(deps.db, clubId, subscriptionId);
    if (!sub) return; // unsubscribed meanwhile
    if (await repo.supersededElsewhere(deps.db, sub)) {
      await repo.drop(deps.db, clubId, sub.id);
      return;
    }
    let status: number;
    try {
      ({ status } = await sendPush(sub, message, {
        vapid: deps.vapid,
        allowedPrefixes: deps.allowedPrefixes,
        ttlSeconds,
        timeoutMs: ATTEMPT_TIMEOUT_MS - 2_000,
      }));
    } catch (err) {
      if (err instanceof PushEndpointRefused) {
        log.warn({ subscriptionId, err: err.message }, 'abonnement push retiré : adresse refusée');
        await repo.drop(deps.db, clubId, sub.id);
        return;
      }
      log.warn(
        { subscriptionId, attempt: job.retryCount + 1, err: (err as Error).message },
        'échec d’envoi d’une notification push ; nouvel essai prévu',
      );
      throw err;
    }
    if (status >= 200 && status < 300) {
      log.debug({ subscriptionId, status }, 'notification push envoyée');
      return;
    }
    if (status === 404 || status === 410) {
      await repo.drop(deps.db, clubId, sub.id);
      log.info({ subscriptionId, status }, 'abonnement push expiré : retiré');
      return;
    }
    if (status === 429 || status >= 500) {
      log.warn({ subscriptionId, status }, 'service push indisponible ; nouvel essai prévu');
      throw new Error(`service push : ${status}`);
    }
    log.warn({ subscriptionId, status }, 'notification push refusée par le service');
  }

  async function notifyMany(tx: DbOrTx, list: readonly PushNotification[]): Promise<number> {
    const jobs: PgBoss.JobInsert<PushJob>[] = [];
    const timezones = new Map<number, string>();
    const byClub = new Map<number, PushNotification[]>();
    for (const n of list) byClub.set(n.clubId, [...(byClub.get(n.clubId) ?? []), n]);
    for (const [clubId, ofClub] of byClub) {
      const memberIds = [...new Set(ofClub.flatMap((n) => n.memberIds))];
      const subs = await repo.ofMembers(tx, clubId, memberIds);
      if (!subs.length) continue;
      for (const n of ofClub) {
        const own = subs.filter(
          (s) => n.memberIds.includes(s.memberId) && wantsNotification(s, n.kind, 'push'),
        );
        if (!own.length) continue;
        let timezone = n.timezone ?? timezones.get(clubId);
        if (!n.ignoreQuietHours && timezone === undefined) {
          timezone = await repo.clubTimezone(tx, clubId);
          timezones.set(clubId, timezone);
        }
        const startAfter = n.ignoreQuietHours
          ? new Date()
          : afterQuietHours(new Date(), timezone!, deps.quietHours);
        for (const s of own)
          jobs.push({
            name: PUSH_QUEUE,
            startAfter,
            data: {
              clubId,
              subscriptionId: s.id,
              message: n.message,
              ttlSeconds: n.ttlSeconds ?? 86_400,
            },
          });
      }
    }
    if (!jobs.length) return 0;
    // One INSERT … SELECT from a JSON list (pg-boss's insert); the queue exists (createQueues).
    await boss.insert(jobs, { db: transactionExecutor(tx) });
    deps.jobs.notify(PUSH_QUEUE);
    return jobs.length;
  }

  return {
    publicKey: deps.vapid.publicKey,

    async notify(tx, n) {
      return notifyMany(tx, [n]);
    },

    notifyMany,

    async createQueues() {
      const settings: PgBoss.Queue = {
        name: PUSH_QUEUE,
        retryLimit: 5,
        retryDelay: 30,
        retryBackoff: true,
        expireInSeconds: ATTEMPT_TIMEOUT_MS / 1000 + 20,
      };
      if (await boss.getQueue(PUSH_QUEUE)) return;
      try {
        await boss.createQueue(PUSH_QUEUE, settings);
      } catch (err) {
        if (!(await boss.getQueue(PUSH_QUEUE))) throw err;
      }
    },

    work() {
      deps.jobs.work<PushJob>(PUSH_QUEUE, deliver, {
        timeoutMs: ATTEMPT_TIMEOUT_MS,
        // The message names a match or an announcement: once over, keep only where it went.
        redact: ({ clubId, subscriptionId }) => ({ clubId, subscriptionId }),
      });
    },
  };
}
