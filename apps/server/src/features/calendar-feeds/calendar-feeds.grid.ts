import { everyMember, leadersOnly, type GridRow } from '../../test/policy-grid.ts';

/**
 * Issue 12, personal calendar feeds: every member subscribes to their own feed; a team filter
 * follows EVENT_PERMISSIONS.read (T1 is read by every team principal but SANS_EQUIPE; T3 by
 * leaders only); another club's team → 404. The feed itself (GET /api/calendrier/:fichier) is
 * public: its secret token is the credential (PUBLIC_ROUTES; calendar-feeds.test.ts).
 */
export const gridRows: GridRow[] = [
  {
    route: 'POST /api/calendrier/abonnement',
    name: 'calendar feeds: subscribe to all my teams',
    request: () => ({ method: 'POST', url: '/api/calendrier/abonnement', body: {} }),
    expect: { ...everyMember(201), AUTRE_CLUB: 201 },
  },
  {
    route: 'POST /api/calendrier/abonnement',
    name: 'calendar feeds: subscribe to T1 only',
    request: (w) => ({
      method: 'POST',
      url: '/api/calendrier/abonnement',
      body: { equipeId: w.t1.id, matchesSeulement: true },
    }),
    expect: { ...everyMember(201), SANS_EQUIPE: 403 },
  },
  {
    route: 'POST /api/calendrier/abonnement',
    name: 'calendar feeds: subscribe to T3 (a crafted request from a team role)',
    request: (w) => ({
      method: 'POST',
      url: '/api/calendrier/abonnement',
      body: { equipeId: w.t3.id },
    }),
    expect: leadersOnly(201),
  },
  {
    route: 'DELETE /api/calendrier/abonnement',
    name: 'calendar feeds: revoke my feed',
    request: () => ({ method: 'DELETE', url: '/api/calendrier/abonnement' }),
    expect: { ...everyMember(200), AUTRE_CLUB: 200 },
  },
];
