import { everyMember, leadersOnly, type GridRow } from '../../test/policy-grid.ts';

/** ARCHITECTURE §6 for teams (TEAM_PERMISSIONS): every member reads, leaders write. */
export const gridRows: GridRow[] = [
  {
    route: 'GET /api/equipes/club/:clubId',
    name: 'teams: list the club’s teams',
    request: (w) => ({ method: 'GET', url: `/api/equipes/club/${w.club.id}` }),
    expect: everyMember(200),
  },
  {
    route: 'GET /api/equipes/club/:clubId/resume',
    name: 'teams: the team cards’ facts (each part filtered by the reader’s rules)',
    request: (w) => ({ method: 'GET', url: `/api/equipes/club/${w.club.id}/resume` }),
    expect: everyMember(200),
  },
  {
    route: 'GET /api/equipes/:id',
    name: 'teams: read a team',
    request: (w) => ({ method: 'GET', url: `/api/equipes/${w.t2.id}` }),
    expect: everyMember(200),
  },
  {
    route: 'GET /api/equipes/by-cat-div',
    name: 'teams: by category and division (the caller’s own club only)',
    request: () => ({ method: 'GET', url: '/api/equipes/by-cat-div?categorie=Senior&division=R1' }),
    expect: { ...everyMember(200), AUTRE_CLUB: 200 },
  },
  {
    route: 'POST /api/equipes',
    name: 'teams: create',
    request: (w) => ({
      method: 'POST',
      url: '/api/equipes',
      body: { nom: `Équipe ${w.seq()}`, division: 'D1', category: 'U15', idClub: w.club.id },
    }),
    expect: leadersOnly(201),
  },
  {
    route: 'PUT /api/equipes/:id',
    name: 'teams: update',
    request: async (w) => {
      const t = await w.freshTeam();
      return {
        method: 'PUT',
        url: `/api/equipes/${t.id}`,
        body: { nom: `${t.nom} bis`, division: 'D2', category: 'U13', idClub: w.club.id },
      };
    },
    expect: leadersOnly(200),
  },
  {
    route: 'DELETE /api/equipes/:id',
    name: 'teams: delete',
    request: async (w) => ({ method: 'DELETE', url: `/api/equipes/${(await w.freshTeam()).id}` }),
    expect: leadersOnly(200),
  },
];
