import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type PgBoss from 'pg-boss';
import { sql } from 'drizzle-orm';
import { conversationsPagePath, excerpt, CONVERSATION_MESSAGES } from '@club/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { transactionExecutor, type JobQueue } from '../../jobs/job-queue.ts';
import type { Mailer } from '../../plugins/mailer.ts';
import { renderNotificationMail, type Links } from '../notifications/index.ts';
import { conversationsRepository as repo } from './conversations.repository.ts';
import type { MessageNotifier } from './conversations.service.ts';

export const MESSAGE_QUEUE = 'message-notification';

/** A member seen on a live stream this recently reads new messages there: no push. */
export const PRESENCE_WINDOW_SECONDS = 90;

interface MessageJob {
  clubId: number;
  conversationId: number;
}

/**
 * The `message-notification` queue: one job per conversation and burst (the queue keeps one
 * waiting job per conversation: messages sent meanwhile ride on it), run `delaySeconds` after the
 * first message. It pushes, once, to each participant who has messages they have neither read nor
 * been told of, and who has no live stream open (`live_presence`); their preferences (`messages`
 * on push) and the quiet hours apply (the push queue).
 */
export function createMessageNotifier(deps: {
  db: Db;
  jobs: JobQueue;
  mailer: Mailer;
  push: FastifyInstance['push'];
  links: (clubId: number, memberId: number) => Links;
  publicUrl: string;
  delaySeconds: number;
  log: FastifyBaseLogger;
}): MessageNotifier & { createQueues(): Promise<void>; work(): void } {
  const { boss } = deps.jobs;
  const base = deps.publicUrl.replace(/\/+$/, '');
  const log = deps.log.child({ queue: MESSAGE_QUEUE });

  async function send(job: PgBoss.JobWithMetadata<MessageJob>) {
    const { clubId, conversationId } = job.data;
    const devices = await deps.db.transaction(async (tx) => {
      const r = await tx.execute(sql`
        select cm.member_id as "memberId", c.titre, cl.nom as "clubNom", cl.timezone,
          (select max(m.id) from messages m where m.club_id = cm.club_id
             and m.conversation_id = cm.conversation_id
             and m.id > greatest(cm.last_read_id, cm.notified_id)
             and m.author_id is distinct from cm.member_id
             and m.deleted_at is null and m.masked_at is null) as "lastId",
          exists (select 1 from live_presence p where p.member_id = cm.member_id
             and p.seen_at > now() - make_interval(secs => ${PRESENCE_WINDOW_SECONDS})) as present
        from conversation_members cm
        join conversations c on c.id = cm.conversation_id and c.club_id = cm.club_id
        join clubs cl on cl.id = cm.club_id
        where cm.club_id = ${clubId} and cm.conversation_id = ${conversationId}
          and cm.left_at is null
        for update of cm`);
      const rows = r.rows as {
        memberId: number;
        titre: string | null;
        clubNom: string;
        timezone: string;
        lastId: number | null;
        present: boolean;
      }[];
      const due = rows.filter((x) => x.lastId !== null);
      if (!due.length) return 0;
      const lastIds = [...new Set(due.map((x) => Number(x.lastId)))];
      const last = new Map((await repo.messagesByIds(tx, clubId, lastIds)).map((m) => [m.id, m]));
      const away = due.filter((x) => !x.present);
      let queued = 0;
      if (away.length)
        queued = await deps.push.notifyMany(
          tx,
          away.map((x) => {
            const m = last.get(Number(x.lastId));
            const who = m?.auteur ? m.auteur.prenom : CONVERSATION_MESSAGES.formerMember;
            return {
              clubId,
              timezone: x.timezone,
              memberIds: [x.memberId],
              kind: 'messages' as const,
              message: {
                titre: x.titre ?? 'Nouveau message',
                corps: `${who} : ${excerpt(m?.contenu ?? '')}`,
                url: conversationsPagePath(x.clubNom, conversationId),
              },
            };
          }),
        );
      // Told (or reading live): not again for these messages.
      await tx.execute(sql`
        update conversation_members cm set notified_id = v.last_id
        from (select unnest(${sql.raw(`array[${due.map((x) => Number(x.memberId)).join(',')}]`)}::int[]) as member_id,
                     unnest(${sql.raw(`array[${due.map((x) => Number(x.lastId)).join(',')}]`)}::int[]) as last_id) v
        where cm.club_id = ${clubId} and cm.conversation_id = ${conversationId}
          and cm.member_id = v.member_id`);
      return queued;
    });
    log.info({ conversationId, devices }, 'messages notifiés');
  }

  return {
    async queue(tx, clubId, conversationId) {
      await boss.send(MESSAGE_QUEUE, { clubId, conversationId } satisfies MessageJob, {
        singletonKey: `conversation-${conversationId}`,
        startAfter: deps.delaySeconds,
        db: transactionExecutor(tx),
      });
    },

    async report(tx, input) {
      const leaders = await repo.leaders(tx, input.clubId);
      const [m] = await repo.messagesByIds(tx, input.clubId, [input.messageId]);
      const conv = await repo.conversation(tx, input.clubId, input.conversationId);
      const clubNom = (
        (await tx.execute(sql`select nom from clubs where id = ${input.clubId}`)).rows[0] as {
          nom: string;
        }
      ).nom;
      const who = m?.auteur
        ? `${m.auteur.prenom} ${m.auteur.nom}`
        : CONVERSATION_MESSAGES.formerMember;
      // Leaders are adults and have an address; a row without one is skipped (decision 0111).
      const mails = leaders
        .flatMap((l) => (l.email === null ? [] : [{ ...l, email: l.email }]))
        .map((l) =>
          renderNotificationMail(
            'Message signalé',
            [
              {
                kind: 'p',
                text: `Un message de ${who} dans « ${conv?.titre ?? 'une conversation'} » a été signalé.`,
              },
              { kind: 'p', text: `Motif : ${input.motif}` },
              { kind: 'p', text: `Message : ${m?.contenu ?? ''}` },
              {
                kind: 'p',
                text: 'Vous pouvez le masquer depuis la messagerie : il sera remplacé par « Message masqué par un responsable du club. ».',
              },
              {
                kind: 'button',
                label: 'Ouvrir la messagerie',
                href: `${base}${conversationsPagePath(clubNom)}`,
              },
            ],
            deps.links(input.clubId, l.id),
            l.email,
          ),
        );
      if (mails.length) {
        await deps.mailer.sendMany(mails, { db: transactionExecutor(tx) });
        deps.jobs.notify('mail');
      }
    },

    async createQueues() {
      const settings: PgBoss.Queue = {
        name: MESSAGE_QUEUE,
        policy: 'short',
        retryLimit: 5,
        retryDelay: 30,
        retryBackoff: true,
      };
      if (await boss.getQueue(MESSAGE_QUEUE)) return;
      try {
        await boss.createQueue(MESSAGE_QUEUE, settings);
      } catch (err) {
        if (!(await boss.getQueue(MESSAGE_QUEUE))) throw err;
      }
    },

    work() {
      deps.jobs.work<MessageJob>(MESSAGE_QUEUE, send, { timeoutMs: 120_000 });
    },
  };
}

export type { DbOrTx };
