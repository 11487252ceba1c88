import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TChangePasswordBody, TClubUpdate, TPasswordConfirmation } from '@club/contract';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/clubs/{id} (spec §7): the club information every member reads. */
export { useClub } from '../../../lib/shared-queries.ts';

/**
 * Save of the club information form: PUT /api/clubs/{id}, then the chosen logo (if any) with
 * POST /api/clubs/{id}/logo, multipart field `file` (spec §4: uploaded only on Save).
 */
export function useSaveClub(id: number | undefined) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ info, logo }: { info: TClubUpdate; logo: File | null }) => {
      let club = await api.clubs.update({ params: { id: id! }, body: info });
      if (logo) {
        const form = new FormData();
        form.append('file', logo);
        club = await api.clubs.setLogo({ params: { id: id! }, body: form });
      }
      return club;
    },
    onSuccess: async (club) => {
      qc.setQueryData(queryKeys.club.one(club.id), club);
      // The navigation bar shows the club name; members' age categories follow the season.
      await Promise.all([
        qc.invalidateQueries({ queryKey: queryKeys.session.all }),
        qc.invalidateQueries({ queryKey: queryKeys.members.all }),
      ]);
    },
  });
}

/** DELETE /api/clubs/{id} {motDePasse}: the DIRIGEANT's password again (re-authentication). */
export function useDeleteClub(id: number | undefined) {
  return useMutation({
    mutationFn: (body: TPasswordConfirmation) => api.clubs.remove({ params: { id: id! }, body }),
  });
}

/** POST /api/compte/mot-de-passe (the current password is required: docs/architecture.md). */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: TChangePasswordBody) => api.auth.changePassword({ body }),
  });
}
