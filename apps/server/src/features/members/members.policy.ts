import {
  MEMBER_FIELD_MESSAGES,
  MEMBER_PERMISSIONS,
  editableMemberFields,
  holdsClubRole,
  isLeader,
  isMinor,
  normalizeRole,
  type ClubRole,
  type PermissionSubject,
  type Role,
  type TMemberField,
  type TTeamHat,
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
  /** Hats: the club role and the role held in each team. */
  roleClub?: string | null;
  teamRoles?: readonly TTeamHat[];
  /** A minor by the birth date the club holds (no birth date: a minor). */
  minor?: boolean;
}

/** The table's target for a member: itself and its teams. */
export const memberTarget = (m: TargetMember) => ({ memberId: m.id, teamIds: m.teamIds });

/**
 * 403 unless the actor reaches this member: self, a team mate, their child or a member of their
 * child's team (leaders: anyone of the club).
 */
export function assertMayReadOwnTeamsMember(actor: PermissionSubject, target: TargetMember): void {
  membersPolicy.assert(actor, 'read', memberTarget(target));
}

/** 403 unless the team's members page is one of the actor's teams or a child's (leaders: any). */
export function assertMayReadOwnTeamsMembers(actor: PermissionSubject, teamId: number): void {
  membersPolicy.assert(actor, 'readTeam', { teamIds: [teamId] });
}

/**
 * A new member on an import row: the route applied `import`, not `create`, so the row's own rule
 * is checked here (its answer goes to the report's line), then who grants a leader role.
 */
export function assertMayCreateFromImportRow(
  actor: PermissionSubject & { role: Role },
  roleClub: ClubRole | null,
): void {
  membersPolicy.assert(actor, 'create');
  assertMayGrant(actor, null, roleClub);
}

const forbiddenFields = (message: string, errors?: Record<string, string>) =>
  new HttpError(403, message, errors);

/**
 * Checks an update: every field whose value changes must be editable by the actor (403 naming the
 * fields otherwise — never silently dropped; a forbidden field sent with its current value is
 * accepted as unchanged). A change of club role follows the leader rules.
 */
export function assertMayChange(
  actor: PermissionSubject & { role: Role },
  target: TargetMember,
  changed: readonly TMemberField[],
  clubRole?: { from: ClubRole | null; to: ClubRole | null; field: 'role' | 'roleClub' },
): void {
  const allowed = editableMemberFields(actor, target);
  if (!membersPolicy.can(actor, 'update', memberTarget(target)) && changed.length)
    throw forbidden();
  const refused = changed.filter((f) => !allowed.has(f));
  if (refused.length) {
    if ((refused.includes('role') || refused.includes('roleClub')) && actor.id === target.id)
      throw forbidden(MEMBER_FIELD_MESSAGES.ownRoleForbidden);
    if (allowed.size === 0 && isLeader(actor.role))
      throw forbidden(MEMBER_FIELD_MESSAGES.leaderProtected);
    throw forbiddenFields(
      MEMBER_FIELD_MESSAGES.fieldForbidden,
      Object.fromEntries(refused.map((f) => [f, MEMBER_FIELD_MESSAGES.fieldForbidden])),
    );
  }
  if (clubRole) assertMayGrant(actor, clubRole.from, clubRole.to, clubRole.field);
}

/**
 * Whether a member is a minor decides what other families see of them (privacy.ts): it is not
 * theirs to change (docs/decisions/0103-rules-found-by-probing.md). A
 * member without a club role changes their own birth date only while the club holds them as an
 * adult, and only to another adult's date; leaders change any birth date. Checked before
 * assertMayChange, whose field rule (editableMemberFields) leaves a minor's own birth date out, so
 * that the answer says why.
 */
export function assertMayChangeOwnBirthDate(
  actor: PermissionSubject,
  target: TargetMember & { minor: boolean },
  next: string | null,
  today: string,
): void {
  if (actor.id !== target.id || holdsClubRole(actor)) return;
  const message = target.minor
    ? MEMBER_FIELD_MESSAGES.ownBirthDateMinor
    : isMinor(next, today)
      ? MEMBER_FIELD_MESSAGES.ownBirthDateToMinor
      : null;
  if (message) throw forbiddenFields(message, { dateDeNaissance: message });
}

/** Only a DIRIGEANT gives or takes away the DIRIGEANT or RESPONSABLE club role. */
export function assertMayGrant(
  actor: { role: Role },
  from: ClubRole | null,
  to: ClubRole | null,
  field: 'role' | 'roleClub' = 'role',
): void {
  if (from === to) return;
  if (actor.role !== 'DIRIGEANT')
    throw forbiddenFields(MEMBER_FIELD_MESSAGES.roleForbidden, {
      [field]: MEMBER_FIELD_MESSAGES.roleForbidden,
    });
}

/** Deleting: leaders only; a DIRIGEANT or RESPONSABLE is removed only by a DIRIGEANT. */
export function assertMayDelete(actor: PermissionSubject & { role: Role }, target: TargetMember) {
  membersPolicy.assert(actor, 'delete', memberTarget(target));
  if (isLeader(normalizeRole(target.role)) && actor.role !== 'DIRIGEANT')
    throw forbidden(MEMBER_FIELD_MESSAGES.leaderProtected);
}
