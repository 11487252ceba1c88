/** Paths of the calls made before the typed client is loaded (entry-calls.ts, session-prefetch.ts). */
export const ENTRY_PATHS = {
  homeStats: '/api/accueil/stats',
  sportStats: '/api/accueil/stats/sports',
  site: '/api/site',
  currentMember: '/api/dashboard/infos',
  dashboardHome: '/api/dashboard/accueil',
} as const;
