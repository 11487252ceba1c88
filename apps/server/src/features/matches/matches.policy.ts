import {
  CONVOCATION_PERMISSIONS,
  MATCH_PERMISSIONS,
  MATCH_SHEET_PERMISSIONS,
  isStaffFor,
  type PermissionSubject,
} from '@club/contract';
import { policy } from '../../authz/index.ts';
import type { MatchRow } from './matches.repository.ts';

/**
 * The matches part of docs/architecture.md §7: the tables (MATCH_PERMISSIONS,
 * CONVOCATION_PERMISSIONS, in the contract so that the page reads them too) and the value rules
 * beside them (the score only while EN_COURS or TERMINE: `canEditScore`; a player answers only when
 * ACTIF). Nothing else decides who may do what with a match. The route applies each action for
 * the roles that may never do it (docs/decisions/0142-the-route-applies-the-declared-permission.md);
 * which match — one of the actor's teams, or their children's — is checked by the functions
 * below, by name (docs/decisions/0144-ownership-checks-in-one-place-per-feature.md).
 */
export const matchesPolicy = policy(MATCH_PERMISSIONS);
export const convocationsPolicy = policy(CONVOCATION_PERMISSIONS);
/** docs/architecture.md §7 and docs/decisions/0125-match-sheet-and-live-actions.md (MATCH_SHEET_PERMISSIONS). */
export const sheetPolicy = policy(MATCH_SHEET_PERMISSIONS);

type MatchTeams = Pick<MatchRow, 'homeTeamId' | 'awayTeamId'>;

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

/** 403 unless the team is one of the actor's or their children's (leaders: any team). */
export function assertMayReadOwnTeamMatches(actor: PermissionSubject, teamId: number): void {
  matchesPolicy.assert(actor, 'read', { teamIds: [teamId] });
}

/** 403 unless the match is one of the actor's teams' or their children's (leaders: any). */
export function assertMayReadOwnTeamsMatch(actor: PermissionSubject, m: MatchTeams): void {
  matchesPolicy.assert(actor, 'read', teamsOf(m));
}

/** 403 unless the actor reads the match and coaches one of its teams (leaders: any). */
export function assertMayEditOwnTeamsMatchScore(actor: PermissionSubject, m: MatchTeams): void {
  assertMayReadOwnTeamsMatch(actor, m);
  matchesPolicy.assert(actor, 'editScore', teamsOf(m));
}

/** 403 unless the actor reads the match and coaches one of its teams (leaders: any). */
export function assertMayCancelOwnTeamsMatch(actor: PermissionSubject, m: MatchTeams): void {
  assertMayReadOwnTeamsMatch(actor, m);
  matchesPolicy.assert(actor, 'cancel', teamsOf(m));
}

/** 403 unless the match's convocations are one of the actor's teams' or their children's. */
export function assertMayReadOwnTeamsConvocations(actor: PermissionSubject, m: MatchTeams): void {
  convocationsPolicy.assert(actor, 'read', teamsOf(m));
}

/** 403 unless the actor reads the convocations and coaches one of the match's teams. */
export function assertMaySelectForOwnTeamsMatch(actor: PermissionSubject, m: MatchTeams): void {
  assertMayReadOwnTeamsConvocations(actor, m);
  convocationsPolicy.assert(actor, 'select', teamsOf(m));
}

/** 403 unless the actor coaches one of the match's teams (leaders: any): the reply deadline. */
export function assertMaySetOwnTeamsReplyDeadline(actor: PermissionSubject, m: MatchTeams): void {
  convocationsPolicy.assert(actor, 'setDeadline', teamsOf(m));
}

/** 403 unless the match sheet is one of the actor's teams' or their children's (leaders: any). */
export function assertMayReadOwnTeamsSheet(actor: PermissionSubject, m: MatchTeams): void {
  sheetPolicy.assert(actor, 'read', teamsOf(m));
}

/** 403 unless the actor coaches one of the match's teams (leaders: any): the sheet, the actions. */
export function assertMayWriteOwnTeamsSheet(actor: PermissionSubject, m: MatchTeams): void {
  sheetPolicy.assert(actor, 'write', teamsOf(m));
}

/** 403 unless the actor coaches one of the match's teams (leaders: any): the public link. */
export function assertMayShareOwnTeamsSheet(actor: PermissionSubject, m: MatchTeams): void {
  sheetPolicy.assert(actor, 'share', teamsOf(m));
}
