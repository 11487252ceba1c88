import { useMutation, useQuery, useQueryClient, keepPreviousData } from '@tanstack/react-query';
import type {
  TClubMemberSearch,
  TMember,
  TMemberCreate,
  TMemberUpdate,
  TTeam,
  TTeamMemberSearch,
} from '@club/contract';
import { http } from '../../../lib/http.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Filters of the club members page (spec §2, §7): the contract's search query, without paging. */
export type ClubMemberFilters = Omit<TClubMemberSearch, 'page' | 'size'>;
/** Filters of a team members page: the contract's team search, without paging and the team. */
export type TeamMemberFilters = Omit<TTeamMemberSearch, 'page' | 'size' | 'clubId' | 'nomEquipe'>;

const clean = <T extends object>(filters: T) =>
  Object.fromEntries(
    Object.entries(filters).filter(([, v]) => typeof v === 'string' && v.trim() !== ''),
  ) as Record<string, string>;

/** GET /api/membres/club/{clubId}, or …/recherche with the non-empty filters. */
export function fetchClubMembers(clubId: number, filters: ClubMemberFilters, signal?: AbortSignal) {
  const query = clean(filters);
  return Object.keys(query).length
    ? http.get<TMember[]>(`/api/membres/club/${clubId}/recherche`, { query, signal })
    : http.get<TMember[]>(`/api/membres/club/${clubId}`, { signal });
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
  return Object.keys(query).length
    ? http.get<TMember[]>('/api/membres/recherche/equipe', {
        query: { clubId, nomEquipe, ...query },
        signal,
      })
    : http.get<TMember[]>(`/api/membres/${clubId}/equipe/${encodeURIComponent(nomEquipe)}`, {
        signal,
      });
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
export function useTeamChoices(clubId: number | undefined) {
  return useQuery({
    queryKey: queryKeys.teams.club(clubId ?? 0),
    queryFn: ({ signal }) => http.get<TTeam[]>(`/api/equipes/club/${clubId}`, { signal }),
    enabled: clubId !== undefined,
  });
}

export function useSaveMember() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: TMemberCreate | TMemberUpdate }) =>
      id === undefined
        ? http.post<TMember>('/api/membres', body)
        : http.put<TMember>(`/api/membres/${id}`, body),
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
    mutationFn: (id: number) => http.delete<{ message: string }>(`/api/membres/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.members.all }),
  });
}

/** POST /api/membres/{id}/invitation — resend the activation link. */
export function useResendInvitation() {
  return useMutation({
    mutationFn: (id: number) => http.post<{ message: string }>(`/api/membres/${id}/invitation`),
  });
}
