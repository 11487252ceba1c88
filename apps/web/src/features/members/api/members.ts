import { useMutation, useQuery, useQueryClient, keepPreviousData } from '@tanstack/react-query';
import type {
  TClubMemberSearch,
  TMember,
  TMemberCreate,
  TMemberList,
  TMemberUpdate,
  TTeamMemberSearch,
} from '@club/contract';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Filters of the club members page (spec §2, §7): the contract's search query, without paging. */
export type ClubMemberFilters = Omit<TClubMemberSearch, 'page' | 'size'>;
/** Filters of a team members page: the contract's team search, without paging and the team. */
export type TeamMemberFilters = Omit<TTeamMemberSearch, 'page' | 'size' | 'clubId' | 'nomEquipe'>;

/** Without paging parameters the lists are plain arrays (spec §7); a page's rows otherwise. */
const memberRows = (list: TMemberList): TMember[] => (Array.isArray(list) ? list : list.content);

const clean = <T extends object>(filters: T) =>
  Object.fromEntries(
    Object.entries(filters).filter(([, v]) => typeof v === 'string' && v.trim() !== ''),
  ) as Record<string, string>;

/** GET /api/membres/club/{clubId}, or …/recherche with the non-empty filters. */
export function fetchClubMembers(clubId: number, filters: ClubMemberFilters, signal?: AbortSignal) {
  const query = clean(filters);
  return (
    Object.keys(query).length
      ? api.members.searchClub({ params: { clubId }, query }, { signal })
      : api.members.listClub({ params: { clubId } }, { signal })
  ).then(memberRows);
}

export function useClubMembers(clubId: number | undefined, filters: ClubMemberFilters) {
  return useQuery({
    queryKey: queryKeys.members.club(clubId ?? 0, clean(filters)),
    queryFn: ({ signal }) => fetchClubMembers(clubId!, filters, signal),
    enabled: clubId !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/membres/{clubId}/equipe/{nomEquipe}, or /api/membres/recherche/equipe with filters. */
export function fetchTeamMembers(
  clubId: number,
  nomEquipe: string,
  filters: TeamMemberFilters,
  signal?: AbortSignal,
) {
  const query = clean(filters);
  return (
    Object.keys(query).length
      ? api.members.searchTeam({ query: { clubId, nomEquipe, ...query } }, { signal })
      : api.members.listTeam({ params: { clubId, nomEquipe } }, { signal })
  ).then(memberRows);
}

export function useTeamMembers(
  clubId: number | undefined,
  nomEquipe: string,
  filters: TeamMemberFilters,
) {
  return useQuery({
    queryKey: queryKeys.members.team(clubId ?? 0, nomEquipe, clean(filters)),
    queryFn: ({ signal }) => fetchTeamMembers(clubId!, nomEquipe, filters, signal),
    enabled: clubId !== undefined && nomEquipe !== '',
    placeholderData: keepPreviousData,
  });
}

/** Team names for the member form's team choice (GET /api/equipes/club/{clubId}). */
export { useClubTeams as useTeamChoices } from '../../../lib/shared-queries.ts';

export function useSaveMember() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: TMemberCreate | TMemberUpdate }) =>
      id === undefined
        ? api.members.create({ body: body as TMemberCreate })
        : api.members.update({ params: { id }, body: body as TMemberUpdate }),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: queryKeys.members.all }),
        // The member may be the signed-in one (a leader editing their own teams) or shown on the
        // profile page.
        qc.invalidateQueries({ queryKey: queryKeys.profile.all }),
        qc.invalidateQueries({ queryKey: queryKeys.session.currentMember }),
      ]),
  });
}

export function useDeleteMember() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.members.remove({ params: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.members.all }),
  });
}

/**
 * POST /api/membres/{id}/restaurer — undoes a deletion within its window (decision 0087); the
 * lists are read again.
 */
export function useRestoreMember() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.members.restore({ params: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.members.all }),
  });
}

/** POST /api/membres/{id}/invitation — resend the activation link. */
export function useResendInvitation() {
  return useMutation({
    mutationFn: (id: number) => api.members.resendInvitation({ params: { id } }),
  });
}
