import { api, routeKey, urlOf } from '@club/contract';
import { type GridRow, type Principal, type SignedInPrincipal } from '../../test/policy-grid.ts';
import { signIn } from '../../test/helper.ts';

const others = (status: number) =>
  Object.fromEntries(
    (
      [
        'DIRIGEANT',
        'RESPONSABLE',
        'ENTRAINEUR',
        'JOUEUR',
        'PARENT',
        'PARENT_AUTRE_EQUIPE',
        'DEUX_EQUIPES',
        'SANS_EQUIPE',
        'ENTRAINEUR_JOUEUR',
        'RESPONSABLE_JOUEUR',
        'ENTRAINEUR_PARENT',
      ] as SignedInPrincipal[]
    ).map((p) => [p, status]),
  ) as Record<SignedInPrincipal, number>;

export const gridRows: GridRow[] = [
  {
    route: routeKey(api.auth.switchClub),
    name: 'accounts: only an account with a row in club B moves its session there (decision 0112)',
    // A session of its own for each call: a switch revokes the session it leaves.
    request: async (w, p: Principal) => ({
      method: 'POST',
      url: urlOf(api.auth.switchClub, { body: { idClub: w.otherClub.id } }),
      body: { idClub: w.otherClub.id },
      ...(p === 'ANONYME' ? {} : { client: await signIn(w.app, w.me[p]) }),
    }),
    expect: {
      ANONYME: 401,
      ...others(403),
      // PARENT_DEUX_ENFANTS is an account in clubs A and B; AUTRE_CLUB's own club is B.
      PARENT_DEUX_ENFANTS: 200,
      AUTRE_CLUB: 200,
    },
  },
];
