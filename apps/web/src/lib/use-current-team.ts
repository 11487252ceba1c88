import { useParams } from 'react-router';
import type { TTeamRef } from '@club/contract';
import { currentTeamOf, reachableTeamsOf, type ReachableTeam } from './member-teams.ts';
import { useCurrentMember } from './session.ts';

/**
 * The signed-in member's current team (see currentTeamOf) and every team they may open: their own,
 * then their children's (reachableTeamsOf).
 */
export function useCurrentTeam(): { team: TTeamRef | null; teams: readonly ReachableTeam[] } {
  const { nomEquipe } = useParams();
  const { data: member } = useCurrentMember();
  if (!member) return { team: null, teams: [] };
  return { team: currentTeamOf(member, nomEquipe), teams: reachableTeamsOf(member) };
}
