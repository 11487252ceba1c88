import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TDutiesWrite } from '@club/contract';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/evenements/{id}/taches */
export function useDuties(eventId: number) {
  return useQuery({
    queryKey: queryKeys.duties.event(eventId),
    queryFn: ({ signal }) => api.duties.list({ params: { id: eventId } }, { signal }),
  });
}

/** The writes of the panel; each refreshes the event's duties (and the home's « À faire »). */
export function useDutyActions(eventId: number) {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: queryKeys.duties.all });
  return {
    signUp: useMutation({
      mutationFn: ({ tacheId, membreId }: { tacheId: number; membreId: number }) =>
        api.duties.signUp({ params: { id: tacheId }, body: { membreId } }),
      onSettled: refresh,
    }),
    withdraw: useMutation({
      mutationFn: ({ tacheId, membreId }: { tacheId: number; membreId: number }) =>
        api.duties.withdraw({ params: { id: tacheId, membreId } }),
      onSettled: refresh,
    }),
    replace: useMutation({
      mutationFn: (body: TDutiesWrite) => api.duties.replace({ params: { id: eventId }, body }),
      onSettled: refresh,
    }),
    propose: useMutation({
      mutationFn: (simulation: boolean) =>
        api.duties.propose({ params: { id: eventId }, body: { simulation } }),
      onSettled: (_d, _e, simulation) => (simulation ? undefined : refresh()),
    }),
  };
}

/** GET /api/taches/bilan?equipeId=&saison= */
export function useDutyTally(teamId: number, saison?: string) {
  return useQuery({
    queryKey: queryKeys.duties.tally(teamId, saison),
    queryFn: ({ signal }) =>
      api.duties.tally({ query: { equipeId: teamId, ...(saison ? { saison } : {}) } }, { signal }),
  });
}

/** GET /api/taches/bilan/export, saved as a file. */
export async function downloadDutyTallyCsv(teamId: number, saison?: string) {
  const blob = await api.duties.tallyExport({
    query: { equipeId: teamId, ...(saison ? { saison } : {}) },
  });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `taches-equipe-${teamId}${saison ? `-${saison}` : ''}.csv`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
