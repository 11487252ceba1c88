import {
  ROLES,
  TEAM_ROLES,
  normalizeClubRole,
  normalizeRole,
  type Role,
  type TeamRole,
} from './enums.ts';

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
 *
 * Hats (docs/architecture.md §7): a person holds a club role (DIRIGEANT, RESPONSABLE or none), a
 * role in each of their teams (ENTRAINEUR, JOUEUR, or PARENT for a family member following the
 * team) and the guardianship of their children. What they may do is the union of their hats: each
 * hat is the table's row of its role with the teams of that role — "coach of T" is an ENTRAINEUR
 * membership in T, "player of T" a JOUEUR membership in T, "parent in T" a PARENT membership in T or
 * a child with a membership in T, leaders the club role (every team). A subject without `teamRoles`
 * is one hat: its `role` over all its `teamIds` (the spec's single role).
 */
export type ScopeAtom =
  'self' | 'sharedTeam' | 'ownTeams' | 'clubWide' | 'children' | 'childrensTeams';
export type Scope = 'club' | 'none' | readonly ScopeAtom[];
export type PermissionRow = Readonly<Record<Role, Scope>>;
export type PermissionTable<A extends string = string> = Readonly<Record<A, PermissionRow>>;

/** One membership and its hat; null: attached to the team without a team role (a leader's team). */
export interface TTeamHat {
  id: number;
  role: TeamRole | null;
}

/** The actor as the tables see it: the same on both sides. */
export interface PermissionSubject {
  id: number;
  /** The principal hat (the spec's role: DIRIGEANT > RESPONSABLE > ENTRAINEUR > JOUEUR > PARENT). */
  role: string;
  /** Every team of the actor (primary first). */
  teamIds: readonly number[];
  /** Members the actor is a guardian of. */
  childIds?: readonly number[];
  /** Teams of those children. */
  childTeamIds?: readonly number[];
  /** The club role (hats); absent with `teamRoles`: none. */
  roleClub?: string | null;
  /** The role in each team (hats). Absent: `role` applies to every team of `teamIds`. */
  teamRoles?: readonly TTeamHat[];
}

/** One hat: the role whose row applies, and the subject with the teams of that hat. */
export interface Hat {
  role: Role;
  subject: PermissionSubject;
}

/**
 * The subject's hats (see the header): the club role over every team, then one hat per team role
 * with the teams of that role (PARENT also when the subject is only a guardian), and when none of
 * these exists the principal role alone, with no team (a member without team: self only).
 */
export function hatsOf(subject: PermissionSubject): readonly Hat[] {
  const hats: Hat[] = [];
  if (!subject.teamRoles) {
    const role = normalizeRole(subject.role);
    if (role) hats.push({ role, subject });
  } else {
    const club = normalizeClubRole(subject.roleClub);
    if (club) hats.push({ role: club, subject });
    for (const role of TEAM_ROLES) {
      const teamIds = subject.teamRoles.filter((t) => t.role === role).map((t) => t.id);
      const guardian = role === 'PARENT' && !!subject.childIds?.length;
      if (teamIds.length || guardian) hats.push({ role, subject: { ...subject, teamIds } });
    }
    if (!hats.length) {
      const role = normalizeRole(subject.role);
      if (role) hats.push({ role, subject: { ...subject, teamIds: [] } });
    }
  }
  return hats;
}

/** The teams where the subject holds that team role (for a subject without hats: its role's). */
export function teamsWithRole(subject: PermissionSubject, role: TeamRole): readonly number[] {
  return hatsOf(subject).find((h) => h.role === role)?.subject.teamIds ?? [];
}

/**
 * True when the subject acts as staff for these teams: a leader, or a coach of one of them (a
 * coach of U11 answering his own convocation with the veterans answers as a player).
 */
export function isStaffFor(subject: PermissionSubject, teamIds: readonly number[]): boolean {
  if (holdsClubRole(subject)) return true;
  const coached = teamsWithRole(subject, 'ENTRAINEUR');
  return teamIds.some((t) => coached.includes(t));
}

/** True when the subject holds a club role (DIRIGEANT or RESPONSABLE). */
export function holdsClubRole(subject: Pick<PermissionSubject, 'role' | 'roleClub' | 'teamRoles'>) {
  return normalizeClubRole(subject.teamRoles ? subject.roleClub : subject.role) !== null;
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

/** True when the table lets one of the subject's hats do `action` on `target`. */
export function permits<A extends string>(
  table: PermissionTable<A>,
  subject: PermissionSubject,
  action: A,
  target?: PermissionTarget,
): boolean {
  return hatsOf(subject).some((h) => scopeAllows(table[action][h.role], h.subject, target));
}

/** True when one of the hats may do the action on at least some target (to show a control at all). */
export function mayEver<A extends string>(
  table: PermissionTable<A>,
  subject: PermissionSubject,
  action: A,
): boolean {
  return hatsOf(subject).some((h) => table[action][h.role] !== 'none');
}

/**
 * A superset of the targets a read reaches, for a list's SQL: undefined = the whole club; else
 * the targets of these teams, plus those of no team when `withoutTeam`. The union of the hats'
 * scopes; each row is still checked with `permits`.
 */
export function readableTeams<A extends string>(
  table: PermissionTable<A>,
  subject: PermissionSubject,
  action: A,
): { teamIds: number[]; withoutTeam: boolean } | undefined {
  const teamIds = new Set<number>();
  let withoutTeam = false;
  for (const h of hatsOf(subject)) {
    const scope = table[action][h.role];
    if (scope === 'club') return undefined;
    if (scope === 'none') continue;
    for (const atom of scope) {
      if (atom === 'sharedTeam' || atom === 'ownTeams')
        h.subject.teamIds.forEach((t) => teamIds.add(t));
      if (atom === 'childrensTeams') h.subject.childTeamIds?.forEach((t) => teamIds.add(t));
      if (atom === 'clubWide') withoutTeam = true;
    }
  }
  return { teamIds: [...teamIds], withoutTeam };
}
