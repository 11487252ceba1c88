import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TMatchActionInput, TMatchLive } from '@club/contract';
import { api, endpoints } from '../../../lib/api.ts';
import { sendOrQueue } from '../../../lib/offline-outbox.ts';
import { useCurrentMember } from '../../../lib/session.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/matches/{id}/direct: score from the actions, actions, status (decision 0126). */
export function useMatchLive(matchId: number) {
  return useQuery({
    queryKey: queryKeys.matches.live(matchId),
    queryFn: ({ signal }) => api.matchSheet.live({ params: { id: matchId } }, { signal }),
  });
}

/** GET /api/matches/{id}/feuille (decision 0125). */
export function useMatchSheet(matchId: number, enabled = true) {
  return useQuery({
    enabled,
    queryKey: queryKeys.matches.sheet(matchId),
    queryFn: ({ signal }) => api.matchSheet.sheet({ params: { id: matchId } }, { signal }),
  });
}

const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

/**
 * POST /api/matches/{id}/actions. Each action carries a `cle` drawn when it was tapped: without
 * network it waits in the app's offline queue (lib/offline-outbox.ts) and is replayed once — the
 * server stores one action per `cle` (decision 0125). A queued action shows at once in the list.
 */
export function useAddAction(matchId: number) {
  const qc = useQueryClient();
  const { data: me } = useCurrentMember();
  return useMutation({
    // The outbox decides what to do without network: TanStack Query must not pause the call.
    networkMode: 'always',
    mutationFn: ({ body, label }: { body: TMatchActionInput; label: string }) =>
      sendOrQueue({
        memberId: me?.id ?? 0,
        endpoint: endpoints.matchSheet.addAction,
        params: { id: matchId },
        body: { ...body, cle: body.cle ?? newKey() },
        label,
      }),
    onSuccess: (result, { body }) => {
      if (!result.queued) return;
      qc.setQueryData(queryKeys.matches.live(matchId), (live: TMatchLive | undefined) =>
        live
          ? {
              ...live,
              actions: [
                ...live.actions,
                {
                  id: -Date.now(),
                  minute: body.minute,
                  type: body.type,
                  points: body.points ?? null,
                  membre: null,
                  cle: body.cle ?? null,
                },
              ],
            }
          : live,
      );
    },
    onSettled: (result) =>
      result?.queued
        ? undefined
        : qc.invalidateQueries({ queryKey: queryKeys.matches.live(matchId) }),
  });
}

/** DELETE /api/matches/{id}/actions/{actionId}: undo; the answer is the corrected live state. */
export function useRemoveAction(matchId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (actionId: number) =>
      api.matchSheet.removeAction({ params: { id: matchId, actionId } }),
    onSuccess: (live) => qc.setQueryData(queryKeys.matches.live(matchId), live),
  });
}

/** POST / DELETE /api/matches/{id}/lien-public (decision 0127). */
export function usePublicLink(matchId: number) {
  const share = useMutation({
    mutationFn: () => api.matchSheet.share({ params: { id: matchId } }),
  });
  const revoke = useMutation({
    mutationFn: () => api.matchSheet.revokeShare({ params: { id: matchId } }),
    onSuccess: () => share.reset(),
  });
  return { share, revoke };
}
