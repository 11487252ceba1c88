import { everyMember, type Expectation, type GridRow } from '../../test/policy-grid.ts';

/**
 * The dashboards (spec §6): the current member for everyone; a team's events (EVENT_PERMISSIONS
 * read) and members (MEMBER_PERMISSIONS readTeam) for leaders, that team's members and the parents
 * of a child in it. T1 is the team of ENTRAINEUR, JOUEUR, PARENT, PARENT_AUTRE_EQUIPE and
 * DEUX_EQUIPES; T2 that of DEUX_EQUIPES and of PARENT_AUTRE_EQUIPE's child; T3 nobody's.
 */
const ownTeamT1: Expectation = { ...everyMember(200), SANS_EQUIPE: 403 };
const secondTeamT2: Expectation = {
  ...everyMember(200),
  ENTRAINEUR: 403,
  JOUEUR: 403,
  PARENT: 403,
  SANS_EQUIPE: 403,
};
const nobodysTeamT3: Expectation = {
  ...everyMember(403),
  DIRIGEANT: 200,
  RESPONSABLE: 200,
};
/** Club B's team: 404 for every member of club A, 200 for club B's DIRIGEANT. */
const otherClubsTeam: Expectation = { ...everyMember(404), AUTRE_CLUB: 200 };

const perTeam = (route: string, label: string, url: (teamId: number) => string): GridRow[] => [
  {
    route,
    name: `${label} of T1 (own team of the team roles)`,
    request: (w) => ({ method: 'GET', url: url(w.t1.id) }),
    expect: ownTeamT1,
  },
  {
    route,
    name: `${label} of T2 (second team of DEUX_EQUIPES, a child's team)`,
    request: (w) => ({ method: 'GET', url: url(w.t2.id) }),
    expect: secondTeamT2,
  },
  {
    route,
    name: `${label} of T3 (leaders only)`,
    request: (w) => ({ method: 'GET', url: url(w.t3.id) }),
    expect: nobodysTeamT3,
  },
  {
    route,
    name: `${label} of another club's team → 404`,
    request: (w) => ({ method: 'GET', url: url(w.otherTeam.id) }),
    expect: otherClubsTeam,
  },
];

export const gridRows: GridRow[] = [
  {
    route: 'GET /api/dashboard/infos',
    name: 'dashboard: the current member',
    request: () => ({ method: 'GET', url: '/api/dashboard/infos' }),
    expect: { ...everyMember(200), AUTRE_CLUB: 200 },
  },
  ...perTeam(
    'GET /api/dashboard/evenements/:id',
    'dashboard: today’s events',
    (id) => `/api/dashboard/evenements/${id}`,
  ),
  {
    route: 'GET /api/dashboard/evenements/:id',
    name: 'dashboard: upcoming events of T2',
    request: (w) => ({ method: 'GET', url: `/api/dashboard/evenements/${w.t2.id}?aVenir=true` }),
    expect: secondTeamT2,
  },
  ...perTeam(
    'GET /api/dashboard/membres/:id',
    'dashboard: members',
    (id) => `/api/dashboard/membres/${id}`,
  ),
];
