import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type PgBoss from 'pg-boss';
import {
  MATCH_ACTION_LABELS,
  MATCH_PUSH_MESSAGES,
  PUSHED_ACTIONS,
  minuteOrdinal,
  scoreLine,
  type TMatchActionType,
} from '@club/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { transactionExecutor, type JobQueue } from '../../jobs/job-queue.ts';
import type { Clock } from '../../lib/clock.ts';
import { afterQuietHours, type QuietHours } from '../notifications/index.ts';
import { clubNow } from './matches.clock.ts';
import { matchesRepository } from './matches.repository.ts';
import { sheetRepository as repo } from './matches.sheet.repository.ts';
import { sides } from './matches.sides.ts';

export const MATCH_LIVE_PUSH_QUEUE = 'match-live-push';
/**
 * A goal is pushed this long after it was recorded (at most; NOTIFICATION_DELAY_SECONDS when
 * shorter): the coach's undo of a mistaken tap within it sends nothing.
 */
export const GOAL_PUSH_DELAY_SECONDS = 20;
/** A push service keeps a goal this long for a phone that is off (stale after the match). */
const GOAL_PUSH_TTL_SECONDS = 2 * 3600;

type LivePushJob =
  | { kind: 'action'; clubId: number; matchId: number; actionId: number; actorId: number }
  | {
      kind: 'score';
      clubId: number;
      matchId: number;
      actorId: number;
      domicile: number;
      exterieur: number;
    };

export interface MatchPush {
  /** An action was created (not a `cle` replay): a goal or a try queues its push. */
  actionRecorded(
    tx: DbOrTx,
    clubId: number,
    matchId: number,
    action: { id: number; type: TMatchActionType },
    actorId: number,
  ): Promise<void>;
  /** The typed final score changed: « Score final » to the families. */
  finalScore(
    tx: DbOrTx,
    clubId: number,
    matchId: number,
    score: { domicile: number; exterieur: number },
    actorId: number,
  ): Promise<void>;
}

/**
 * Web Push to the families of a match (docs/decisions/0140-push-on-match-events.md): its convoked
 * players, their guardians and its teams' followers, not the member who entered it, each with the `matchs` kind on
 * push. Queued in the write's transaction (a rolled-back write sends nothing), sent by the
 * `match-live-push` job: a goal undone meanwhile, or a score typed again since, sends nothing; a
 * goal within the quiet hours is dropped (stale by the morning), the final score waits for their
 * end (the push queue).
 */
export function createMatchPush(deps: {
  db: Db;
  jobs: JobQueue;
  push: FastifyInstance['push'];
  quietHours: QuietHours | null;
  delaySeconds: number;
  clock: Clock;
  log: FastifyBaseLogger;
}): MatchPush & { createQueues(): Promise<void>; work(): void } {
  const { boss } = deps.jobs;
  const log = deps.log.child({ queue: MATCH_LIVE_PUSH_QUEUE });
  const goalDelay = Math.min(GOAL_PUSH_DELAY_SECONDS, deps.delaySeconds);

  async function queue(tx: DbOrTx, job: LivePushJob, startAfter: number) {
    await boss.send(MATCH_LIVE_PUSH_QUEUE, job, { startAfter, db: transactionExecutor(tx) });
    if (startAfter === 0) deps.jobs.notify(MATCH_LIVE_PUSH_QUEUE);
  }

  async function send(job: PgBoss.JobWithMetadata<LivePushJob>) {
    const data = job.data;
    const { clubId, matchId } = data;
    const devices = await deps.db.transaction(async (tx) => {
      const timezone = await matchesRepository.clubTimezone(tx, clubId);
      const row = await matchesRepository.findById(
        tx,
        clubId,
        matchId,
        clubNow(timezone, deps.clock),
      );
      if (!row || row.cancelled) return 0;
      const { memberIds, clubNom } = await repo.families(tx, clubId, matchId);
      const to = memberIds.filter((id) => id !== data.actorId);
      if (!to.length) return 0;
      const url =
        clubNom && row.homeTeamNom
          ? `/${encodeURIComponent(clubNom)}/${encodeURIComponent(row.homeTeamNom)}/matche`
          : '/';
      const actions = await repo.actions(tx, clubId, matchId);
      if (data.kind === 'action') {
        const at = actions.findIndex((a) => a.id === data.actionId);
        const action = actions[at];
        if (!action) return 0; // undone meanwhile
        const now = deps.clock.now();
        if (afterQuietHours(now, timezone, deps.quietHours).getTime() > now.getTime()) return 0;
        // The score when it was scored: the actions up to it (in the order of the match).
        const { home, away, score } = sides(row, actions.slice(0, at + 1));
        return deps.push.notify(tx, {
          clubId,
          timezone,
          memberIds: to,
          kind: 'matchs',
          ttlSeconds: GOAL_PUSH_TTL_SECONDS,
          message: {
            titre: MATCH_PUSH_MESSAGES.goalTitle(
              MATCH_ACTION_LABELS[action.type],
              scoreLine(home ?? '', away ?? '', score),
            ),
            corps: MATCH_PUSH_MESSAGES.goalBody(action.prenom ?? '', minuteOrdinal(action.minute)),
            url,
          },
        });
      }
      // A score typed again since this job was queued has its own job.
      if (row.scoreDomicile !== data.domicile || row.scoreExterieur !== data.exterieur) return 0;
      const { home, away } = sides(row, actions);
      return deps.push.notify(tx, {
        clubId,
        timezone,
        memberIds: to,
        kind: 'matchs',
        message: {
          titre: MATCH_PUSH_MESSAGES.finalScoreTitle,
          corps: scoreLine(home ?? '', away ?? '', {
            domicile: data.domicile,
            exterieur: data.exterieur,
          }),
          url,
        },
      });
    });
    log.info({ matchId, kind: data.kind, devices }, 'match notifié');
  }

  return {
    async actionRecorded(tx, clubId, matchId, action, actorId) {
      if (!PUSHED_ACTIONS.includes(action.type)) return;
      await queue(tx, { kind: 'action', clubId, matchId, actionId: action.id, actorId }, goalDelay);
    },

    async finalScore(tx, clubId, matchId, score, actorId) {
      await queue(tx, { kind: 'score', clubId, matchId, actorId, ...score }, 0);
    },

    async createQueues() {
      const settings: PgBoss.Queue = {
        name: MATCH_LIVE_PUSH_QUEUE,
        retryLimit: 5,
        retryDelay: 30,
        retryBackoff: true,
      };
      if (await boss.getQueue(MATCH_LIVE_PUSH_QUEUE)) return;
      try {
        await boss.createQueue(MATCH_LIVE_PUSH_QUEUE, settings);
      } catch (err) {
        if (!(await boss.getQueue(MATCH_LIVE_PUSH_QUEUE))) throw err;
      }
    },

    work() {
      deps.jobs.work<LivePushJob>(MATCH_LIVE_PUSH_QUEUE, send, { timeoutMs: 60_000 });
    },
  };
}
