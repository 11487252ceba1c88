import { useParams } from 'react-router';
import type { TTeamRef } from '@club/contract';
import { currentTeamOf, teamsOf } from './member-teams.ts';
import { useCurrentMember } from './session.ts';

/** The signed-in member's current team (see currentTeamOf) and all their teams. */
export function useCurrentTeam(): { team: TTeamRef | null; teams: readonly TTeamRef[] } {
  const { nomEquipe } = useParams();
  const { data: member } = useCurrentMember();
  if (!member) return { team: null, teams: [] };
  return { team: currentTeamOf(member, nomEquipe), teams: teamsOf(member) };
}
