import {
  isLeader,
  memberSubject,
  type MemberWithHats,
  type TCurrentMember,
  type TMemberEditParty,
  type TTeamRef,
} from '@club/contract';

/* Teams of a member (members in several teams, decision 0012), for the signed-in member and the
   lists. */

/**
 * What these helpers read of the current member. `equipes` may be missing from an answer built
 * without it (test doubles of the spec's shape): the primary team then stands alone.
 */
export type TeamsHolder = Pick<TCurrentMember, 'idEquipe' | 'nomEquipe'> & {
  equipes?: TCurrentMember['equipes'];
};
/** The signed-in member as the reachable teams read it: their teams and their children's. */
export type FamilyTeamsHolder = TeamsHolder & { enfants?: TCurrentMember['enfants'] };

/** A team the member may open: one of theirs, or one of their children's (named in `enfants`). */
export interface ReachableTeam extends TTeamRef {
  /** The first names of the member's children in this team (empty for the member's own team). */
  enfants: readonly string[];
}

/** The teams of a member, the primary one first. */
export function teamsOf(member: TeamsHolder): readonly TTeamRef[] {
  if (member.equipes && member.equipes.length > 0) return member.equipes;
  return member.idEquipe != null && member.nomEquipe != null
    ? [{ id: member.idEquipe, nom: member.nomEquipe }]
    : [];
}

/**
 * Every team whose pages the member opens (decision 0084): their own teams (primary first), then
 * their children's teams in the children's order, each once, with the children who play in it.
 */
export function reachableTeamsOf(member: FamilyTeamsHolder): readonly ReachableTeam[] {
  const teams: ReachableTeam[] = teamsOf(member).map((t) => ({ ...t, enfants: [] }));
  for (const child of member.enfants ?? [])
    for (const t of child.equipes) {
      const known = teams.find((r) => r.id === t.id);
      if (known) known.enfants = [...known.enfants, child.prenom];
      else teams.push({ ...t, enfants: [child.prenom] });
    }
  return teams;
}

/**
 * The team that the page is about: the one the `{nomEquipe}` route parameter names when the member
 * may open it (theirs or a child's), otherwise the first of those (their primary team; a parent
 * without team, their first child's), null when there is none.
 */
export function currentTeamOf(
  member: FamilyTeamsHolder,
  nomEquipe: string | undefined,
): TTeamRef | null {
  const teams = reachableTeamsOf(member);
  const team = teams.find((t) => t.nom === nomEquipe) ?? teams[0];
  return team ? { id: team.id, nom: team.nom } : null;
}

/** True when the member belongs to the team named `nomEquipe`. */
export function isOwnTeam(member: TeamsHolder, nomEquipe: string): boolean {
  return teamsOf(member).some((t) => t.nom === nomEquipe);
}

/** True when the member may open the pages of the team named `nomEquipe` (route guard, switcher). */
export function isReachableTeam(member: FamilyTeamsHolder, nomEquipe: string): boolean {
  return reachableTeamsOf(member).some((t) => t.nom === nomEquipe);
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

/**
 * A member as editableMemberFields (contract) reads it: every team, not the primary alone, with
 * the hats when the answer carries them (the club role, each team's role, the children).
 */
export function editParty(member: MemberWithHats & TeamsHolder): TMemberEditParty {
  return memberSubject({
    ...member,
    equipes: member.equipes?.length ? member.equipes : teamsOf(member),
  });
}

/** The member's home: a leader's (or a member without team's) club dashboard, else their primary team's. */
export function homePath(member: Pick<TCurrentMember, 'role' | 'nomClub' | 'nomEquipe'>): string {
  const club = encodeURIComponent(member.nomClub);
  return isLeader(member.role) || !member.nomEquipe
    ? `/${club}/dashboard`
    : `/${club}/${encodeURIComponent(member.nomEquipe)}/dashboard`;
}
