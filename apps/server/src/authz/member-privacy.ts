import {
  hiddenMemberFields,
  type MemberPrivacySubject,
  type PermissionSubject,
} from '@club/contract';
import type { DbOrTx } from '../db/client.ts';
import { clubTimeZone } from '../db/club-settings.ts';
import { clubToday } from '../lib/club-time.ts';

/**
 * THE projection of members on the server (privacy by design, docs/privacy.md): every answer that
 * carries a member passes each member through `projectMember`, which leaves out the fields the
 * reader may not see according to the contract's rule (packages/contract/src/privacy.ts). Nothing
 * else decides which member field reaches whom; `test/security/member-privacy.test.ts` walks the registered
 * routes' response schemas so that a route answering members without this projection fails.
 */

/** Who reads, and the club's today (a minor is under 18 on the club's calendar). */
export interface MemberReader {
  readonly subject: Pick<PermissionSubject, 'id' | 'role' | 'teamIds' | 'childIds'>;
  readonly today: string;
}

/** The reader of one answer: the club's today is read once. */
export async function memberReader(
  db: DbOrTx,
  actor: Pick<PermissionSubject, 'id' | 'role' | 'teamIds' | 'childIds'> & { clubId: number },
  now: Date = new Date(),
): Promise<MemberReader> {
  return { subject: actor, today: clubToday(await clubTimeZone(db, actor.clubId), now) };
}

/**
 * `answer` without the fields the reader may not see of `member` (absent from the JSON: the
 * response schemas declare them optional). Fields the answer does not carry are ignored, so the
 * same call serves a full member, a dashboard card or a convocation row's `joueur`.
 */
export function projectMember<T extends object>(
  reader: MemberReader,
  member: MemberPrivacySubject,
  answer: T,
): T {
  const hidden = hiddenMemberFields(reader.subject, member, reader.today);
  if (hidden.size === 0) return answer;
  const out = { ...answer } as Record<string, unknown>;
  for (const field of hidden) delete out[field];
  return out as T;
}

/** A reader with no relation to anyone: the strictest row of the rule. */
const ANY_READER: MemberReader = { subject: { id: 0, role: '', teamIds: [] }, today: '' };

/**
 * A member named inside another answer (a convocation row, an attendance row): whoever reads it,
 * it carries the identity fields only, as the strictest row of the rule leaves them (an unknown
 * birth date counts as a minor's, so nothing private passes).
 */
export function memberRef<T extends { id: number }>(ref: T): T {
  return projectMember(
    ANY_READER,
    { id: ref.id, role: '', teamIds: [], dateDeNaissance: null, partageCoordonnees: false },
    ref,
  );
}
