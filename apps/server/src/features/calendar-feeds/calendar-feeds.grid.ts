import { api, routeKey } from '@club/contract';
import { everyMember, gridCall, type GridRow } from '../../test/policy-grid.ts';

/**
 * Personal calendar feeds: every member subscribes to their own feed; a team filter
 * follows EVENT_PERMISSIONS.read (T1 is read by every team principal but SANS_EQUIPE; T3 by
 * leaders only); another club's team → 404. The feed itself (GET /api/calendrier/:fichier) is
 * public: its secret token is the credential (declared PUBLIC in the contract; calendar-feeds.test.ts).
 */
export const gridRows: GridRow[] = [
  {
    route: routeKey(api.calendarFeeds.state),
    name: 'calendar feeds: my subscription’s state',
    request: () => gridCall(api.calendarFeeds.state),
    expect: { ...everyMember(200), AUTRE_CLUB: 200 },
  },
  {
    route: routeKey(api.calendarFeeds.subscribe),
    name: 'calendar feeds: subscribe to all my teams',
    request: () => gridCall(api.calendarFeeds.subscribe, { body: {} }),
    expect: { ...everyMember(201), AUTRE_CLUB: 201 },
  },
];
