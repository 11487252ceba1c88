import { useMutation } from '@tanstack/react-query';
import type { TCalendarSubscription } from '@club/contract';
import { api } from '../../../lib/api.ts';

/** POST /api/calendrier/abonnement — a new secret URL (the previous one stops answering). */
export function useSubscribeCalendar() {
  return useMutation({
    mutationFn: (body: TCalendarSubscription) => api.calendarFeeds.subscribe({ body }),
  });
}

/** DELETE /api/calendrier/abonnement — the member's URL answers 404 from now on. */
export function useRevokeCalendar() {
  return useMutation({ mutationFn: () => api.calendarFeeds.revoke() });
}
