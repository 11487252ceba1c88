import { useQuery } from '@tanstack/react-query';
import type { TDashboardEvent, TDashboardMember } from '@club/contract';
import { http } from '../../../lib/http.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * GET /api/dashboard/evenements/{teamId} without `date`: the server decides "today" on the club's
 * clock (its time zone), which the browser's clock may not share.
 */
export function useTeamTodayEvents(teamId: number | null) {
  return useQuery({
    queryKey: queryKeys.events.dashboardDay(teamId ?? 0),
    queryFn: ({ signal }) =>
      http.get<TDashboardEvent[]>(`/api/dashboard/evenements/${teamId}`, { signal }),
    enabled: teamId !== null,
  });
}

/** GET /api/dashboard/evenements/{teamId}?aVenir=true: events not over yet, sorted by start. */
export function useTeamUpcomingEvents(teamId: number | null) {
  return useQuery({
    queryKey: queryKeys.events.dashboardUpcoming(teamId ?? 0),
    queryFn: ({ signal }) =>
      http.get<TDashboardEvent[]>(`/api/dashboard/evenements/${teamId}`, {
        query: { aVenir: true },
        signal,
      }),
    enabled: teamId !== null,
  });
}

/** GET /api/dashboard/membres/{teamId}: the team's members (the search filters them here). */
export function useDashboardMembers(teamId: number | null) {
  return useQuery({
    queryKey: queryKeys.members.dashboard(teamId ?? 0),
    queryFn: ({ signal }) =>
      http.get<TDashboardMember[]>(`/api/dashboard/membres/${teamId}`, { signal }),
    enabled: teamId !== null,
  });
}
