import type { TCurrentMember, TMemberEditParty, TTeamRef } from '@club/contract';

/* Teams of a member (members in several teams, decision 0012), for the signed-in member and the
   lists. */

/**
 * What these helpers read of the current member. `equipes` may be missing from an answer built
 * without it (test doubles of the spec's shape): the primary team then stands alone.
 */
export type TeamsHolder = Pick<TCurrentMember, 'idEquipe' | 'nomEquipe'> & {
  equipes?: TCurrentMember['equipes'];
};

/** The teams of a member, the primary one first. */
export function teamsOf(member: TeamsHolder): readonly TTeamRef[] {
  if (member.equipes && member.equipes.length > 0) return member.equipes;
  return member.idEquipe != null && member.nomEquipe != null
    ? [{ id: member.idEquipe, nom: member.nomEquipe }]
    : [];
}

/**
 * The member's team that the page is about: the one the `{nomEquipe}` route parameter names when it
 * is one of the member's teams, otherwise the primary team (null for a member without team).
 */
export function currentTeamOf(member: TeamsHolder, nomEquipe: string | undefined): TTeamRef | null {
  const teams = teamsOf(member);
  return teams.find((t) => t.nom === nomEquipe) ?? teams[0] ?? null;
}

/** True when the member belongs to the team named `nomEquipe` (route guards, switcher). */
export function isOwnTeam(member: TeamsHolder, nomEquipe: string): boolean {
  return teamsOf(member).some((t) => t.nom === nomEquipe);
}

/**
 * The same page for another team: on a team route (`/{nomClub}/{nomEquipe}/…`, spec §2) only the
 * team segment changes; elsewhere (club-level pages such as the profile) the other team's
 * dashboard. `pathname` is the browser's (URL-encoded), and so is the result.
 */
export function teamSwitchPath(
  pathname: string,
  onTeamRoute: boolean,
  nomClub: string,
  nomEquipe: string,
): string {
  const team = encodeURIComponent(nomEquipe);
  if (onTeamRoute) {
    const [, club, , ...rest] = pathname.split('/');
    return ['', club, team, ...rest].join('/');
  }
  return `/${encodeURIComponent(nomClub)}/${team}/dashboard`;
}

/** A member as editableMemberFields (contract) reads it: every team, not the primary alone. */
export function editParty(member: { id: number; role: string } & TeamsHolder): TMemberEditParty {
  return { id: member.id, role: member.role, teamIds: teamsOf(member).map((t) => t.id) };
}
