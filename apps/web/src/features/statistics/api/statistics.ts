import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

const query = (saison: string) => (saison ? { saison } : {});

/** GET /api/statistiques/equipe/{teamId}?saison= ('' : the club's current season). */
export function useTeamStatistics(teamId: number, saison: string) {
  return useQuery({
    queryKey: queryKeys.statistics.team(teamId, saison),
    queryFn: ({ signal }) =>
      api.statistics.team({ params: { teamId }, query: query(saison) }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/statistiques/club/{clubId}?saison= (leaders). */
export function useClubStatistics(clubId: number, saison: string) {
  return useQuery({
    queryKey: queryKeys.statistics.club(clubId, saison),
    queryFn: ({ signal }) =>
      api.statistics.club({ params: { clubId }, query: query(saison) }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/statistiques/equipe/{teamId}/export?saison=, saved as a file. */
export async function downloadTeamStatisticsCsv(teamId: number, saison: string) {
  const blob = await api.statistics.teamExport({ params: { teamId }, query: query(saison) });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `statistiques-equipe-${teamId}${saison ? `-${saison}` : ''}.csv`;
  document.body.append(a);
  a.click();
  a.remove();
  // Some browsers read the URL after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
