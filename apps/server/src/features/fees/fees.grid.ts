import { api, routeKey, urlOf } from '@club/contract';
import { createPayment } from '../../db/factories.ts';
import {
  everyone,
  leadersOnly,
  type GridRow,
  type GridWorld,
  type Principal,
} from '../../test/policy-grid.ts';

/**
 * docs/architecture.md §7 for fees (FEE_PERMISSIONS): leaders see and record everything; a member
 * and their guardians read that member's own receipt; another family, a player and a coach never
 * do (a coach of the child's team included); another club's member is not found. In the grid's
 * world, player2 (team T2) is the child of PARENT_AUTRE_EQUIPE; PARENT's child is nobody here;
 * DEUX_EQUIPES coaches T2.
 */
const paid = async (w: GridWorld, member: { id: number; clubId: number }) => {
  await createPayment(w.app.db, member.clubId, member.id, { montant: 2500 });
  return member.id;
};

const self = (w: GridWorld, p: Principal) => (p === 'ANONYME' ? w.player1 : w.me[p]);

export const gridRows: GridRow[] = [
  {
    route: routeKey(api.fees.receipt),
    name: 'fees: a child’s receipt — the leaders and the child’s guardian; not another family, a player or the child’s coach',
    request: async (w) => ({
      method: 'GET',
      url: urlOf(api.fees.receipt, { params: { membreId: await paid(w, w.player2) } }),
    }),
    expect: { ...leadersOnly(200), PARENT_AUTRE_EQUIPE: 200, ENTRAINEUR_PARENT: 200 },
  },
  {
    route: routeKey(api.fees.receipt),
    name: 'fees: every member downloads their own receipt (another club’s too, in its club)',
    request: async (w, p) => ({
      method: 'GET',
      url: urlOf(api.fees.receipt, { params: { membreId: await paid(w, self(w, p)) } }),
    }),
    expect: { ...everyone(200), ANONYME: 401 },
  },
  {
    route: routeKey(api.fees.record),
    name: 'fees: a family does not record its own child’s payment; leaders do',
    request: (w) => {
      const body = { montant: 5000, moyen: 'ESPECES', date: '2026-09-15' } as const;
      return {
        method: 'POST',
        url: urlOf(api.fees.record, { params: { membreId: w.player2.id }, body }),
        body,
      };
    },
    expect: leadersOnly(201),
  },
  {
    route: routeKey(api.fees.cancel),
    name: 'fees: a guardian does not cancel their child’s payment; leaders do',
    request: async (w) => ({
      method: 'DELETE',
      url: urlOf(api.fees.cancel, {
        params: { id: (await createPayment(w.app.db, w.club.id, w.player2.id)).id },
      }),
    }),
    expect: leadersOnly(200),
  },
];
