import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TTeam, TEventPortee, TEventWrite } from '@club/contract';
import { api } from '../../../lib/api.ts';
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
      api.events.listClub(
        { params: { clubId: clubId! }, query: { from: range?.from, to: range?.to } },
        { signal },
      ),
    enabled: clubId !== undefined && range !== null,
    placeholderData: (previous) => previous,
  });
}

/** GET /api/equipes/club/{clubId}: the club's teams (filters, selects, labels). */
export { useClubTeams as useCalendarTeams } from '../../../lib/shared-queries.ts';

/** GET /api/equipes/by-cat-div?categorie&division&excludeId: the possible opponents. */
export function useOpponentTeams(base: TTeam | null) {
  return useQuery({
    queryKey: queryKeys.teams.byCatDiv(
      base?.categorie ?? base?.category ?? '',
      base?.division ?? '',
      base?.id ?? 0,
    ),
    queryFn: ({ signal }) =>
      api.teams.byCategoryDivision(
        {
          query: {
            categorie: base!.categorie ?? base!.category ?? '',
            division: base!.division,
            excludeId: base!.id,
          },
        },
        { signal },
      ),
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
        ? api.events.create({ body })
        : api.events.update({ params: { id }, query: portee ? { portee } : {}, body }),
    onSuccess: () => invalidateEvents(qc),
  });
}

/** DELETE /api/evenements/{id}[?portee=] (an occurrence of a series). */
export function useDeleteEvent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (target: number | { id: number; portee: TEventPortee }) =>
      typeof target === 'number'
        ? api.events.remove({ params: { id: target } })
        : api.events.remove({ params: { id: target.id }, query: { portee: target.portee } }),
    onSuccess: () => invalidateEvents(qc),
  });
}
