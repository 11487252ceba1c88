import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TPaymentWrite, TTariffsWrite } from '@club/contract';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

const season = (saison: string) => (saison ? { saison } : {});

/** GET /api/cotisations?saison= (leaders): every row; the status filter is applied on screen. */
export function useFeeList(saison = '') {
  return useQuery({
    queryKey: queryKeys.fees.list(saison),
    queryFn: ({ signal }) => api.fees.list({ query: season(saison) }, { signal }),
  });
}

/** GET /api/cotisations/moi: the member and their children. */
export function useOwnFees() {
  return useQuery({
    queryKey: queryKeys.fees.own,
    queryFn: ({ signal }) => api.fees.own({}, { signal }),
  });
}

/** GET /api/clubs/{id}/tarifs */
export function useTariffs(clubId: number, saison = '') {
  return useQuery({
    queryKey: queryKeys.fees.tariffs(clubId, saison),
    queryFn: ({ signal }) =>
      api.fees.tariffs({ params: { id: clubId }, query: season(saison) }, { signal }),
  });
}

/** The leaders' writes; each refreshes every fee answer. */
export function useFeeActions() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.fees.all });
  return {
    record: useMutation({
      mutationFn: ({ membreId, body }: { membreId: number; body: TPaymentWrite }) =>
        api.fees.record({ params: { membreId }, body }),
      onSuccess: refresh,
    }),
    cancel: useMutation({
      mutationFn: (id: number) => api.fees.cancel({ params: { id } }),
      onSettled: refresh,
    }),
    exempt: useMutation({
      mutationFn: ({ membreId, exonere }: { membreId: number; exonere: boolean }) =>
        api.fees.exempt({ params: { membreId }, body: { exonere } }),
      onSettled: refresh,
    }),
    remind: useMutation({
      mutationFn: (simulation: boolean) => api.fees.remind({ body: { simulation } }),
    }),
    setTariffs: useMutation({
      mutationFn: ({ clubId, body }: { clubId: number; body: TTariffsWrite }) =>
        api.fees.setTariffs({ params: { id: clubId }, body }),
      onSuccess: refresh,
    }),
  };
}

function save(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // Some browsers read the URL after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** GET /api/cotisations/{membreId}/attestation.pdf, saved as a file. */
export async function downloadReceipt(membreId: number, saison: string) {
  const blob = await api.fees.receipt({ params: { membreId }, query: { saison } });
  save(blob, `attestation-paiement-${membreId}-${saison}.pdf`);
}

/** GET /api/cotisations/export, saved as a file. */
export async function downloadFeesCsv(saison: string) {
  save(await api.fees.export({ query: { saison } }), `cotisations-${saison}.csv`);
}
