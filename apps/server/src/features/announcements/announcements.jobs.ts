import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type PgBoss from 'pg-boss';
import { announcementsPagePath, excerpt, wantsNotification } from '@club/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { transactionExecutor, type JobQueue } from '../../jobs/job-queue.ts';
import type { Mailer } from '../../plugins/mailer.ts';
import { afterQuietHours, type Links, type QuietHours } from '../notifications/index.ts';
import { announcementMail } from './announcements.mails.ts';
import { announcementsRepository as repo } from './announcements.repository.ts';

export const ANNOUNCEMENT_QUEUE = 'announcement-notification';

interface AnnouncementJob {
  clubId: number;
  announcementId: number;
  reminder: boolean;
  /** A reminder goes to these members (those who had not read it when it was asked). */
  memberIds?: number[];
}

export interface AnnouncementNotifier {
  /** Queues the notification of a new announcement (or its reminder) in the request's transaction. */
  queue(
    tx: DbOrTx,
    clubId: number,
    announcementId: number,
    reminder?: { memberIds: number[] },
  ): Promise<void>;
}

/**
 * The `announcement-notification` queue. A job is queued with the announcement, in the same
 * transaction, to start after the quiet hours (club time); it then queues one mail per member of
 * the audience who wants announcements by e-mail, and the pushes of those who want them on
 * their devices. A reminder goes to those of its members who have still not read it. An
 * announcement deleted before the job runs sends nothing.
 */
export function createAnnouncementNotifier(deps: {
  db: Db;
  jobs: JobQueue;
  mailer: Mailer;
  push: FastifyInstance['push'];
  links: (clubId: number, memberId: number) => Links;
  /** The signed « Lire l’annonce » link of one member's mail (decision 0139). */
  readLink: (clubId: number, announcementId: number, memberId: number) => string;
  publicUrl: string;
  quietHours: QuietHours | null;
  log: FastifyBaseLogger;
}): AnnouncementNotifier & { createQueues(): Promise<void>; work(): void } {
  const { boss } = deps.jobs;
  const base = deps.publicUrl.replace(/\/+$/, '');
  const log = deps.log.child({ queue: ANNOUNCEMENT_QUEUE });

  async function send(job: PgBoss.JobWithMetadata<AnnouncementJob>) {
    const { clubId, announcementId, reminder, memberIds } = job.data;
    const counts = await deps.db.transaction(async (tx) => {
      const a = await repo.info(tx, clubId, announcementId);
      if (!a) return { mails: 0, devices: 0 };
      const only = memberIds ? new Set(memberIds) : null;
      const audience = (await repo.audience(tx, clubId, announcementId)).filter(
        (m) => (!reminder || m.readAt === null) && (!only || only.has(m.id)),
      );
      const path = announcementsPagePath(a.clubNom, a.id);
      const devices = await deps.push.notify(tx, {
        clubId,
        timezone: a.timezone,
        memberIds: audience.map((m) => m.id),
        kind: 'annonces',
        message: {
          titre: reminder ? `Rappel : ${a.titre}` : a.titre,
          corps: excerpt(a.contenu),
          url: path,
        },
      });
      // Every mail in one statement (was one per member: 60 round trips for a club of 60).
      const mails = audience
        .filter((m) => wantsNotification(m, 'annonces', 'email'))
        .map((m) =>
          announcementMail({
            to: m,
            announcement: a,
            reminder,
            pageUrl: `${base}${path}`,
            readUrl: deps.readLink(clubId, a.id, m.id),
            links: deps.links(clubId, m.id),
          }),
        );
      await deps.mailer.sendMany(mails, { db: transactionExecutor(tx) });
      return { mails: mails.length, devices };
    });
    if (counts.mails) deps.jobs.notify('mail');
    log.info({ announcementId, reminder, ...counts }, 'annonce envoyée');
  }

  return {
    async queue(tx, clubId, announcementId, reminder) {
      const timezone = await repo.clubTimezone(tx, clubId);
      const data: AnnouncementJob = {
        clubId,
        announcementId,
        reminder: !!reminder,
        ...(reminder ? { memberIds: reminder.memberIds } : {}),
      };
      await boss.send(ANNOUNCEMENT_QUEUE, data, {
        startAfter: afterQuietHours(new Date(), timezone, deps.quietHours),
        db: transactionExecutor(tx),
      });
      deps.jobs.notify(ANNOUNCEMENT_QUEUE);
    },

    async createQueues() {
      const settings: PgBoss.Queue = {
        name: ANNOUNCEMENT_QUEUE,
        retryLimit: 5,
        retryDelay: 30,
        retryBackoff: true,
      };
      if (await boss.getQueue(ANNOUNCEMENT_QUEUE)) return;
      try {
        await boss.createQueue(ANNOUNCEMENT_QUEUE, settings);
      } catch (err) {
        if (!(await boss.getQueue(ANNOUNCEMENT_QUEUE))) throw err;
      }
    },

    work() {
      deps.jobs.work<AnnouncementJob>(ANNOUNCEMENT_QUEUE, send, { timeoutMs: 120_000 });
    },
  };
}
