import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAnnouncement, TAnnouncementCreate } from '@club/contract';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/annonces?limite=: unread first, then the newest. */
export function useAnnouncements(limite?: number) {
  return useQuery({
    queryKey: queryKeys.announcements.list(limite),
    queryFn: ({ signal }) =>
      api.announcements.list({ query: limite ? { limite } : {} }, { signal }),
  });
}

/** GET /api/annonces/{id}/lectures (author and leaders). */
export function useReceipts(id: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.announcements.receipts(id),
    queryFn: ({ signal }) => api.announcements.receipts({ params: { id } }, { signal }),
    enabled,
  });
}

/** Writes refresh every list of announcements (the dashboard's and the page's). */
function useRefresh() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: queryKeys.announcements.all });
}

/** POST /api/annonces */
export function usePublishAnnouncement() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: TAnnouncementCreate) => api.announcements.create({ body }),
    onSuccess: refresh,
  });
}

/** POST /api/annonces/{id}/lecture: the lists show it read at once. */
export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.announcements.markRead({ params: { id } }),
    onSuccess: (updated: TAnnouncement) => {
      qc.setQueriesData<TAnnouncement[]>({ queryKey: queryKeys.announcements.all }, (list) =>
        Array.isArray(list) ? list.map((a) => (a.id === updated.id ? updated : a)) : list,
      );
    },
  });
}

/** POST /api/annonces/{id}/rappel */
export function useRemind(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.announcements.remind({ params: { id } }),
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.announcements.receipts(id) }),
  });
}

/** DELETE /api/annonces/{id} */
export function useDeleteAnnouncement() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => api.announcements.remove({ params: { id } }),
    onSuccess: refresh,
  });
}
