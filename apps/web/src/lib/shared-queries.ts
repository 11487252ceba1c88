import { useQuery } from '@tanstack/react-query';
import { api } from './api.ts';
import { queryKeys } from './query-keys.ts';

/**
 * Reads several features need, declared once (features may not import each other): the club's
 * teams (labels, pickers, the calendar's filters, the matches page), the club (settings, the
 * member form's season) and one member by id (the profile, the matches page's own statut).
 */

/** GET /api/equipes/club/{clubId} */
export function useClubTeams(clubId: number | undefined) {
  return useQuery({
    queryKey: queryKeys.teams.club(clubId ?? 0),
    queryFn: ({ signal }) => api.teams.listClub({ params: { clubId: clubId! } }, { signal }),
    enabled: clubId !== undefined,
  });
}

/** GET /api/clubs/{id}: the club's information and settings (its season's start month). */
export function useClub(id: number | undefined) {
  return useQuery({
    queryKey: queryKeys.club.one(id ?? 0),
    queryFn: ({ signal }) => api.clubs.get({ params: { id: id! } }, { signal }),
    enabled: id !== undefined,
    staleTime: 60_000,
  });
}

/** GET /api/membres/{id} */
export function useMember(id: number | undefined) {
  return useQuery({
    queryKey: queryKeys.profile.one(id ?? 0),
    queryFn: ({ signal }) => api.members.get({ params: { id: id! } }, { signal }),
    enabled: id !== undefined,
  });
}

/**
 * GET /api/membres/{clubId}/equipe/{nomEquipe}: a team's members as rows (the members pages, and
 * the messages' « Nouveau groupe »); the cache entry of the members feature's unfiltered list.
 */
export function useTeamMemberRows(clubId: number | undefined, nomEquipe: string) {
  return useQuery({
    queryKey: queryKeys.members.team(clubId ?? 0, nomEquipe, {}),
    queryFn: ({ signal }) =>
      api.members
        .listTeam({ params: { clubId: clubId!, nomEquipe } }, { signal })
        .then((list) => (Array.isArray(list) ? list : list.content)),
    enabled: clubId !== undefined && nomEquipe !== '',
  });
}

/** GET /api/conversations: the conversations page's list, and the navigation's unread total. */
export function useConversationList() {
  return useQuery({
    queryKey: queryKeys.conversations.list,
    queryFn: ({ signal }) => api.conversations.list({}, { signal }),
  });
}

/** The unread messages of every conversation (the navigation's « Messages »). */
export function useUnreadMessages(): number {
  const { data } = useConversationList();
  return (data ?? []).reduce((n, c) => n + c.nonLus, 0);
}
