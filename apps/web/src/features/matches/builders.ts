// TEMPORARY: these move to testing/builders.ts (typed by '@club/contract') when the matches
// contract lands; the shared builders may not import a feature.
import type { TConvocation, TMatch } from './api/types.ts';

/**
 * Match 100 of club 2: Seniors (team 3, home) against an external opponent, finished, no score,
 * on 14 January 2027 at 15:00 (club wall clock).
 */
export function aMatch(overrides: Partial<TMatch> = {}): TMatch {
  return {
    id: 100,
    evenementId: 500,
    nom: 'Seniors – AS Voisine',
    dateDebut: '2027-01-14T15:00:00',
    dateFin: '2027-01-14T17:00:00',
    statut: 'TERMINE',
    lieux: 'Stade municipal',
    equipeDomicile: { id: 3, nom: 'Seniors' },
    equipeExterieur: { id: null, nom: 'AS Voisine' },
    scoreDomicile: null,
    scoreExterieur: null,
    annule: false,
    version: 'v1',
    ...overrides,
  };
}

/** The convocation row of player 10 (Léo Durand), not answered yet, answerable by the caller. */
export function aConvocation(
  overrides: Partial<Omit<TConvocation, 'joueur'>> & {
    joueur?: Partial<TConvocation['joueur']>;
  } = {},
): TConvocation {
  const { joueur, ...rest } = overrides;
  return {
    statutPresence: null,
    justificationAbsence: null,
    modifiable: true,
    reponduLe: null,
    ...rest,
    joueur: { id: 10, nom: 'Durand', prenom: 'Léo', ...joueur },
  };
}
