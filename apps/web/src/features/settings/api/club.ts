import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TChangePasswordBody,
  TClub,
  TClubUpdate,
  TPasswordConfirmation,
} from '@club/contract';
import { http } from '../../../lib/http.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/clubs/{id} (spec §7): the club information every member reads. */
export function useClub(id: number | undefined) {
  return useQuery({
    queryKey: queryKeys.club.one(id ?? 0),
    queryFn: ({ signal }) => http.get<TClub>(`/api/clubs/${id}`, { signal }),
    enabled: id !== undefined,
    staleTime: 60_000,
  });
}

/**
 * Save of the club information form: PUT /api/clubs/{id}, then the chosen logo (if any) with
 * POST /api/clubs/{id}/logo, multipart field `file` (spec §4: uploaded only on Save).
 */
export function useSaveClub(id: number | undefined) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ info, logo }: { info: TClubUpdate; logo: File | null }) => {
      let club = await http.put<TClub>(`/api/clubs/${id}`, info);
      if (logo) {
        const form = new FormData();
        form.append('file', logo);
        club = await http.post<TClub>(`/api/clubs/${id}/logo`, form);
      }
      return club;
    },
    onSuccess: async (club) => {
      qc.setQueryData(queryKeys.club.one(club.id), club);
      // The navigation bar shows the club name.
      await qc.invalidateQueries({ queryKey: queryKeys.session.all });
    },
  });
}

/** DELETE /api/clubs/{id} (the DIRIGEANT only). */
/** DELETE /api/clubs/{id} {motDePasse}: the DIRIGEANT's password again (re-authentication). */
export function useDeleteClub(id: number | undefined) {
  return useMutation({
    mutationFn: (body: TPasswordConfirmation) =>
      http.delete<{ message: string }>(`/api/clubs/${id}`, body),
  });
}

/** POST /api/compte/mot-de-passe (ARCHITECTURE §7, §8: the current password is required). */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: TChangePasswordBody) =>
      http.post<{ message: string }>('/api/compte/mot-de-passe', body),
  });
}
