import { everyMember, type GridRow } from '../../test/policy-grid.ts';

/** Signed-in account calls: every member, on themselves only. */
export const gridRows: GridRow[] = [
  {
    route: 'POST /api/compte/mot-de-passe',
    name: 'account: change own password (a wrong current password → 400, after authentication)',
    request: () => ({
      method: 'POST',
      url: '/api/compte/mot-de-passe',
      body: { currentPassword: 'pas-le-bon', newPassword: 'Nouveau-Secret-2026!' },
    }),
    expect: { ...everyMember(400), AUTRE_CLUB: 400 },
  },
  {
    route: 'GET /api/compte/donnees',
    name: 'account: download own data (every member, their own data only)',
    request: () => ({ method: 'GET', url: '/api/compte/donnees' }),
    expect: { ...everyMember(200), AUTRE_CLUB: 200 },
  },
  {
    route: 'DELETE /api/compte',
    name: 'account: delete own account (a wrong password → 400, after authentication)',
    request: () => ({ method: 'DELETE', url: '/api/compte', body: { motDePasse: 'pas-le-bon' } }),
    expect: { ...everyMember(400), AUTRE_CLUB: 400 },
  },
];
