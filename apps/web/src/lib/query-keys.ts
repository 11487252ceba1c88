/**
 * Every react-query key of the app, in one place (docs/conventions.md §3). A feature reads and
 * invalidates through these factories, never through a literal array, so that one feature's
 * mutation refreshes another feature's lists without knowing how they are spelled. Each group
 * starts with its own root (`queryKeys.members.all` …): invalidating the root refreshes every list
 * of the group.
 *
 * Filters are part of the key: pass only the non-empty ones, so that "no filter" and "empty
 * filter" share one cache entry.
 */
export type QueryFilters = Readonly<Record<string, string>>;

export const queryKeys = {
  /** The signed-in member (GET /api/dashboard/infos); kept when the rest is forgotten. */
  session: {
    all: ['session'] as const,
    currentMember: ['session', 'current-member'] as const,
  },
  /** GET /api/dashboard/accueil (the member's home: to answer, next matches, the club's to-dos) */
  dashboard: {
    all: ['dashboard'] as const,
    home: ['dashboard', 'home'] as const,
  },
  members: {
    all: ['members'] as const,
    /** GET /api/membres/club/{clubId} and …/recherche */
    club: (clubId: number, filters: QueryFilters = {}) =>
      ['members', 'club', clubId, filters] as const,
    /** GET /api/membres/{clubId}/equipe/{nomEquipe} and /api/membres/recherche/equipe */
    team: (clubId: number, nomEquipe: string, filters: QueryFilters = {}) =>
      ['members', 'team', clubId, nomEquipe, filters] as const,
    /** GET /api/dashboard/membres/{teamId} (dashboard member cards) */
    dashboard: (teamId: number) => ['members', 'dashboard', teamId] as const,
  },
  events: {
    all: ['events'] as const,
    /** GET /api/dashboard/evenements/{teamId} (the club's today, or `date`) */
    dashboardDay: (teamId: number, date = 'today') =>
      ['events', 'dashboard', teamId, 'day', date] as const,
    /** GET /api/dashboard/evenements/{teamId}?aVenir=true */
    dashboardUpcoming: (teamId: number) => ['events', 'dashboard', teamId, 'upcoming'] as const,
    /** GET /api/evenements/club/{clubId}?from=&to= (the calendar's visible range) */
    club: (clubId: number, range: Readonly<{ from: string; to: string }>) =>
      ['events', 'club', clubId, range.from, range.to] as const,
    /** GET /api/evenements/{id}/presences (attendance of a training) */
    presences: (eventId: number) => ['events', 'presences', eventId] as const,
  },
  teams: {
    all: ['teams'] as const,
    /** GET /api/equipes/club/{clubId} */
    club: (clubId: number) => ['teams', 'club', clubId] as const,
    /** GET /api/equipes/by-cat-div?categorie&division&excludeId (opponents of a match) */
    byCatDiv: (categorie: string, division: string, excludeId: number) =>
      ['teams', 'by-cat-div', categorie, division, excludeId] as const,
  },
  profile: {
    all: ['profile'] as const,
    /** GET /api/membres/{id} of the signed-in member */
    one: (memberId: number) => ['profile', memberId] as const,
    /** GET /api/calendrier/abonnement (the member's calendar feed, without its address) */
    calendarFeed: ['profile', 'calendar-feed'] as const,
  },
  club: {
    all: ['club'] as const,
    /** GET /api/clubs/{id} (settings, logo background) */
    one: (clubId: number) => ['club', clubId] as const,
  },
  carpool: {
    all: ['carpool'] as const,
    /** GET /api/evenements/{id}/covoiturage */
    event: (eventId: number) => ['carpool', 'event', eventId] as const,
  },
  duties: {
    all: ['duties'] as const,
    /** GET /api/evenements/{id}/taches */
    event: (eventId: number) => ['duties', 'event', eventId] as const,
    /** GET /api/taches/bilan?equipeId=&saison= */
    tally: (teamId: number, saison = '') => ['duties', 'tally', teamId, saison] as const,
  },
  statistics: {
    all: ['statistics'] as const,
    /** GET /api/statistiques/equipe/{teamId}?saison= (no saison: the club's current season) */
    team: (teamId: number, saison = '') => ['statistics', 'team', teamId, saison] as const,
    /** GET /api/statistiques/club/{clubId}?saison= */
    club: (clubId: number, saison = '') => ['statistics', 'club', clubId, saison] as const,
  },
  fees: {
    all: ['fees'] as const,
    /** GET /api/cotisations?saison=&statut= (leaders; the filter is applied on screen) */
    list: (saison = '') => ['fees', 'list', saison] as const,
    /** GET /api/cotisations/moi (the member and their children) */
    own: ['fees', 'own'] as const,
    /** GET /api/clubs/{id}/tarifs?saison= */
    tariffs: (clubId: number, saison = '') => ['fees', 'tariffs', clubId, saison] as const,
  },
  matches: {
    all: ['matches'] as const,
    /** GET /api/matches/equipe/{teamId}?statut= (no statut: every match) */
    team: (teamId: number, filters: QueryFilters = {}) =>
      ['matches', 'team', teamId, filters] as const,
    /** GET /api/matches/{matchId}/convocations */
    convocations: (matchId: number) => ['matches', 'convocations', matchId] as const,
    /** GET /api/matches/{matchId}/direct (decision 0126) */
    live: (matchId: number) => ['matches', 'live', matchId] as const,
    /** GET /api/matches/{matchId}/feuille (decision 0125) */
    sheet: (matchId: number) => ['matches', 'sheet', matchId] as const,
  },
  /** GET /api/direct/{jeton} (the public live page, no session; decision 0127) */
  publicLive: (jeton: string) => ['public-live', jeton] as const,
  /** GET /api/membres/invitation/{token} (activation page) */
  invitation: (token: string) => ['invitation', token] as const,
  /** GET /api/convocations/reponse?jeton= (answer from a convocation e-mail, no session) */
  convocationAnswer: (jeton: string) => ['convocation-answer', jeton] as const,
  announcements: {
    all: ['announcements'] as const,
    /** GET /api/annonces?limite= (no limit: the page's whole list) */
    list: (limite?: number) => ['announcements', 'list', limite ?? 'all'] as const,
    /** GET /api/annonces/{id}/lectures */
    receipts: (id: number) => ['announcements', 'receipts', id] as const,
  },
  conversations: {
    all: ['conversations'] as const,
    /** GET /api/conversations (with the unread counts) */
    list: ['conversations', 'list'] as const,
    /** GET /api/conversations/{id}/messages (every page of it) */
    messages: (conversationId: number) => ['conversations', 'messages', conversationId] as const,
  },
  notifications: {
    all: ['notifications'] as const,
    /** GET /api/notifications/preferences of the signed-in member */
    preferences: ['notifications', 'preferences'] as const,
  },
} as const;
