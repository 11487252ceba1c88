import { useCurrentMember } from '../../lib/session.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { ClubStatistics } from '../../features/statistics/components/club-statistics.tsx';

/** /{nomClub}/statistiques — the leaders' overview (docs/decisions/0080-team-statistics.md). */
export default function ClubStatisticsPage() {
  useDocumentTitle('Statistiques du club');
  const { data: me } = useCurrentMember();
  if (!me) return null;
  return <ClubStatistics clubId={me.idClub} clubName={me.nomClub} />;
}
