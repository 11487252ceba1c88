import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TConversationCreate, TMessagePage } from '@club/contract';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/conversations (lib/shared-queries.ts: the navigation reads it too), kept fresh by the live stream. */
export { useConversationList as useConversations } from '../../../lib/shared-queries.ts';

/** GET /api/conversations/{id}/messages, newest page first, older pages on demand (`avant`). */
export function useMessages(id: number) {
  return useInfiniteQuery({
    queryKey: queryKeys.conversations.messages(id),
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam, signal }) =>
      api.conversations.messages(
        { params: { id }, query: pageParam ? { avant: pageParam } : {} },
        { signal },
      ),
    getNextPageParam: (last: TMessagePage) =>
      last.plusAnciens && last.messages.length ? last.messages[0]!.id : undefined,
  });
}

export function useCreateConversation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TConversationCreate) => api.conversations.create({ body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.conversations.list }),
  });
}

/** POST …/messages with a key: a retry after a lost answer stores the message once. */
export function useSendMessage(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { contenu: string; cle: string }) =>
      api.conversations.send({ params: { id }, body: input }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: queryKeys.conversations.messages(id) });
      void qc.invalidateQueries({ queryKey: queryKeys.conversations.list });
    },
  });
}

export function useMarkConversationRead(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (jusquA: number) =>
      api.conversations.markRead({ params: { id }, body: { jusquA } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.conversations.list }),
  });
}

export function useRemoveMessage(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (messageId: number) => api.conversations.remove({ params: { id: messageId } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.conversations.messages(id) }),
  });
}

export function useReportMessage() {
  return useMutation({
    mutationFn: (input: { id: number; motif: string }) =>
      api.conversations.report({ params: { id: input.id }, body: { motif: input.motif } }),
  });
}
