import { definePermissions, leadersRow } from './permissions.ts';

/**
 * The match sheet and the live actions (docs/architecture.md §7, decisions 0125–0129):
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

/**
 * The team's actions told by Web Push to its families (docs/decisions/0140-push-on-match-events.md):
 * a goal, a try. Not the baskets (tens a match), nor a conversion, penalty or drop (the final
 * score tells them).
 */
export const PUSHED_ACTIONS: readonly TMatchActionType[] = ['BUT', 'ESSAI'];

/** « 23e », « 1re » (the French ordinal of a minute). */
export const minuteOrdinal = (minute: number) => (minute <= 1 ? '1re' : `${minute}e`);

/** « Seniors 2 – 1 FC Voisin »: the sides as on the pitch. */
export const scoreLine = (
  home: string,
  away: string,
  score: { domicile: number; exterieur: number },
) => `${home} ${score.domicile} – ${score.exterieur} ${away}`;

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
 * docs/architecture.md §7 (MATCH_SHEET_PERMISSIONS): read by the members of either team (a
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

/** One match as the playing time reads it (decision 0128). */
export interface PlayingTimeMatch {
  /** The event's duration in minutes (a match lasts its event). */
  duree: number;
  /** The sheet: [memberId, starter]. */
  joueurs: readonly (readonly [number, boolean])[];
  /** Members who said they were available (the minutes they could have played count too). */
  disponibles?: readonly number[];
  /** The actions in order: [minute, type, memberId | null]. */
  actions: readonly (readonly [number, TMatchActionType, number | null])[];
}

/** A player's figures over matches: minutes played and possible, goals, assists, cards. */
export interface PlayingTime {
  minutes: number;
  /** Minutes of the matches the player was on the sheet of or available for. */
  possibles: number;
  buts: number;
  passes: number;
  cartons: number;
}

/**
 * Minutes played in one match from its sheet and its ENTREE / SORTIE / CARTON_ROUGE actions
 * (decision 0128): a starter is on from 0, a substitute from their ENTREE; a SORTIE or a red card
 * ends a spell (a sent-off player does not come back); the last spell ends with the match. Minutes
 * are clamped to [0, duree].
 */
export function minutesPlayed(match: PlayingTimeMatch): Map<number, number> {
  const end = Math.max(0, match.duree);
  const clamp = (m: number) => Math.min(Math.max(m, 0), end);
  const onSince = new Map<number, number>();
  const sentOff = new Set<number>();
  const minutes = new Map<number, number>();
  const add = (id: number, n: number) => minutes.set(id, (minutes.get(id) ?? 0) + n);
  for (const [id, starter] of match.joueurs) {
    minutes.set(id, 0);
    if (starter) onSince.set(id, 0);
  }
  const ordered = [...match.actions].sort((a, b) => a[0] - b[0]);
  for (const [minute, type, id] of ordered) {
    if (id === null) continue;
    const at = clamp(minute);
    if (type === 'ENTREE') {
      if (!onSince.has(id) && !sentOff.has(id)) onSince.set(id, at);
    } else if (type === 'SORTIE' || type === 'CARTON_ROUGE') {
      const since = onSince.get(id);
      if (since !== undefined) add(id, at - since);
      onSince.delete(id);
      if (type === 'CARTON_ROUGE') sentOff.add(id);
    }
  }
  for (const [id, since] of onSince) add(id, end - since);
  return minutes;
}

/** Every player's playing time over several matches (the season's statistics). */
export function playingTimeOf(matches: readonly PlayingTimeMatch[]): Map<number, PlayingTime> {
  const out = new Map<number, PlayingTime>();
  const row = (id: number) => {
    let r = out.get(id);
    if (!r) out.set(id, (r = { minutes: 0, possibles: 0, buts: 0, passes: 0, cartons: 0 }));
    return r;
  };
  for (const m of matches) {
    const played = minutesPlayed(m);
    const concerned = new Set([...played.keys(), ...(m.disponibles ?? [])]);
    for (const id of concerned) {
      const r = row(id);
      r.minutes += played.get(id) ?? 0;
      r.possibles += Math.max(0, m.duree);
    }
    for (const [, type, id] of m.actions) {
      if (id === null) continue;
      if (TEAM_POINTS[type]) row(id).buts += 1;
      else if (type === 'PASSE_DECISIVE') row(id).passes += 1;
      else if (type === 'CARTON_JAUNE' || type === 'CARTON_ROUGE') row(id).cartons += 1;
    }
  }
  return out;
}

/**
 * The playing-time rule: a player's share (minutes played ÷ possible) under half the team's median
 * share. Players with no possible minutes have no share, no flag, and do not count in the median.
 */
export function playingTimeAlerts(shares: readonly (number | null)[]): {
  median: number | null;
  alerts: boolean[];
} {
  const known = shares.filter((s): s is number => s !== null).sort((a, b) => a - b);
  const mid = known.length >> 1;
  const median = !known.length
    ? null
    : known.length % 2
      ? known[mid]!
      : (known[mid - 1]! + known[mid]!) / 2;
  return {
    median,
    alerts: shares.map(
      (s) => s !== null && median !== null && s < median * PLAYING_TIME_ALERT_RATIO,
    ),
  };
}
