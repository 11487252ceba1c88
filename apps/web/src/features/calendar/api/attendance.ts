import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TEventPresenceUpdate } from '@club/contract';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/evenements/{id}/presences: the players of a training and their answers . */
export function useTrainingPresences(eventId: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.events.presences(eventId),
    queryFn: ({ signal }) => api.events.presences({ params: { id: eventId } }, { signal }),
    enabled,
  });
}

/** PUT /api/evenements/{id}/presence {joueurId, statutPresence, justification?} → the whole list. */
export function useAnswerTraining(eventId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TEventPresenceUpdate) =>
      api.events.answerPresence({ params: { id: eventId }, body }),
    onSuccess: (list) => qc.setQueryData(queryKeys.events.presences(eventId), list),
  });
}
