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
];
