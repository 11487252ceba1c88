import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TTeam, TTeamWrite } from '@club/contract';
import { http } from '../../../lib/http.ts';

export const teamsKeys = {
  club: (clubId: number) => ['teams', 'club', clubId] as const,
};

/** GET /api/equipes/club/{clubId} */
export function useClubTeams(clubId: number | undefined) {
  return useQuery({
    queryKey: teamsKeys.club(clubId ?? 0),
    queryFn: ({ signal }) => http.get<TTeam[]>(`/api/equipes/club/${clubId}`, { signal }),
    enabled: clubId !== undefined,
  });
}

/** POST /api/equipes or PUT /api/equipes/{id} with nom, division, category, idClub. */
export function useSaveTeam() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: TTeamWrite }) =>
      id === undefined
        ? http.post<TTeam>('/api/equipes', body)
        : http.put<TTeam>(`/api/equipes/${id}`, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['teams'] }),
  });
}

export function useDeleteTeam() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete<{ message: string }>(`/api/equipes/${id}`),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: ['teams'] });
      // The team's members lose their team.
      await qc.invalidateQueries({ queryKey: ['members'] });
    },
  });
}
