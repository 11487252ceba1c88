import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCalendarSubscription } from '@club/contract';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/calendrier/abonnement — the live feed's creation date and filters (no address). */
export function useCalendarSubscription() {
  return useQuery({
    queryKey: queryKeys.profile.calendarFeed,
    queryFn: () => api.calendarFeeds.state(),
  });
}

/** POST /api/calendrier/abonnement — a new secret URL (the previous one stops answering). */
export function useSubscribeCalendar() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TCalendarSubscription) => api.calendarFeeds.subscribe({ body }),
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.profile.calendarFeed }),
  });
}

/** DELETE /api/calendrier/abonnement — the member's URL answers 404 from now on. */
export function useRevokeCalendar() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.calendarFeeds.revoke(),
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.profile.calendarFeed }),
  });
}
