import {
  LOGIN_MESSAGES,
  isLeader,
  isTeamRole,
  normalizeRole,
  type TCurrentMember,
} from '@club/contract';
import { clubPath, teamPath } from '../../lib/session.ts';

/** Where a member lands after login (spec §2), or the spec §6 message explaining why not. */
export function homeFor(
  // Any role text: an unknown one gets the spec's message.
  member: Pick<TCurrentMember, 'nomClub' | 'nomEquipe'> & { role: string },
): { path: string } | { error: string } {
  const role = normalizeRole(member.role);
  if (!role) return { error: LOGIN_MESSAGES.unknownRole };
  if (isLeader(role)) {
    return member.nomClub
      ? { path: clubPath(member.nomClub, 'dashboard') }
      : { error: LOGIN_MESSAGES.redirectError };
  }
  if (isTeamRole(role) && member.nomClub && member.nomEquipe) {
    return { path: teamPath(member.nomClub, member.nomEquipe, 'dashboard') };
  }
  return { error: LOGIN_MESSAGES.redirectError };
}
