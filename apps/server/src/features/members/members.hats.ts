import {
  hatsFromRole,
  normalizeClubRole,
  normalizeRole,
  normalizeTeamRole,
  type ClubRole,
  type Role,
  type TTeamHat,
  type TeamRole,
  type TMemberField,
} from '@club/contract';

/**
 * What a member write asks of the hats (docs/architecture.md §7), resolved against the member's
 * current hats. The rules, in order:
 * 1. `equipes` sets the teams and the role held in each, exactly;
 * 2. `roleClub` sets the club role;
 * 3. the spec's `role`, when the body carries neither `equipes` nor `roleClub` and it differs from
 *    the current principal hat (always on a create), is the single role of spec §3: a leader role
 *    is the club role (the teams stay attached without a team role), a team role is held in every
 *    team and ends the club role;
 * 4. teams named by `equipesIds`, `idEquipe` or `nomEquipe` keep the role they have; a new one
 *    takes the team role of `role`, else the member's principal team role, else none;
 * 5. without a club role no team stays without a role: such a team takes the team role of
 *    `role`, else JOUEUR (a leader who steps down stays in their teams as a player).
 */
export interface CurrentHats {
  role: string | null;
  roleClub: ClubRole | null;
  teams: readonly TTeamHat[];
}

export interface HatsInput {
  role?: Role;
  roleClub?: ClubRole | null;
  /** A null role: attached without a team role (a leader's team). */
  equipes?: readonly { id: number; role: TeamRole | null }[];
}

export interface ResolvedHats {
  roleClub: ClubRole | null;
  teams: TTeamHat[];
  /** The fields whose change this is, for the edit rules and the audit. */
  changed: TMemberField[];
  /** The body field that names the club role (for a refusal's field error). */
  clubRoleField: 'role' | 'roleClub';
}

const sameTeams = (a: readonly TTeamHat[], b: readonly TTeamHat[]) =>
  a.length === b.length && a.every((t, i) => t.id === b[i]!.id && t.role === b[i]!.role);

export function resolveHats(
  current: CurrentHats,
  input: HatsInput,
  /** The teams the body names without roles (rule 4), or undefined when it does not touch them. */
  teamIds: readonly number[] | undefined,
): ResolvedHats {
  const changed: TMemberField[] = [];
  const hatsInBody = input.roleClub !== undefined || input.equipes !== undefined;
  let roleClub = current.roleClub;
  let teams: TTeamHat[] = [...current.teams];
  if (input.equipes !== undefined) {
    teams = input.equipes.map((t) => ({ id: t.id, role: t.role }));
  } else if (teamIds !== undefined) {
    const fallback = normalizeTeamRole(input.role) ?? normalizeTeamRole(current.role);
    teams = teamIds.map((id) => current.teams.find((t) => t.id === id) ?? { id, role: fallback });
  }
  if (input.roleClub !== undefined) roleClub = input.roleClub;
  let clubRoleField: ResolvedHats['clubRoleField'] = 'roleClub';
  const roleChanged =
    input.role !== undefined &&
    (current.role === null || normalizeRole(current.role) !== normalizeRole(input.role));
  if (!hatsInBody && input.role !== undefined && roleChanged) {
    const single = hatsFromRole(
      input.role,
      teams.map((t) => t.id),
    );
    roleClub = single.roleClub;
    teams = single.equipes;
    clubRoleField = 'role';
    changed.push('role');
  }
  if (roleClub === null && teams.some((t) => t.role === null)) {
    const fallback = normalizeTeamRole(input.role) ?? 'JOUEUR';
    teams = teams.map((t) => (t.role === null ? { id: t.id, role: fallback } : t));
  }
  if (roleClub !== current.roleClub && !changed.includes('role')) changed.push('roleClub');
  const rolesChanged = teams.some((t) => {
    const before = current.teams.find((c) => c.id === t.id);
    return before !== undefined && before.role !== t.role;
  });
  if (input.equipes !== undefined && !sameTeams(teams, current.teams)) changed.push('equipes');
  else if (rolesChanged && !changed.includes('role')) changed.push('equipes');
  return { roleClub: normalizeClubRole(roleClub), teams, changed, clubRoleField };
}
