import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TTeam, TEvent, TEventPortee, TEventWrite } from '@club/contract';
import { http } from '../../../lib/http.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The visible range of the calendar, as ISO dates 'YYYY-MM-DD' (end exclusive). */
export interface VisibleRange {
  from: string;
  to: string;
}

/** GET /api/evenements/club/{clubId}?from=&to=: only the visible range is loaded. */
export function useClubEvents(clubId: number | undefined, range: VisibleRange | null) {
  return useQuery({
    queryKey: queryKeys.events.club(clubId ?? 0, range ?? { from: '', to: '' }),
    queryFn: ({ signal }) =>
      http.get<TEvent[]>(`/api/evenements/club/${clubId}`, {
        signal,
        query: { from: range?.from, to: range?.to },
      }),
    enabled: clubId !== undefined && range !== null,
    placeholderData: (previous) => previous,
  });
}

/** GET /api/equipes/club/{clubId}: the club's teams (filters, selects, labels). */
export function useCalendarTeams(clubId: number | undefined) {
  return useQuery({
    queryKey: queryKeys.teams.club(clubId ?? 0),
    queryFn: ({ signal }) => http.get<TTeam[]>(`/api/equipes/club/${clubId}`, { signal }),
    enabled: clubId !== undefined,
  });
}

/** GET /api/equipes/by-cat-div?categorie&division&excludeId: the possible opponents. */
export function useOpponentTeams(base: TTeam | null) {
  return useQuery({
    queryKey: queryKeys.teams.byCatDiv(
      base?.categorie ?? base?.category ?? '',
      base?.division ?? '',
      base?.id ?? 0,
    ),
    queryFn: ({ signal }) =>
      http.get<TTeam[]>('/api/equipes/by-cat-div', {
        signal,
        query: {
          categorie: base?.categorie ?? base?.category,
          division: base?.division,
          excludeId: base?.id,
        },
      }),
    enabled: base !== null,
  });
}

async function invalidateEvents(qc: ReturnType<typeof useQueryClient>) {
  await qc.invalidateQueries({ queryKey: queryKeys.events.all });
  // A MATCH event creates, moves or deletes its match.
  await qc.invalidateQueries({ queryKey: queryKeys.matches.all });
}

/** POST /api/evenements or PUT /api/evenements/{id}[?portee=] (an occurrence of a series). */
export function useSaveEvent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      body,
      portee,
    }: {
      id?: number;
      body: TEventWrite;
      portee?: TEventPortee;
    }) =>
      id === undefined
        ? http.post<TEvent>('/api/evenements', body)
        : http.put<TEvent>(`/api/evenements/${id}`, body, portee ? { query: { portee } } : {}),
    onSuccess: () => invalidateEvents(qc),
  });
}

/** DELETE /api/evenements/{id}[?portee=] (an occurrence of a series). */
export function useDeleteEvent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (target: number | { id: number; portee: TEventPortee }) =>
      typeof target === 'number'
        ? http.delete<unknown>(`/api/evenements/${target}`)
        : http.delete<unknown>(`/api/evenements/${target.id}`, undefined, {
            query: { portee: target.portee },
          }),
    onSuccess: () => invalidateEvents(qc),
  });
}
