import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TEventPresence, TEventPresenceUpdate, TEventRollCall } from '@club/contract';
import { api, endpoints } from '../../../lib/api.ts';
import { sendOrQueue } from '../../../lib/offline-outbox.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useCurrentMember } from '../../../lib/session.ts';

/** GET /api/evenements/{id}/presences: the players of a training and their answers . */
export function useTrainingPresences(eventId: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.events.presences(eventId),
    queryFn: ({ signal }) => api.events.presences({ params: { id: eventId } }, { signal }),
    enabled,
  });
}

/**
 * PUT /api/evenements/{id}/presence {joueurId, statutPresence, justification?} → the whole list.
 * Without network (pitch-side) the answer is kept on the device and sent when the network is
 * back (lib/offline-outbox.ts); the list shows it at once. `queued` tells the screen which.
 */
export function useAnswerTraining(eventId: number, label = 'présence à un entraînement') {
  const qc = useQueryClient();
  const { data: me } = useCurrentMember();
  return useMutation({
    mutationFn: async (body: TEventPresenceUpdate) => {
      const result = await sendOrQueue({
        memberId: me?.id ?? 0,
        endpoint: endpoints.events.answerPresence,
        params: { id: eventId },
        body,
        label,
      });
      return result;
    },
    onSuccess: (result, body) => {
      const key = queryKeys.events.presences(eventId);
      if (!result.queued) return qc.setQueryData(key, result.data);
      qc.setQueryData<TEventPresence[]>(key, (list) =>
        list?.map((row) =>
          row.joueur.id === body.joueurId
            ? {
                ...row,
                statutPresence: body.statutPresence,
                justification: body.justification ?? null,
                parDefaut: false,
              }
            : row,
        ),
      );
    },
  });
}

/**
 * PUT /api/evenements/{id}/presences {presences}: the roll call, saved together (decision 0101).
 * Without network it is kept on the device as one write and the list shows it at once.
 */
export function useRollCall(eventId: number, label: string) {
  const qc = useQueryClient();
  const { data: me } = useCurrentMember();
  return useMutation({
    mutationFn: (body: TEventRollCall) =>
      sendOrQueue({
        memberId: me?.id ?? 0,
        endpoint: endpoints.events.rollCall,
        params: { id: eventId },
        body,
        label,
      }),
    onSuccess: (result, body) => {
      const key = queryKeys.events.presences(eventId);
      if (!result.queued) return qc.setQueryData(key, result.data);
      const marked = new Map(body.presences.map((p) => [p.joueurId, p.statutPresence]));
      qc.setQueryData<TEventPresence[]>(key, (list) =>
        list?.map((row) =>
          marked.has(row.joueur.id)
            ? {
                ...row,
                statutPresence: marked.get(row.joueur.id) ?? null,
                justification: null,
                parDefaut: false,
              }
            : row,
        ),
      );
    },
  });
}
