import { sql } from 'drizzle-orm';
import {
  type TLiveAudience,
  type TLiveEventData,
  type TLiveEventType,
  type TLiveMatchChange,
} from '@club/contract';
import type { DbOrTx } from '../../db/client.ts';

/** An event of the live stream, as a feature publishes it (packages/contract/src/live.ts). */
export type LiveEventInput = {
  [T in TLiveEventType]: {
    clubId: number;
    type: T;
    audience: TLiveAudience;
    data: TLiveEventData[T];
  };
}[TLiveEventType];

/**
 * Key of the advisory lock that orders a club's events (docs/decisions/0120-live-stream.md): the
 * first half of pg_advisory_xact_lock(int, int), the club's id being the second.
 */
const LIVE_LOCK_KEY = 727_276;

/**
 * Publishes an event in the caller's transaction (the request's `request.db`, or a job's): it
 * exists, and every instance's streams hear of it, if and only if that transaction commits. The
 * club's advisory lock is taken before the event's id is drawn and held until the commit, so that
 * within a club ids are committed in increasing order — what lets a stream resume from its
 * Last-Event-ID without missing an event. Call it last in the transaction: the club's other
 * publishers wait for the commit.
 */
export async function publishLive(db: DbOrTx, event: LiveEventInput): Promise<void> {
  await db.execute(sql`
    insert into live_events (club_id, type, audience, data)
    select ${event.clubId}, ${event.type}, ${JSON.stringify(event.audience)}::jsonb,
      ${JSON.stringify(event.data)}::jsonb
    from (select pg_advisory_xact_lock(${LIVE_LOCK_KEY}, ${event.clubId})) as club_lock`);
}

/** A match as the match events name it: its ids and its teams of the club (the rules' target). */
export interface LiveMatch {
  id: number;
  eventId: number;
  teamIds: readonly number[];
}

/**
 * `match` event: the match changed (score, cancellation, published selection, a live action…),
 * for the readers of GET /api/matches/{id}. One call from the feature that changed it.
 */
export function publishMatchChange(
  db: DbOrTx,
  clubId: number,
  match: LiveMatch,
  changement: TLiveMatchChange,
): Promise<void> {
  return publishLive(db, {
    clubId,
    type: 'match',
    audience: { regle: 'matches.read', cible: { teamIds: [...match.teamIds] } },
    data: { matchId: match.id, evenementId: match.eventId, changement },
  });
}

/**
 * `convocation` event: answers (or the reply deadline) of the match's convocations changed, for
 * the readers of GET /api/matches/{id}/convocations — the coach's list updates as answers arrive.
 */
export function publishConvocationChange(
  db: DbOrTx,
  clubId: number,
  match: LiveMatch,
): Promise<void> {
  return publishLive(db, {
    clubId,
    type: 'convocation',
    audience: { regle: 'convocations.read', cible: { teamIds: [...match.teamIds] } },
    data: { matchId: match.id, evenementId: match.eventId },
  });
}
