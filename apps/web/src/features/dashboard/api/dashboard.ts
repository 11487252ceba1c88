import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
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
