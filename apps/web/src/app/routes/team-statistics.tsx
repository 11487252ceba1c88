import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { MATCH_MESSAGES } from '@club/contract';
import { Alert } from '../../components/ui/alert.tsx';
import { Loading } from '../../components/ui/loading.tsx';
import { useCurrentMember } from '../../lib/session.ts';
import { useClubTeams } from '../../lib/shared-queries.ts';
import { useCurrentTeam } from '../../lib/use-current-team.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { TeamStatistics } from '../../features/statistics/components/team-statistics.tsx';

// The season's duty tally (docs/decisions/0134): the chunk decides whether its reader is the
// team's staff, so that the route's own code does not grow.
const DutyTally = lazy(() =>
  import('../../features/duties/components/duty-tally.tsx').then((m) => ({
    default: m.DutyTally,
  })),
);

/**
 * /{nomClub}/{nomEquipe}/statistiques — the team's statistics (docs/decisions/0080-team-statistics.md):
 * the team the {nomEquipe} segment names among the member's teams, else among the club's teams
 * (a leader has no team of their own).
 */
export default function TeamStatisticsPage() {
  useDocumentTitle('Statistiques de l’équipe');
  const { nomEquipe } = useParams();
  const { data: me } = useCurrentMember();
  const { team } = useCurrentTeam();
  const own = team && (nomEquipe === undefined || team.nom === nomEquipe) ? team : null;
  const clubTeams = useClubTeams(!own && me ? me.idClub : undefined);
  if (!me) return null;
  const found = own ?? clubTeams.data?.find((t) => t.nom === nomEquipe) ?? null;
  if (!found && clubTeams.isPending && !own) {
    return (
      <main id="contenu" className="container page">
        <h1>Statistiques</h1>
        <Loading label="Chargement des statistiques..." />
      </main>
    );
  }
  if (!found) {
    return (
      <main id="contenu" className="container page">
        <h1>Statistiques</h1>
        <Alert tone="warning">{MATCH_MESSAGES.teamMissing}</Alert>
      </main>
    );
  }
  return (
    <TeamStatistics
      key={found.id}
      teamId={found.id}
      teamName={found.nom}
      extra={
        <Suspense fallback={null}>
          <DutyTally teamId={found.id} />
        </Suspense>
      }
    />
  );
}
