import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TNotificationPreferencesUpdate } from '@club/contract';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/notifications/preferences of the signed-in member. */
export function useNotificationPreferences() {
  return useQuery({
    queryKey: queryKeys.notifications.preferences,
    queryFn: ({ signal }) => api.notifications.preferences(undefined, { signal }),
  });
}

/** PUT /api/notifications/preferences {emails?, canaux?}: what is sent changes, the rest stays. */
export function useSaveNotificationPreferences() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TNotificationPreferencesUpdate) =>
      api.notifications.setPreferences({ body }),
    onSuccess: (prefs) => qc.setQueryData(queryKeys.notifications.preferences, prefs),
  });
}

/** POST /api/notifications/desabonnement?jeton= (no session: the signed token names the member). */
export function useUnsubscribe(jeton: string) {
  return useMutation({
    mutationFn: () => api.notifications.unsubscribe({ query: { jeton } }),
  });
}
