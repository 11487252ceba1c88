import {
  CONVOCATION_PERMISSIONS,
  MATCH_PERMISSIONS,
  isStaffFor,
  type PermissionSubject,
} from '@club/contract';
import { policy } from '../../authz/index.ts';
import type { MatchRow } from './matches.repository.ts';

/**
 * The matches part of docs/architecture.md §7: the tables (MATCH_PERMISSIONS,
 * CONVOCATION_PERMISSIONS, in the contract so that the page reads them too) and the value rules
 * beside them (the score only while EN_COURS or TERMINE: `canEditScore`; a player answers only when
 * ACTIF). Nothing else decides who may do what with a match.
 */
export const matchesPolicy = policy(MATCH_PERMISSIONS);
export const convocationsPolicy = policy(CONVOCATION_PERMISSIONS);

/** The tables' target for a match: its teams of the club. */
export const teamsOf = (m: Pick<MatchRow, 'homeTeamId' | 'awayTeamId'>) => ({
  teamIds: [m.homeTeamId, m.awayTeamId].filter((id): id is number => id !== null),
});

/** A row's target: the convoked player and the match's teams. */
export const rowTarget = (m: Pick<MatchRow, 'homeTeamId' | 'awayTeamId'>, memberId: number) => ({
  memberId,
  ...teamsOf(m),
});

/**
 * Whether the actor answers the match's rows as the team's staff (leaders, a coach of one of its
 * teams): then the player's status does not matter. Otherwise (the player themself, a guardian)
 * the player must be ACTIF.
 */
export function answersAsStaff(
  actor: PermissionSubject,
  m: Pick<MatchRow, 'homeTeamId' | 'awayTeamId'>,
): boolean {
  return isStaffFor(actor, teamsOf(m).teamIds);
}
