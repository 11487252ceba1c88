import { createEvent } from '../../db/factories.ts';
import { api, routeKey } from '@club/contract';
import { gridCall, type GridRow, type GridWorld } from '../../test/policy-grid.ts';

/** A future training of the given teams of club A. */
const training = (w: GridWorld, teamIds: number[], year = 2099) =>
  createEvent(w.app.db, w.club.id, {
    teamIds,
    dateDebut: `${year}-03-10 18:00:00`,
    dateFin: `${year}-03-10 20:00:00`,
  });

/** Who answers for player2 (T2) at a T1+T2 training before it starts. */
const answerForPlayer2 = {
  ANONYME: 401,
  DIRIGEANT: 200,
  RESPONSABLE: 200,
  ENTRAINEUR: 403,
  JOUEUR: 403,
  PARENT: 403,
  PARENT_AUTRE_EQUIPE: 200,
  DEUX_EQUIPES: 200,
  SANS_EQUIPE: 403,
  // hats: a player of T2 answers only for himself; the father of player2 answers for him
  ENTRAINEUR_JOUEUR: 403,
  RESPONSABLE_JOUEUR: 200,
  ENTRAINEUR_PARENT: 200,
  PARENT_DEUX_ENFANTS: 403,
  AUTRE_CLUB: 404,
} as const;

/**
 * The preference is the signed-in member's own. The e-mail link routes are public
 * (declared PUBLIC in the contract): their signed token is the credential (notifications.test.ts).
 */
export const gridRows: GridRow[] = [
  {
    route: routeKey(api.events.answerPresence),
    name: 'training attendance: answer for player2 (T2) at a T1+T2 training',
    request: async (w) =>
      gridCall(api.events.answerPresence, {
        params: { id: (await training(w, [w.t1.id, w.t2.id])).id },
        body: { joueurId: w.player2.id, statutPresence: 'DISPONIBLE' },
      }),
    expect: answerForPlayer2,
  },
  {
    route: routeKey(api.events.rollCall),
    name: 'roll call: player2 (T2) at a T1+T2 training, before it starts',
    request: async (w) =>
      gridCall(api.events.rollCall, {
        params: { id: (await training(w, [w.t1.id, w.t2.id])).id },
        body: { presences: [{ joueurId: w.player2.id, statutPresence: 'DISPONIBLE' }] },
      }),
    expect: answerForPlayer2,
  },
  {
    route: routeKey(api.events.rollCall),
    name: 'roll call once the training has started: the staff of player2 (T2) only (decision 0101)',
    request: async (w) =>
      gridCall(api.events.rollCall, {
        params: { id: (await training(w, [w.t1.id, w.t2.id], 2020)).id },
        body: { presences: [{ joueurId: w.player2.id, statutPresence: 'INDISPONIBLE' }] },
      }),
    expect: {
      ...answerForPlayer2,
      // the guardians, the coach of T1 who is player2's father included, no longer answer
      PARENT_AUTRE_EQUIPE: 409,
      ENTRAINEUR_PARENT: 409,
    },
  },
];
