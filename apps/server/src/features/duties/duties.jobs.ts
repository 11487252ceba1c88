import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type PgBoss from 'pg-boss';
import { wantsNotification } from '@club/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { transactionExecutor, type JobQueue } from '../../jobs/job-queue.ts';
import type { Clock } from '../../lib/clock.ts';
import { clubLocalDateTime } from '../../lib/club-time.ts';
import type { Mailer } from '../../plugins/mailer.ts';
import {
  afterQuietHours,
  instantOf,
  renderNotificationMail,
  type Links,
  type QuietHours,
} from '../notifications/index.ts';
import { dutiesRepository as repo, type DutyEvent } from './duties.repository.ts';

export const DUTY_REMINDER_QUEUE = 'duty-reminder';
/** The reminder goes this long before the event starts (docs/decisions/0132). */
export const DUTY_REMINDER_HOURS = 24;

interface ReminderJob {
  clubId: number;
  eventId: number;
  dutyId: number;
  memberId: number;
  /** The event's start (club wall clock) the job was queued for: moved since, queued again. */
  dateDebut: string;
}

/** 'YYYY-MM-DDTHH:mm:ss' → 'le 05/12 à 13h30'. */
export const shortDateTime = (v: string) =>
  `le ${v.slice(8, 10)}/${v.slice(5, 7)} à ${v.slice(11, 13)}h${v.slice(14, 16)}`;

export interface DutyReminders {
  /**
   * A volunteer signed up (in the write's transaction): their reminder 24 hours before the event,
   * at once when the sign-up is later than that; after the quiet hours either way.
   */
  schedule(
    tx: DbOrTx,
    event: Pick<DutyEvent, 'id' | 'dateDebut' | 'timezone'>,
    clubId: number,
    dutyId: number,
    memberId: number,
  ): Promise<void>;
  createQueue(): Promise<void>;
  work(): void;
}

export function createDutyReminders(deps: {
  db: Db;
  jobs: JobQueue;
  mailer: Mailer;
  push: FastifyInstance['push'];
  links: (clubId: number, memberId: number) => Links;
  quietHours: QuietHours | null;
  clock: Clock;
  log: FastifyBaseLogger;
}): DutyReminders {
  const log = deps.log.child({ feature: 'duties' });

  async function queue(tx: DbOrTx, job: ReminderJob, timezone: string) {
    const start = instantOf(timezone, job.dateDebut).getTime();
    const now = deps.clock.now().getTime();
    if (start <= now) return; // over: no reminder
    const due = new Date(Math.max(now, start - DUTY_REMINDER_HOURS * 3_600_000));
    await deps.jobs.boss.send(DUTY_REMINDER_QUEUE, job, {
      startAfter: afterQuietHours(due, timezone, deps.quietHours),
      db: transactionExecutor(tx),
    });
  }

  async function remind(job: PgBoss.JobWithMetadata<ReminderJob>) {
    const { clubId, eventId, dutyId, memberId } = job.data;
    const sent = await deps.db.transaction(async (tx) => {
      const event = await repo.event(tx, clubId, eventId);
      const duty = await repo.duty(tx, clubId, dutyId);
      if (!event || !duty) return false;
      const now = deps.clock.now();
      if (clubLocalDateTime(event.timezone, now) >= event.dateDebut) return false;
      if (event.dateDebut !== job.data.dateDebut) {
        // The event moved: the reminder goes 24 hours before its new start.
        await queue(tx, { ...job.data, dateDebut: event.dateDebut }, event.timezone);
        return false;
      }
      if (!(await repo.claimReminder(tx, clubId, dutyId, memberId, now))) return false;
      const [r] = await repo.recipients(tx, clubId, [memberId]);
      if (!r) return false;
      const title = `Rappel : ${duty.libelle} — ${event.nom} ${shortDateTime(event.dateDebut)}`;
      const text = `Vous êtes inscrit(e) pour « ${duty.libelle} » à « ${event.nom} » ${shortDateTime(event.dateDebut)} (${event.lieux}). Merci ! Un empêchement ? Ouvrez l’événement et choisissez « Je ne peux plus » : l’entraîneur est prévenu.`;
      await deps.push.notify(tx, {
        clubId,
        timezone: event.timezone,
        memberIds: [r.id],
        kind: 'rappels',
        message: { titre: title, corps: text, url: '/calendrier' },
      });
      // A member without address (a child without e-mail, decision 0111) gets the push only.
      if (r.activated && r.email && wantsNotification(r, 'rappels', 'email'))
        await deps.mailer.send(
          renderNotificationMail(
            title,
            [
              { kind: 'p', text: `Bonjour ${r.prenom},` },
              { kind: 'p', text },
            ],
            deps.links(clubId, r.id),
            r.email,
          ),
          { db: transactionExecutor(tx) },
        );
      return true;
    });
    if (sent) deps.jobs.notify('mail');
    log.info({ dutyId, memberId, sent }, 'rappel de tâche bénévole traité');
  }

  return {
    schedule: (tx, event, clubId, dutyId, memberId) =>
      queue(
        tx,
        { clubId, eventId: event.id, dutyId, memberId, dateDebut: event.dateDebut },
        event.timezone,
      ),
    async createQueue() {
      const boss = deps.jobs.boss;
      if (await boss.getQueue(DUTY_REMINDER_QUEUE)) return;
      try {
        await boss.createQueue(DUTY_REMINDER_QUEUE, {
          name: DUTY_REMINDER_QUEUE,
          retryLimit: 5,
          retryDelay: 30,
          retryBackoff: true,
        });
      } catch (err) {
        if (!(await boss.getQueue(DUTY_REMINDER_QUEUE))) throw err;
      }
    },
    work() {
      deps.jobs.work<ReminderJob>(DUTY_REMINDER_QUEUE, remind, { timeoutMs: 60_000 });
    },
  };
}
