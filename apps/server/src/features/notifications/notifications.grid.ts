import { everyMember, type GridRow } from '../../test/policy-grid.ts';

/**
 * Issue 13: the preference is the signed-in member's own. The e-mail link routes are public
 * (PUBLIC_ROUTES): their signed token is the credential (notifications.test.ts).
 */
export const gridRows: GridRow[] = [
  {
    route: 'GET /api/notifications/preferences',
    name: 'notifications: read my preference',
    request: () => ({ method: 'GET', url: '/api/notifications/preferences' }),
    expect: { ...everyMember(200), AUTRE_CLUB: 200 },
  },
  {
    route: 'PUT /api/notifications/preferences',
    name: 'notifications: set my preference',
    request: () => ({
      method: 'PUT',
      url: '/api/notifications/preferences',
      body: { emails: true },
    }),
    expect: { ...everyMember(200), AUTRE_CLUB: 200 },
  },
];
