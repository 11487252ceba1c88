import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TEventPresence, TEventPresenceUpdate } from '@club/contract';
import { http } from '../../../lib/http.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/evenements/{id}/presences: the players of a training and their answers (issue 13). */
export function useTrainingPresences(eventId: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.events.presences(eventId),
    queryFn: ({ signal }) =>
      http.get<TEventPresence[]>(`/api/evenements/${eventId}/presences`, { signal }),
    enabled,
  });
}

/** PUT /api/evenements/{id}/presence {joueurId, statutPresence, justification?} → the whole list. */
export function useAnswerTraining(eventId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TEventPresenceUpdate) =>
      http.put<TEventPresence[]>(`/api/evenements/${eventId}/presence`, body),
    onSuccess: (list) => qc.setQueryData(queryKeys.events.presences(eventId), list),
  });
}
