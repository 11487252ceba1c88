import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TMember, TMemberUpdate } from '@club/contract';
import { http } from '../../../lib/http.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/membres/{id} for the signed-in member. */
export function useProfile(id: number | undefined) {
  return useQuery({
    queryKey: queryKeys.profile.one(id ?? 0),
    queryFn: ({ signal }) => http.get<TMember>(`/api/membres/${id}`, { signal }),
    enabled: id !== undefined,
  });
}

/** PUT /api/membres/{id} with the profile's own fields (spec §7: also used for the profile). */
export function useSaveProfile(id: number | undefined) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TMemberUpdate) => http.put<TMember>(`/api/membres/${id}`, body),
    onSuccess: async (member) => {
      qc.setQueryData(queryKeys.profile.one(member.id), member);
      // The navigation bar shows the member's names.
      await qc.invalidateQueries({ queryKey: queryKeys.session.currentMember });
      await qc.invalidateQueries({ queryKey: queryKeys.members.all });
    },
  });
}
