import type {
  ClubRole,
  PermissionSubject,
  Role,
  TChildTeams,
  TMemberTeam,
  TTeamHat,
  TTeamRef,
} from '@club/contract';

/**
 * The signed-in member as every rule sees it, loaded once per request by the signed-in scope
 * (plugins/signed-in.ts) from the session, the member, its teams and its children.
 */
export interface Actor extends PermissionSubject {
  id: number;
  clubId: number;
  /** The principal hat (the spec's role). */
  role: Role;
  /** Hats (docs/architecture.md §7): the club role and the role held in each team. */
  roleClub: ClubRole | null;
  teamRoles: readonly TTeamHat[];
  statut: string;
  email: string;
  nom: string;
  prenom: string;
  clubNom: string;
  /** Every team of the member with its role, the primary one (the spec's idEquipe / nomEquipe) first. */
  teams: readonly TMemberTeam[];
  teamIds: readonly number[];
  /** The primary team, or null for a member without team. */
  primaryTeam: TTeamRef | null;
  /** Members this actor is a guardian of, and their teams. */
  childIds: readonly number[];
  childTeamIds: readonly number[];
  /** The same children with their names and teams (the current member's `enfants`). */
  children?: readonly TChildTeams[];
  /** The session the request's access token names. */
  sessionId: string;
}
