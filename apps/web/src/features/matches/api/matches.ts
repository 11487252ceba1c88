import { useMutation, useQuery, useQueryClient, keepPreviousData } from '@tanstack/react-query';
import type { MatchStatus, TConvocationUpdate, TMatchCancel, TScoreInput } from '@club/contract';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { matchList } from '../model.ts';

/** GET /api/matches/equipe/{teamId}?statut= (omitted for Tous, spec §7). */
export function fetchTeamMatches(teamId: number, statut: MatchStatus | '', signal?: AbortSignal) {
  return api.matches
    .listTeam({ params: { id: teamId }, query: statut ? { statut } : {} }, { signal })
    .then(matchList);
}

export function useTeamMatches(teamId: number | null, statut: MatchStatus | '') {
  return useQuery({
    queryKey: queryKeys.matches.team(teamId ?? 0, statut ? { statut } : {}),
    queryFn: ({ signal }) => fetchTeamMatches(teamId!, statut, signal),
    enabled: teamId !== null,
    placeholderData: keepPreviousData,
  });
}

/** PUT /api/matches/{id}/score {scoreDomicile, scoreExterieur, version}; 409 when stale. */
export function useSaveScore() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TScoreInput }) =>
      api.matches.score({ params: { id }, body }),
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.matches.all }),
  });
}

/** PUT /api/matches/{id}/annulation {annule}: cancel, or undo the cancellation. */
export function useCancelMatch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TMatchCancel }) =>
      api.matches.cancel({ params: { id }, body }),
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.matches.all }),
  });
}

/** GET /api/matches/{id}/convocations (spec §7: a list of entries). */
export function useConvocations(matchId: number, enabled = true) {
  return useQuery({
    enabled,
    queryKey: queryKeys.matches.convocations(matchId),
    queryFn: ({ signal }) => api.matches.convocations({ params: { id: matchId } }, { signal }),
  });
}

/** PUT /api/matches/{id}/convocations {items, dateLimiteReponse?} */
export function useSaveConvocations(matchId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TConvocationUpdate) =>
      api.matches.answerConvocations({ params: { id: matchId }, body }),
    // The match carries the reply deadline: its list is read again when the deadline changed.
    onSuccess: (_rows, body) =>
      qc.invalidateQueries({
        queryKey:
          body.dateLimiteReponse !== undefined
            ? queryKeys.matches.all
            : queryKeys.matches.convocations(matchId),
      }),
  });
}
