import { ROLES, normalizeRole, type Role } from './enums.ts';

/**
 * Who may do what (spec §6, docs/architecture.md §7), declared once as one role × action table per
 * feature. The server enforces the tables (apps/server/src/authz) and its authorization suite walks them;
 * the screens read the same tables to show or hide a control. Tenant isolation is not a scope:
 * another club's ids never reach a table (the server answers 404 before asking).
 *
 * A cell is 'club' (anything of the actor's club), 'none', or a list of target scopes any of which
 * lets the action through:
 * - self            the target is the actor
 * - sharedTeam      the target shares at least one team with the actor
 * - ownTeams        every team of the target is one of the actor's (and it has at least one)
 * - clubWide        the target concerns no team in particular (an event for every team)
 * - children        the target is one of the actor's children (guardians)
 * - childrensTeams  the target shares a team with one of the actor's children
 */
export type ScopeAtom =
  'self' | 'sharedTeam' | 'ownTeams' | 'clubWide' | 'children' | 'childrensTeams';
export type Scope = 'club' | 'none' | readonly ScopeAtom[];
export type PermissionRow = Readonly<Record<Role, Scope>>;
export type PermissionTable<A extends string = string> = Readonly<Record<A, PermissionRow>>;

/** The actor as the tables see it: the same on both sides. */
export interface PermissionSubject {
  id: number;
  role: string;
  /** Every team of the actor (primary first). */
  teamIds: readonly number[];
  /** Members the actor is a guardian of. */
  childIds?: readonly number[];
  /** Teams of those children. */
  childTeamIds?: readonly number[];
}

/** What an action applies to; omitted parts are unknown (a scope needing them refuses). */
export interface PermissionTarget {
  memberId?: number;
  /** The target's teams: a member's teams, an event's teams ([] = every team), a team itself. */
  teamIds?: readonly number[];
}

/** Identity helper that keeps the action names as a type. */
export function definePermissions<A extends string>(table: PermissionTable<A>): PermissionTable<A> {
  return table;
}

/** A row: the same scope for every role. */
export function row(scope: Scope): PermissionRow {
  return Object.fromEntries(ROLES.map((r) => [r, scope])) as PermissionRow;
}
/** A row: leaders (DIRIGEANT, RESPONSABLE) get `leaders`, team roles get `team` (default none). */
export function leadersRow(leaders: Scope = 'club', team: Scope = 'none'): PermissionRow {
  return {
    DIRIGEANT: leaders,
    RESPONSABLE: leaders,
    ENTRAINEUR: team,
    JOUEUR: team,
    PARENT: team,
  };
}
/** A row: the DIRIGEANT only. */
export const dirigeantOnlyRow: PermissionRow = {
  DIRIGEANT: 'club',
  RESPONSABLE: 'none',
  ENTRAINEUR: 'none',
  JOUEUR: 'none',
  PARENT: 'none',
};

const intersects = (a: readonly number[], b: readonly number[] | undefined) =>
  !!b && a.some((x) => b.includes(x));

function atomAllows(
  atom: ScopeAtom,
  subject: PermissionSubject,
  target: PermissionTarget | undefined,
): boolean {
  const teams = target?.teamIds;
  switch (atom) {
    case 'self':
      return target?.memberId !== undefined && target.memberId === subject.id;
    case 'sharedTeam':
      return !!teams && intersects(teams, subject.teamIds);
    case 'ownTeams':
      return !!teams && teams.length > 0 && teams.every((t) => subject.teamIds.includes(t));
    case 'clubWide':
      return !!teams && teams.length === 0;
    case 'children':
      return target?.memberId !== undefined && !!subject.childIds?.includes(target.memberId);
    case 'childrensTeams':
      return !!teams && intersects(teams, subject.childTeamIds);
  }
}

/** True when `scope` lets `subject` act on `target`. */
export function scopeAllows(
  scope: Scope,
  subject: PermissionSubject,
  target?: PermissionTarget,
): boolean {
  if (scope === 'club') return true;
  if (scope === 'none') return false;
  return scope.some((atom) => atomAllows(atom, subject, target));
}

/** The scope a table gives the subject's role for an action ('none' for an unknown role). */
export function scopeFor<A extends string>(
  table: PermissionTable<A>,
  subject: Pick<PermissionSubject, 'role'>,
  action: A,
): Scope {
  const role = normalizeRole(subject.role);
  return role ? table[action][role] : 'none';
}

/** True when the table lets the subject do `action` on `target`. */
export function permits<A extends string>(
  table: PermissionTable<A>,
  subject: PermissionSubject,
  action: A,
  target?: PermissionTarget,
): boolean {
  return scopeAllows(scopeFor(table, subject, action), subject, target);
}

/** True when the role may do the action on at least some target (to show a control at all). */
export function mayEver<A extends string>(
  table: PermissionTable<A>,
  subject: Pick<PermissionSubject, 'role'>,
  action: A,
): boolean {
  return scopeFor(table, subject, action) !== 'none';
}
