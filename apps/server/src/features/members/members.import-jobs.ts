import type { FastifyInstance } from 'fastify';
import type PgBoss from 'pg-boss';
import type { DbOrTx } from '../../db/client.ts';
import { transactionExecutor } from '../../jobs/job-queue.ts';
import { createInvitationService } from '../auth/index.ts';
import { matchSync } from '../matches/index.ts';
import { membersRepository as repo } from './members.repository.ts';

/**
 * What follows an import once it is committed. The import's transaction queues ONE job naming the
 * members it created and those whose teams or role changed: the job exists only if the import
 * committed, so nothing follows a simulation or a refused import. The worker, on the owner's
 * handle and in small transactions, first convokes the players to their teams' upcoming matches
 * (as a member saved from the form is; tens of thousands of rows for a season's file, which would
 * otherwise hold the request and the embedded database's one connection for seconds), then
 * invites the new members (tokens and mail jobs, as the member form does one by one)
 * (docs/decisions/0070-member-import-export.md).
 */
export const MEMBER_IMPORT_QUEUE = 'member-import';
const INVITE_CHUNK = 50;
const START_AFTER_SECONDS = 3;
const CONVOKE_CHUNK = 200;

interface ImportJob {
  clubId: number;
  /** New members, to invite. */
  memberIds: number[];
  /** Members whose teams or role changed (new ones in a team included), to convoke. */
  convoke?: number[];
}

export interface ImportFollowUp {
  /** Queues, in the import's transaction `tx`, what follows its commit. */
  queue(
    tx: DbOrTx,
    clubId: number,
    work: { invite: readonly number[]; convoke: readonly number[] },
  ): Promise<void>;
  createQueue(): Promise<void>;
  work(): void;
}

export function createImportFollowUp(app: FastifyInstance): ImportFollowUp {
  const { boss } = app.jobs;
  const log = app.log.child({ queue: MEMBER_IMPORT_QUEUE });

  async function followUp(job: PgBoss.JobWithMetadata<ImportJob>, signal: AbortSignal) {
    const { clubId, memberIds, convoke = [] } = job.data;
    // Idempotent: a retried job convokes nobody twice (on conflict, do nothing).
    for (let i = 0; i < convoke.length; i += CONVOKE_CHUNK) {
      if (signal.aborted) throw new Error('suite de l’import interrompue');
      await app.db.transaction((tx) =>
        matchSync.syncMembersConvocations(
          tx,
          clubId,
          convoke.slice(i, i + CONVOKE_CHUNK),
          app.clock,
        ),
      );
    }
    let sent = 0;
    for (let i = 0; i < memberIds.length; i += INVITE_CHUNK) {
      if (signal.aborted) throw new Error('suite de l’import interrompue');
      await app.db.transaction(async (tx) => {
        const invitations = createInvitationService({
          db: tx,
          config: app.config,
          mailer: app.mailer,
          log: app.log,
          passwords: app.passwords,
        });
        // A retried job skips whoever this job already invited, who activated meanwhile, or who
        // was deleted.
        const pending = await repo.pendingInvitees(
          tx,
          clubId,
          memberIds.slice(i, i + INVITE_CHUNK),
          job.createdOn,
        );
        for (const id of pending) {
          await invitations.send({ id, clubId });
          sent++;
        }
      });
    }
    log.info(
      { clubId, convoked: convoke.length, invited: memberIds.length, sent },
      'suite de l’import : convocations et invitations',
    );
  }

  return {
    async queue(tx, clubId, { invite, convoke }) {
      if (!invite.length && !convoke.length) return;
      const data: ImportJob = { clubId, memberIds: [...invite], convoke: [...convoke] };
      const id = await boss.send(MEMBER_IMPORT_QUEUE, data, {
        db: transactionExecutor(tx) as PgBoss.Db,
        // Due a few seconds after the commit, when the import's answer has left: a worker that
        // took it at once on the embedded database kept the import's own answer waiting until
        // the whole job was done (measured: 66–78 s instead of 3–4 s for 5,000 rows).
        startAfter: START_AFTER_SECONDS,
      });
      if (!id) throw new Error('suite de l’import non mise en file');
    },
    async createQueue() {
      const settings: PgBoss.Queue = {
        name: MEMBER_IMPORT_QUEUE,
        retryLimit: 5,
        retryDelay: 30,
        retryBackoff: true,
      };
      if (await boss.getQueue(MEMBER_IMPORT_QUEUE)) return;
      try {
        await boss.createQueue(MEMBER_IMPORT_QUEUE, settings);
      } catch (err) {
        if (!(await boss.getQueue(MEMBER_IMPORT_QUEUE))) throw err;
      }
    },
    work() {
      app.jobs.work<ImportJob>(MEMBER_IMPORT_QUEUE, followUp, { timeoutMs: 10 * 60_000 });
    },
  };
}
