import { useMutation } from '@tanstack/react-query';
import type { TCalendarSubscription, TCalendarSubscriptionAnswer } from '@club/contract';
import { http } from '../../../lib/http.ts';

/** POST /api/calendrier/abonnement — a new secret URL (the previous one stops answering). */
export function useSubscribeCalendar() {
  return useMutation({
    mutationFn: (body: TCalendarSubscription) =>
      http.post<TCalendarSubscriptionAnswer>('/api/calendrier/abonnement', body),
  });
}

/** DELETE /api/calendrier/abonnement — the member's URL answers 404 from now on. */
export function useRevokeCalendar() {
  return useMutation({
    mutationFn: () => http.delete<{ message: string }>('/api/calendrier/abonnement'),
  });
}
