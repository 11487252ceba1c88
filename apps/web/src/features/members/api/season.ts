import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TImportReport, TMember, TMemberList } from '@club/contract';
import { api, declaredRefusal, endpoints } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { ClubMemberFilters } from './members.ts';

/** A large file on the embedded database takes seconds: wait longer than the usual 15 s. */
const IMPORT_TIMEOUT_MS = 120_000;

const rows = (list: TMemberList): TMember[] => (Array.isArray(list) ? list : list.content);
const clean = (filters: ClubMemberFilters) =>
  Object.fromEntries(
    Object.entries(filters).filter(([, v]) => typeof v === 'string' && v.trim() !== ''),
  ) as Record<string, string>;

/**
 * POST /api/membres/club/{clubId}/import?simulation= (multipart field « fichier »). A refused
 * import (422) is an answer too: its report lists the rows to fix.
 */
export function useImportMembers(clubId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({
      file,
      simulation,
    }: {
      file: File;
      simulation: boolean;
    }): Promise<{ refused: boolean; report: TImportReport }> => {
      const body = new FormData();
      body.append('fichier', file);
      try {
        const report = await api.members.import(
          { params: { clubId }, query: { simulation: simulation ? 'true' : 'false' }, body },
          { timeoutMs: IMPORT_TIMEOUT_MS },
        );
        return { refused: false, report };
      } catch (err) {
        const report = declaredRefusal(endpoints.members.import, 422, err);
        if (report) return { refused: true, report };
        throw err;
      }
    },
    onSuccess: ({ refused, report }) => {
      if (!refused && !report.simulation)
        return qc.invalidateQueries({ queryKey: queryKeys.members.all });
    },
  });
}

/** GET /api/membres/club/{clubId}/export with the list's filters, saved as a file. */
export async function downloadMembersCsv(clubId: number, filters: ClubMemberFilters) {
  const blob = await api.members.export({ params: { clubId }, query: clean(filters) });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  const d = new Date();
  const day = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  a.download = `membres-${day}.csv`;
  document.body.append(a);
  a.click();
  a.remove();
  // Some browsers read the URL after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The club's players of no team (GET …/recherche?role=JOUEUR&sansEquipe=true). */
export function usePlayersWithoutTeam(clubId: number | undefined) {
  const query = { role: 'JOUEUR', sansEquipe: 'true' } as const;
  return useQuery({
    queryKey: queryKeys.members.club(clubId ?? 0, query),
    queryFn: ({ signal }) =>
      api.members.searchClub({ params: { clubId: clubId! }, query }, { signal }).then(rows),
    enabled: clubId !== undefined,
  });
}

/** PUT /api/equipes/{id}/membres {ajouter}: several members join a team. */
export function useAssignTeam() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ teamId, memberIds }: { teamId: number; memberIds: number[] }) =>
      api.members.assignTeam({ params: { id: teamId }, body: { ajouter: memberIds } }),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: queryKeys.members.all }),
        qc.invalidateQueries({ queryKey: queryKeys.teams.all }),
      ]),
  });
}
