import { MatchesPage as TeamMatchesPage } from '../../features/matches/components/matches-page.tsx';

/**
 * /{nomClub}/{nomEquipe}/matche — the team's matches, scores and convocations (spec §2,
 * decision 0022).
 */
export default function MatchesPage() {
  return <TeamMatchesPage />;
}
