import { definePermissions, leadersRow } from './permissions.ts';

/**
 * The match sheet and the live actions (docs/architecture.md §7 "Wave 4", decisions 0125–0129):
 * action types and their points by sport, the permission table and the server texts. Without zod,
 * so that the live sheet screen applies them without shipping the schemas of match-sheet.ts.
 */

export const MATCH_ACTION_TYPES = [
  'BUT',
  'PASSE_DECISIVE',
  'CARTON_JAUNE',
  'CARTON_ROUGE',
  'ENTREE',
  'SORTIE',
  'BUT_ADVERSAIRE',
  'ARRET',
  'EXCLUSION',
  'PANIER_1',
  'PANIER_2',
  'PANIER_3',
  'FAUTE',
  'POINTS_ADVERSAIRE',
  'ESSAI',
  'TRANSFORMATION',
  'PENALITE',
  'DROP',
] as const;
export type TMatchActionType = (typeof MATCH_ACTION_TYPES)[number];

/** The action types of each sport, in the order the live sheet offers them. */
export const ACTION_TYPES_BY_SPORT: Record<string, readonly TMatchActionType[]> = {
  Football: [
    'BUT',
    'PASSE_DECISIVE',
    'CARTON_JAUNE',
    'CARTON_ROUGE',
    'ENTREE',
    'SORTIE',
    'BUT_ADVERSAIRE',
  ],
  Handball: [
    'BUT',
    'ARRET',
    'EXCLUSION',
    'CARTON_JAUNE',
    'CARTON_ROUGE',
    'ENTREE',
    'SORTIE',
    'BUT_ADVERSAIRE',
  ],
  Basketball: [
    'PANIER_1',
    'PANIER_2',
    'PANIER_3',
    'FAUTE',
    'ENTREE',
    'SORTIE',
    'POINTS_ADVERSAIRE',
  ],
  Rugby: [
    'ESSAI',
    'TRANSFORMATION',
    'PENALITE',
    'DROP',
    'CARTON_JAUNE',
    'CARTON_ROUGE',
    'ENTREE',
    'SORTIE',
    'POINTS_ADVERSAIRE',
  ],
};

/** The club's sport's action types (an unknown sport: football's, as `squadSize` does). */
export function actionTypesFor(sport: string | null | undefined): readonly TMatchActionType[] {
  return ACTION_TYPES_BY_SPORT[sport ?? ''] ?? ACTION_TYPES_BY_SPORT.Football!;
}

/** Points an action gives the club's team (rugby 5/2/3/3, basketball 1/2/3, a goal 1). */
export const TEAM_POINTS: Partial<Record<TMatchActionType, number>> = {
  BUT: 1,
  PANIER_1: 1,
  PANIER_2: 2,
  PANIER_3: 3,
  ESSAI: 5,
  TRANSFORMATION: 2,
  PENALITE: 3,
  DROP: 3,
};

/** Actions of the opponent: no player; POINTS_ADVERSAIRE carries its `points`. */
export const OPPONENT_ACTIONS: readonly TMatchActionType[] = [
  'BUT_ADVERSAIRE',
  'POINTS_ADVERSAIRE',
];
export const isOpponentAction = (t: TMatchActionType) => OPPONENT_ACTIONS.includes(t);
/** The opponent's points of one action (a goal 1, else the typed points). */
export const opponentPoints = (t: TMatchActionType, points: number | null | undefined) =>
  t === 'BUT_ADVERSAIRE' ? 1 : t === 'POINTS_ADVERSAIRE' ? (points ?? 0) : 0;

/** The score the actions give: the club's team and the opponent. */
export function scoreFromActions(
  actions: readonly { type: TMatchActionType; points?: number | null }[],
): { equipe: number; adversaire: number } {
  let equipe = 0;
  let adversaire = 0;
  for (const a of actions) {
    equipe += TEAM_POINTS[a.type] ?? 0;
    adversaire += opponentPoints(a.type, a.points);
  }
  return { equipe, adversaire };
}

/** What each action is called on screen and on the public page. */
export const MATCH_ACTION_LABELS: Record<TMatchActionType, string> = {
  BUT: 'But',
  PASSE_DECISIVE: 'Passe décisive',
  CARTON_JAUNE: 'Carton jaune',
  CARTON_ROUGE: 'Carton rouge',
  ENTREE: 'Entrée',
  SORTIE: 'Sortie',
  BUT_ADVERSAIRE: 'But adverse',
  ARRET: 'Arrêt',
  EXCLUSION: 'Exclusion',
  PANIER_1: 'Panier à 1 point',
  PANIER_2: 'Panier à 2 points',
  PANIER_3: 'Panier à 3 points',
  FAUTE: 'Faute',
  POINTS_ADVERSAIRE: 'Points adverses',
  ESSAI: 'Essai',
  TRANSFORMATION: 'Transformation',
  PENALITE: 'Pénalité',
  DROP: 'Drop',
};

export const MATCH_MINUTE_MAX = 200;
export const OPPONENT_POINTS_MAX = 7;
export const SHIRT_NUMBER_MAX = 99;
export const SHEET_PLAYERS_MAX = 60;
export const ACTION_KEY_MAX = 100;

export const MATCH_SHEET_MESSAGES = {
  /** An action type that is not one of the club's sport (400). */
  wrongType: (sport: string) => `Cette action n'existe pas au ${sport.toLowerCase()}.`,
  typeInvalid: "Type d'action invalide.",
  minuteInvalid: `La minute doit être un nombre entier entre 0 et ${MATCH_MINUTE_MAX}.`,
  pointsRequired: `Indiquez les points adverses (de 1 à ${OPPONENT_POINTS_MAX}).`,
  playerRequired: 'Choisissez le joueur.',
  playerNotOnSheet: "Ce joueur n'est pas sur la feuille de match.",
  playerNotInTeam: "Ce joueur ne fait pas partie de l'équipe.",
  duplicatePlayer: 'Un joueur apparaît deux fois sur la feuille de match.',
  numberInvalid: `Le numéro doit être un nombre entier entre 1 et ${SHIRT_NUMBER_MAX}.`,
  duplicateNumber: 'Deux joueurs portent le même numéro.',
  /** Actions before the kick-off or on a cancelled match (409). */
  notLive: 'Les actions se saisissent pendant ou après le match.',
  cancelled: 'Ce match est annulé.',
  actionNotFound: 'Action introuvable.',
  linkRevoked: 'Lien public révoqué.',
  /** The typed final score differs from the actions' (shown, never overwritten). */
  scoreMismatch: (saisi: string, actions: string) =>
    `Le score saisi (${saisi}) ne correspond pas aux actions (${actions}).`,
} as const;

/**
 * docs/architecture.md §7 "match sheet, live actions": read by the members of either team (a
 * parent of a child in one), leaders; written by a coach of the team and the leaders. Target: the
 * match's teams. The public link (read-only, first names only) is made and revoked by the writers.
 */
export const MATCH_SHEET_PERMISSIONS = definePermissions({
  /** GET /api/matches/{id}/feuille and /direct. */
  read: {
    ...leadersRow('club', ['sharedTeam']),
    PARENT: ['sharedTeam', 'childrensTeams'],
  },
  /** PUT feuille, POST/DELETE actions. */
  write: { ...leadersRow(), ENTRAINEUR: ['sharedTeam'] },
  /** POST/DELETE /api/matches/{id}/lien-public. */
  share: { ...leadersRow(), ENTRAINEUR: ['sharedTeam'] },
});
export type TMatchSheetAction = keyof typeof MATCH_SHEET_PERMISSIONS;

/** Minutes of the share below which a player is flagged: half the team's median (decision 0128). */
export const PLAYING_TIME_ALERT_RATIO = 0.5;
