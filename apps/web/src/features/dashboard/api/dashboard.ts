import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TConvocationItem } from '@club/contract';
import { api } from '../../../lib/api.ts';
import {
  takeArrivedDashboardHome,
  takePrefetchedDashboardHome,
} from '../../../lib/session-prefetch.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * GET /api/dashboard/evenements/{teamId} without `date`: the server decides "today" on the club's
 * clock (its time zone), which the browser's clock may not share.
 */
export function useTeamTodayEvents(teamId: number | null) {
  return useQuery({
    queryKey: queryKeys.events.dashboardDay(teamId ?? 0),
    queryFn: ({ signal }) => api.dashboard.events({ params: { id: teamId! } }, { signal }),
    enabled: teamId !== null,
  });
}

/** GET /api/dashboard/evenements/{teamId}?aVenir=true: events not over yet, sorted by start. */
export function useTeamUpcomingEvents(teamId: number | null) {
  return useQuery({
    queryKey: queryKeys.events.dashboardUpcoming(teamId ?? 0),
    queryFn: ({ signal }) =>
      api.dashboard.events({ params: { id: teamId! }, query: { aVenir: 'true' } }, { signal }),
    enabled: teamId !== null,
  });
}

/** GET /api/dashboard/membres/{teamId}: the team's members (the search filters them here). */
export function useDashboardMembers(teamId: number | null) {
  return useQuery({
    queryKey: queryKeys.members.dashboard(teamId ?? 0),
    queryFn: ({ signal }) => api.dashboard.members({ params: { id: teamId! } }, { signal }),
    enabled: teamId !== null,
  });
}

/**
 * GET /api/dashboard/accueil: what the member can act on (docs/decisions/0083-dashboard-home.md).
 * Read again on every visit of the dashboard (a home that shows yesterday's to-dos misleads).
 */
export function useDashboardHome() {
  return useQuery({
    queryKey: queryKeys.dashboard.home,
    queryFn: ({ signal }) => {
      // Started by the entry when the dashboard's URL was opened directly (session-prefetch.ts);
      // null (not a 200): the typed client asks again.
      const prefetched = takePrefetchedDashboardHome();
      if (!prefetched) return api.dashboard.home(undefined, { signal });
      return prefetched.then((early) => early ?? api.dashboard.home(undefined, { signal }));
    },
    // Already there when the entry's prefetch arrived before the screen's first render; that
    // answer of this very page load is not asked again on mount (dataUpdateCount 0: no fetch yet).
    initialData: () => takeArrivedDashboardHome(),
    staleTime: (query) => (query.state.dataUpdateCount === 0 ? 30_000 : 0),
  });
}

/**
 * An answer given from the home, through the convocation's own endpoint
 * (PUT /api/matches/{id}/convocations, one row): the home and the matches are read again after.
 */
export function useAnswerConvocation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ matchId, ...item }: { matchId: number } & TConvocationItem) =>
      api.matches.answerConvocations({ params: { id: matchId }, body: { items: [item] } }),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: queryKeys.dashboard.all }),
        qc.invalidateQueries({ queryKey: queryKeys.matches.all }),
      ]),
  });
}
