import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCarpoolOfferWrite } from '@club/contract';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/evenements/{id}/covoiturage */
export function useCarpoolOffers(eventId: number) {
  return useQuery({
    queryKey: queryKeys.carpool.event(eventId),
    queryFn: ({ signal }) => api.carpool.list({ params: { id: eventId } }, { signal }),
  });
}

/** The writes of the panel; each refreshes the event's offers. */
export function useCarpoolActions(eventId: number) {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: queryKeys.carpool.event(eventId) });
  return {
    offer: useMutation({
      mutationFn: (body: TCarpoolOfferWrite) =>
        api.carpool.offer({ params: { id: eventId }, body }),
      onSettled: refresh,
    }),
    book: useMutation({
      mutationFn: ({ offreId, membreId }: { offreId: number; membreId: number }) =>
        api.carpool.book({ params: { offreId }, body: { membreId } }),
      onSettled: refresh,
    }),
    unbook: useMutation({
      mutationFn: ({ offreId, membreId }: { offreId: number; membreId: number }) =>
        api.carpool.unbook({ params: { offreId, membreId } }),
      onSettled: refresh,
    }),
    cancel: useMutation({
      mutationFn: (offreId: number) => api.carpool.cancel({ params: { offreId } }),
      onSettled: refresh,
    }),
  };
}
