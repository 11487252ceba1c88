import { useMutation, useQuery, useQueryClient, keepPreviousData } from '@tanstack/react-query';
import {
  type MatchStatus,
  type TConvocationUpdate,
  type TMatch,
  type TMatchCancel,
  type TScoreInput,
  type TSelectionUpdate,
} from '@club/contract';
import { api, endpoints } from '../../../lib/api.ts';
import { sendOrQueue } from '../../../lib/offline-outbox.ts';
import { useCurrentMember } from '../../../lib/session.ts';
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

/**
 * PUT /api/matches/{id}/score {scoreDomicile, scoreExterieur, version}; 409 when stale. Without
 * network the score is kept on the device with its version and sent when the network is back
 * (lib/offline-outbox.ts): a score changed meanwhile by someone else is then refused (409) and
 * shown, never overwritten. The lists show the kept score at once.
 */
export function useSaveScore() {
  const qc = useQueryClient();
  const { data: me } = useCurrentMember();
  return useMutation({
    mutationFn: ({ id, body, label }: { id: number; body: TScoreInput; label?: string }) =>
      sendOrQueue({
        memberId: me?.id ?? 0,
        endpoint: endpoints.matches.score,
        params: { id },
        body,
        label: label ?? 'score d’un match',
      }),
    onSuccess: (result, { id, body }) => {
      if (!result.queued) return;
      qc.setQueriesData({ queryKey: queryKeys.matches.all }, (list: unknown) =>
        Array.isArray(list)
          ? list.map((m: TMatch) =>
              m.id === id
                ? { ...m, scoreDomicile: body.scoreDomicile, scoreExterieur: body.scoreExterieur }
                : m,
            )
          : list,
      );
    },
    onSettled: (result) =>
      result?.queued ? undefined : qc.invalidateQueries({ queryKey: queryKeys.matches.all }),
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

/** PUT /api/matches/{id}/selection {joueurs, publier?}: the coach's choices, published or not. */
export function useSaveSelection(matchId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TSelectionUpdate) =>
      api.matches.selection({ params: { id: matchId }, body }),
    onSuccess: (rows) => qc.setQueryData(queryKeys.matches.convocations(matchId), rows),
    // The match carries the publication time.
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.matches.all }),
  });
}
