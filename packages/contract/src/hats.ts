import {
  ROLES,
  normalizeClubRole,
  normalizeRole,
  normalizeTeamRole,
  type ClubRole,
  type Role,
  type TeamRole,
} from './enums.ts';
import type { PermissionSubject, TTeamHat } from './permissions.ts';

/**
 * People with several hats (docs/architecture.md §7): a club role, a role per team, guardianship.
 * The spec's single `role` stays in every answer as the principal hat and is still accepted on
 * input; the rules below translate between the two, once for both sides. Without zod, so that a
 * screen applying them does not ship schemas (docs/decisions/0091-signed-in-javascript-budget.md).
 * The database keeps `members.role` equal to `principalRole` of the stored hats (migration
 * `0016_member_hats.sql`, function `member_principal_role`; a test pins the two together).
 */

/** A person's hats in one club. */
export interface THats {
  roleClub: ClubRole | null;
  /** Every team with the role held in it (null: attached without a team role). */
  equipes: readonly { id: number; role: TeamRole | null }[];
  /** Whether the person is the guardian of at least one child. */
  hasChildren: boolean;
}

/** The principal hat's order (spec §3's roles, strongest first). */
export const PRINCIPAL_ROLE_ORDER: readonly Role[] = ROLES;

/**
 * The spec's `role` of a person: the club role; else the strongest team role (ENTRAINEUR > JOUEUR
 * > PARENT); else `declared`, the team role a member without team was given (the spec's `role`
 * written for them: 'JOUEUR' answers 'JOUEUR'); else PARENT for a guardian, JOUEUR otherwise.
 */
export function principalRole(hats: THats, declared?: string | null): Role {
  if (hats.roleClub) return hats.roleClub;
  const teamRoles = new Set(hats.equipes.map((t) => t.role));
  for (const role of ['ENTRAINEUR', 'JOUEUR', 'PARENT'] as const)
    if (teamRoles.has(role)) return role;
  return normalizeTeamRole(declared) ?? (hats.hasChildren ? 'PARENT' : 'JOUEUR');
}

/**
 * What the spec's `role` means as hats: a leader role is the club role (the teams stay attached
 * without a team role); a team role is held in every team and ends any club role.
 */
export function hatsFromRole(
  role: string,
  teamIds: readonly number[],
): { roleClub: ClubRole | null; equipes: TTeamHat[] } {
  const club = normalizeClubRole(role);
  const team = club ? null : normalizeTeamRole(role);
  return { roleClub: club, equipes: teamIds.map((id) => ({ id, role: team })) };
}

/** A member as the screens and the server know them: enough to build their permission subject. */
export interface MemberWithHats {
  id: number;
  role: string;
  roleClub?: string | null;
  equipes?: readonly { id: number; role?: string | null }[];
  idEquipe?: number | null;
  enfants?: readonly { id: number; equipes?: readonly { id: number }[] }[];
}

/**
 * The permission subject of a member answer (`TCurrentMember`, `TMember`): hats when the answer
 * carries the team roles, else the spec's single role over the member's teams.
 */
export function memberSubject(m: MemberWithHats): PermissionSubject {
  const equipes = m.equipes ?? (m.idEquipe != null ? [{ id: m.idEquipe }] : []);
  const children = m.enfants ?? [];
  const withRoles =
    equipes.length > 0 ? equipes.every((t) => t.role !== undefined) : 'roleClub' in m;
  return {
    id: m.id,
    role: normalizeRole(m.role) ?? m.role,
    teamIds: equipes.map((t) => t.id),
    childIds: children.map((c) => c.id),
    childTeamIds: [...new Set(children.flatMap((c) => (c.equipes ?? []).map((t) => t.id)))],
    ...(withRoles
      ? {
          roleClub: normalizeClubRole(m.roleClub),
          teamRoles: equipes.map((t) => ({ id: t.id, role: normalizeTeamRole(t.role) })),
        }
      : {}),
  };
}

/** The teams where the member answer holds that role. */
export function teamsHeldAs(m: Pick<MemberWithHats, 'equipes'>, role: TeamRole): readonly number[] {
  return (m.equipes ?? []).filter((t) => normalizeTeamRole(t.role) === role).map((t) => t.id);
}
