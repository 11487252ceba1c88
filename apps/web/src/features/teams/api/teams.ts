import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TTeamWrite } from '@club/contract';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export { useClubTeams } from '../../../lib/shared-queries.ts';

/**
 * GET /api/equipes/club/{clubId}/resume: players, coaches, next event and last result of every
 * team, keyed by team id. Under the teams' key, so that every team save refreshes it.
 */
export function useTeamSummaries(clubId: number | undefined) {
  return useQuery({
    queryKey: [...queryKeys.teams.club(clubId ?? 0), 'resume'] as const,
    queryFn: async ({ signal }) => {
      const rows = await api.teams.summaries({ params: { clubId: clubId! } }, { signal });
      return new Map(rows.map((r) => [r.idEquipe, r]));
    },
    enabled: clubId !== undefined,
  });
}

/** POST /api/equipes or PUT /api/equipes/{id} with nom, division, category, idClub. */
export function useSaveTeam() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: TTeamWrite }) =>
      id === undefined ? api.teams.create({ body }) : api.teams.update({ params: { id }, body }),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: queryKeys.teams.all });
      // Members answers carry team names (nomEquipe, equipes), and so does the current member.
      await qc.invalidateQueries({ queryKey: queryKeys.members.all });
      await qc.invalidateQueries({ queryKey: queryKeys.session.currentMember });
    },
  });
}

export function useDeleteTeam() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.teams.remove({ params: { id } }),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: queryKeys.teams.all });
      // The team's members lose their team (the signed-in member too, perhaps).
      await qc.invalidateQueries({ queryKey: queryKeys.members.all });
      await qc.invalidateQueries({ queryKey: queryKeys.session.currentMember });
    },
  });
}
