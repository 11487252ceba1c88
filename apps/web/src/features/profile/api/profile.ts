import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TMemberUpdate } from '@club/contract';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useMember } from '../../../lib/shared-queries.ts';

/** GET /api/membres/{id} for the signed-in member. */
export const useProfile = useMember;

/** PUT /api/membres/{id} with the profile's own fields (spec §7: also used for the profile). */
export function useSaveProfile(id: number | undefined) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TMemberUpdate) => api.members.update({ params: { id: id! }, body }),
    onSuccess: async (member) => {
      qc.setQueryData(queryKeys.profile.one(member.id), member);
      // The navigation bar shows the member's names.
      await qc.invalidateQueries({ queryKey: queryKeys.session.currentMember });
      await qc.invalidateQueries({ queryKey: queryKeys.members.all });
    },
  });
}
