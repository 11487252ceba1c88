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

/**
 * The page to open after login when the member came from a deep link (the guard passes it in the
 * router state; `?redirect=` is read too): a path of this site only — never another origin
 * (`//host`, `https:`, `\\host`, `javascript:`), never the login page itself. null otherwise.
 * The guard still decides what the member may open there.
 */
export function safeRedirect(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length > 2_000) return null;
  // eslint-disable-next-line no-control-regex
  if (!raw.startsWith('/') || raw.startsWith('//') || /[\\\u0000-\u001f]/.test(raw)) return null;
  const base = 'https://club.invalid';
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  if (url.pathname === '/connexion' || url.pathname === '/') return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
