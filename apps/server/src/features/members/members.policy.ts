import {
  MEMBER_FIELD_MESSAGES,
  MEMBER_PERMISSIONS,
  editableMemberFields,
  isLeader,
  normalizeRole,
  type PermissionSubject,
  type Role,
  type TMemberField,
} from '@club/contract';
import { policy } from '../../authz/index.ts';
import { HttpError, forbidden } from '../../lib/http-error.ts';

/**
 * The members part of docs/architecture.md §7: the role × action table (MEMBER_PERMISSIONS, in the
 * contract so that the screens read it too), the field rule (editableMemberFields, contract) and
 * the value rules below (who grants a leader role, who deletes a leader). Nothing else decides who
 * may do what.
 */
export const membersPolicy = policy(MEMBER_PERMISSIONS);

export interface TargetMember {
  id: number;
  teamIds: readonly number[];
  role: string;
}

/** The table's target for a member: itself and its teams. */
export const memberTarget = (m: TargetMember) => ({ memberId: m.id, teamIds: m.teamIds });

const forbiddenFields = (message: string, errors?: Record<string, string>) =>
  new HttpError(403, message, errors);

/**
 * Checks an update: every field whose value changes must be editable by the actor (403 naming the
 * fields otherwise — never silently dropped; a forbidden field sent with its current value is
 * accepted as unchanged). Role changes follow the leader rules.
 */
export function assertMayChange(
  actor: PermissionSubject & { role: Role },
  target: TargetMember,
  changed: readonly TMemberField[],
  newRole?: Role,
): void {
  const allowed = editableMemberFields(actor, target);
  if (!membersPolicy.can(actor, 'update', memberTarget(target)) && changed.length)
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
export function assertMayGrant(actor: { role: Role }, newRole: Role, oldRole?: string): void {
  const touchesLeader = isLeader(newRole) || (oldRole !== undefined && isLeader(oldRole));
  if (touchesLeader && actor.role !== 'DIRIGEANT')
    throw forbiddenFields(MEMBER_FIELD_MESSAGES.roleForbidden, {
      role: MEMBER_FIELD_MESSAGES.roleForbidden,
    });
}

/** Deleting: leaders only; a DIRIGEANT or RESPONSABLE is removed only by a DIRIGEANT. */
export function assertMayDelete(actor: PermissionSubject & { role: Role }, target: TargetMember) {
  membersPolicy.assert(actor, 'delete', memberTarget(target));
  if (isLeader(normalizeRole(target.role)) && actor.role !== 'DIRIGEANT')
    throw forbidden(MEMBER_FIELD_MESSAGES.leaderProtected);
}
