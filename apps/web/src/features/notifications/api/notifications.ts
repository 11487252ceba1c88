import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TNotificationPreferences } from '@club/contract';
import { http } from '../../../lib/http.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/notifications/preferences of the signed-in member. */
export function useNotificationPreferences() {
  return useQuery({
    queryKey: queryKeys.notifications.preferences,
    queryFn: ({ signal }) =>
      http.get<TNotificationPreferences>('/api/notifications/preferences', { signal }),
  });
}

/** PUT /api/notifications/preferences {emails}. */
export function useSaveNotificationPreferences() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TNotificationPreferences) =>
      http.put<TNotificationPreferences>('/api/notifications/preferences', body),
    onSuccess: (prefs) => qc.setQueryData(queryKeys.notifications.preferences, prefs),
  });
}

/** POST /api/notifications/desabonnement?jeton= (no session: the signed token names the member). */
export function useUnsubscribe(jeton: string) {
  return useMutation({
    mutationFn: () =>
      http.post<TNotificationPreferences>('/api/notifications/desabonnement', undefined, {
        query: { jeton },
      }),
  });
}
