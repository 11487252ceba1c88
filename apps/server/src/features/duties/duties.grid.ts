import { api, routeKey, urlOf } from '@club/contract';
import { createEvent } from '../../db/factories.ts';
import { duties } from '../../db/schema.ts';
import { type GridRow, type GridWorld } from '../../test/policy-grid.ts';

/**
 * docs/architecture.md §7 for duties (DUTY_PERMISSIONS): a member signs up themself or their
 * child; a coach of the event's team and the leaders anyone of the team; another family, a coach
 * of another team and a player never sign up someone else. In the grid's world, player2 (team T2)
 * is the child of PARENT_AUTRE_EQUIPE and of ENTRAINEUR_PARENT; DEUX_EQUIPES coaches T2.
 */
let seq = 0;
async function freshT2Duty(w: GridWorld) {
  const event = await createEvent(w.app.db, w.club.id, {
    nom: `Tournoi ${++seq}`,
    type: 'TOURNOI',
    dateDebut: '2040-06-01 10:00:00',
    dateFin: '2040-06-01 18:00:00',
    teamIds: [w.t2.id],
  });
  const [row] = await w.app.db
    .insert(duties)
    .values({ clubId: w.club.id, eventId: event.id, libelle: 'Buvette', places: 20 })
    .returning({ id: duties.id });
  return row!.id;
}

export const gridRows: GridRow[] = [
  {
    route: routeKey(api.duties.signUp),
    name: 'duties: a T2 child signed up — their guardians, the coach of T2 and the leaders; not another family, a player or the coach of T1',
    request: async (w) => {
      const body = { membreId: w.player2.id };
      return {
        method: 'POST',
        url: urlOf(api.duties.signUp, { params: { id: await freshT2Duty(w) }, body }),
        body,
      };
    },
    expect: {
      ANONYME: 401,
      DIRIGEANT: 200,
      RESPONSABLE: 200,
      RESPONSABLE_JOUEUR: 200,
      PARENT_AUTRE_EQUIPE: 200,
      ENTRAINEUR_PARENT: 200,
      DEUX_EQUIPES: 200,
      ENTRAINEUR: 403,
      JOUEUR: 403,
      PARENT: 403,
      SANS_EQUIPE: 403,
      ENTRAINEUR_JOUEUR: 403,
      PARENT_DEUX_ENFANTS: 403,
      AUTRE_CLUB: 404,
    },
  },
];
