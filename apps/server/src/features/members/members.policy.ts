import {
  MEMBER_FIELD_MESSAGES,
  editableMemberFields,
  isLeader,
  type Role,
  type TMemberField,
} from '@club/contract';
import { HttpError, forbidden } from '../../lib/http-error.ts';

const forbiddenFields = (message: string, errors?: Record<string, string>) =>
  new HttpError(403, message, errors);

/**
 * The members part of ARCHITECTURE §6 (and spec §6 "Team members", "profile"), as one role × action
 * table. Every members route asks this module; nothing else decides who may do what.
 *
 * Scopes: 'club' any member of the actor's club · 'ownTeam' members of the actor's own team ·
 * 'self' the actor only · 'selfAndOwnPlayers' the actor and the players (JOUEUR) of their team ·
 * 'none'. Another club's rows are never reached: every query is filtered by the actor's club (404).
 */
export type Scope = 'club' | 'ownTeam' | 'ownTeamAndSelf' | 'self' | 'selfAndOwnPlayers' | 'none';
export type MemberAction =
  | 'listClubMembers'
  | 'searchClubMembers'
  | 'readTeamMembers'
  | 'readMember'
  | 'createMember'
  | 'updateMember'
  | 'deleteMember'
  | 'resendInvitation';

export const MEMBER_POLICY: Record<MemberAction, Record<Role, Scope>> = {
  listClubMembers: {
    DIRIGEANT: 'club',
    RESPONSABLE: 'club',
    ENTRAINEUR: 'none',
    JOUEUR: 'none',
    PARENT: 'none',
  },
  searchClubMembers: {
    DIRIGEANT: 'club',
    RESPONSABLE: 'club',
    ENTRAINEUR: 'none',
    JOUEUR: 'none',
    PARENT: 'none',
  },
  readTeamMembers: {
    DIRIGEANT: 'club',
    RESPONSABLE: 'club',
    ENTRAINEUR: 'ownTeam',
    JOUEUR: 'ownTeam',
    PARENT: 'ownTeam',
  },
  readMember: {
    DIRIGEANT: 'club',
    RESPONSABLE: 'club',
    ENTRAINEUR: 'ownTeamAndSelf',
    JOUEUR: 'ownTeamAndSelf',
    PARENT: 'ownTeamAndSelf',
  },
  createMember: {
    DIRIGEANT: 'club',
    RESPONSABLE: 'club',
    ENTRAINEUR: 'none',
    JOUEUR: 'none',
    PARENT: 'none',
  },
  /** Field by field: editableMemberFields (contract), shared with the screens. */
  updateMember: {
    DIRIGEANT: 'club',
    RESPONSABLE: 'club',
    ENTRAINEUR: 'selfAndOwnPlayers',
    JOUEUR: 'self',
    PARENT: 'self',
  },
  deleteMember: {
    DIRIGEANT: 'club',
    RESPONSABLE: 'club',
    ENTRAINEUR: 'none',
    JOUEUR: 'none',
    PARENT: 'none',
  },
  resendInvitation: {
    DIRIGEANT: 'club',
    RESPONSABLE: 'club',
    ENTRAINEUR: 'none',
    JOUEUR: 'none',
    PARENT: 'none',
  },
};

export interface Actor {
  id: number;
  clubId: number;
  teamId: number | null;
  role: Role;
}
export interface TargetMember {
  id: number;
  teamId: number | null;
  role: string;
}

function inScope(
  scope: Scope,
  actor: Actor,
  target?: { memberId?: number; teamId?: number | null },
) {
  switch (scope) {
    case 'club':
      return true;
    case 'none':
      return false;
    case 'self':
      return target?.memberId === actor.id;
    case 'ownTeam':
      return actor.teamId != null && target?.teamId === actor.teamId;
    case 'ownTeamAndSelf':
      return (
        target?.memberId === actor.id || (actor.teamId != null && target?.teamId === actor.teamId)
      );
    case 'selfAndOwnPlayers':
      return (
        target?.memberId === actor.id || (actor.teamId != null && target?.teamId === actor.teamId)
      );
  }
}

/** True when the table lets `actor` do `action` on the target (a member or a team id). */
export function can(
  actor: Actor,
  action: MemberAction,
  target?: { memberId?: number; teamId?: number | null },
): boolean {
  return inScope(MEMBER_POLICY[action][actor.role], actor, target);
}

/** Throws 403 unless the table allows the action. */
export function assertCan(
  actor: Actor,
  action: MemberAction,
  target?: { memberId?: number; teamId?: number | null },
): void {
  if (!can(actor, action, target)) throw forbidden();
}

const LEADER_ROLES = new Set<string>(['DIRIGEANT', 'RESPONSABLE']);

/**
 * Checks an update: every field whose value changes must be editable by the actor (403 naming the
 * fields otherwise — never silently dropped; a forbidden field sent with its current value is
 * accepted as unchanged). Role changes follow the leader rules.
 */
export function assertMayChange(
  actor: Actor,
  target: TargetMember,
  changed: readonly TMemberField[],
  newRole?: Role,
): void {
  const allowed = editableMemberFields(actor, target);
  if (!can(actor, 'updateMember', { memberId: target.id, teamId: target.teamId }) && changed.length)
    throw forbidden();
  const refused = changed.filter((f) => !allowed.has(f));
  if (refused.length) {
    if (refused.includes('role') && actor.id === target.id)
      throw forbidden(MEMBER_FIELD_MESSAGES.ownRoleForbidden);
    if (allowed.size === 0 && isLeader(actor.role))
      throw forbidden(MEMBER_FIELD_MESSAGES.leaderProtected);
    throw forbiddenFields(
      MEMBER_FIELD_MESSAGES.fieldForbidden,
      Object.fromEntries(refused.map((f) => [f, MEMBER_FIELD_MESSAGES.fieldForbidden])),
    );
  }
  if (changed.includes('role') && newRole) assertMayGrant(actor, newRole, target.role);
}

/** Only a DIRIGEANT gives or takes away the DIRIGEANT or RESPONSABLE role. */
export function assertMayGrant(actor: Actor, newRole: Role, oldRole?: string): void {
  const touchesLeader =
    LEADER_ROLES.has(newRole) || (oldRole !== undefined && LEADER_ROLES.has(oldRole.toUpperCase()));
  if (touchesLeader && actor.role !== 'DIRIGEANT')
    throw forbiddenFields(MEMBER_FIELD_MESSAGES.roleForbidden, {
      role: MEMBER_FIELD_MESSAGES.roleForbidden,
    });
}

/** Deleting: leaders only; a DIRIGEANT or RESPONSABLE is removed only by a DIRIGEANT. */
export function assertMayDelete(actor: Actor, target: TargetMember): void {
  assertCan(actor, 'deleteMember', { memberId: target.id, teamId: target.teamId });
  if (LEADER_ROLES.has(target.role.toUpperCase()) && actor.role !== 'DIRIGEANT')
    throw forbidden(MEMBER_FIELD_MESSAGES.leaderProtected);
}
