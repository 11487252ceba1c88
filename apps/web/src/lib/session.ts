import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TCurrentMember } from '@club/contract';
import { api } from './api.ts';
import { HttpError } from './http.ts';
import { queryKeys } from './query-keys.ts';
import { takeArrivedMember, takePrefetchedMember } from './session-prefetch.ts';

/** Current member info (GET /api/dashboard/infos, spec §3), shared by every signed-in screen. */
export function fetchCurrentMember(): Promise<TCurrentMember> {
  return api.dashboard.infos();
}

/** The signed-in member; `data` is null when nobody is signed in (401). */
export function useCurrentMember() {
  return useQuery({
    queryKey: queryKeys.session.currentMember,
    queryFn: async () => {
      // Awaited only when the entry started it: otherwise the request starts in this same tick.
      const prefetched = takePrefetchedMember();
      const early = prefetched ? await prefetched : null;
      if (early) return early;
      try {
        return await fetchCurrentMember();
      } catch (err) {
        if (err instanceof HttpError && err.status === 401) return null;
        throw err;
      }
    },
    // Already there when the entry's prefetch arrived before this first render (the app shell's).
    initialData: () => takeArrivedMember(),
    staleTime: 60_000,
    retry: (count, err) => !(err instanceof HttpError && err.status < 500) && count < 2,
  });
}

export function useSessionCache(): QueryClient {
  return useQueryClient();
}

/** Forget everything cached for the member (logout, session lost). */
let signedOutOnPurpose = false;
/**
 * Whether the session ended by the member's own logout: the guard then sends them to /connexion
 * without a page to come back to (the logout's navigation and the guard's race otherwise).
 */
export const wasSignedOutOnPurpose = () => signedOutOnPurpose;

export function clearSession(queryClient: QueryClient, opts: { onPurpose?: boolean } = {}): void {
  signedOutOnPurpose = opts.onPurpose ?? false;
  queryClient.setQueryData(queryKeys.session.currentMember, null);
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.session.all[0] });
}

/** URL-encoded club/team names in paths (spec §2). */
export const clubPath = (nomClub: string, ...rest: string[]) =>
  `/${[encodeURIComponent(nomClub), ...rest].join('/')}`;
export const teamPath = (nomClub: string, nomEquipe: string, ...rest: string[]) =>
  `/${[encodeURIComponent(nomClub), encodeURIComponent(nomEquipe), ...rest].join('/')}`;
