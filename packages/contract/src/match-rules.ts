import { canEditScore, type MatchStatus, type PresenceStatus } from './enums.ts';
import { SCORE_MIN } from './constants.ts';
import { isActiveStatus, sidelinedSelectionMessage } from './member-status.ts';
import {
  definePermissions,
  leadersRow,
  permits,
  type PermissionSubject,
  type PermissionTarget,
} from './permissions.ts';
import { JUSTIFICATION_MAX, type TSelection } from './display.ts';

/**
 * The rules of matches and convocations that validate nothing: limits, server texts, permissions,
 * squad sizes. Without zod, so that a screen applying them does not ship the schemas of
 * matches.ts, which re-exports them (docs/decisions/0091-signed-in-javascript-budget.md).
 */

/** A match's teams, as far as the rules read them. */
type MatchTeams = {
  equipeDomicile?: { id: number | null } | null;
  equipeExterieur?: { id: number | null } | null;
};

export const SCORE_MAX = 999;

/** Server answers of the matches feature beyond the spec's texts (French, shown as they are). */
export const MATCH_SERVER_MESSAGES = {
  scoreInteger: 'Le score doit être un nombre entier.',
  scoreMin: `Le score doit être supérieur ou égal à ${SCORE_MIN}.`,
  scoreMax: `Le score ne doit pas dépasser ${SCORE_MAX}.`,
  /** PUT score while A_VENIR or ANNULE (spec §4: only EN_COURS or TERMINE). */
  scoreNotEditable: 'Le score ne peut être saisi que pendant ou après le match.',
  /** 409 on a stale score: the body carries the current match. */
  scoreStale:
    'Le score a été modifié par quelqu’un d’autre entre-temps. Le score actuel est affiché ; vérifiez-le avant de réessayer.',
  /** Writing the convocation of a cancelled match. */
  cancelled: 'Ce match est annulé : les convocations ne peuvent plus être modifiées.',
  matchCancelled: 'Match annulé.',
  matchRestored: 'Annulation du match levée.',
  justificationTooLong: `Le justificatif ne doit pas dépasser ${JUSTIFICATION_MAX} caractères.`,
  presenceInvalid: 'Statut de présence invalide (DISPONIBLE ou INDISPONIBLE).',
  /** A row of the body names a player who is not convoked to this match. */
  playerNotConvoked: (prenom: string, nom: string) =>
    `${prenom} ${nom} n'est pas convoqué(e) pour ce match.`,
  unknownPlayer: "Ce joueur n'est pas convoqué pour ce match.",
  /** A parent answering for a child whose status is not ACTIF (only the coach answers then). */
  childNotActive: (prenom: string, nom: string) =>
    `Le statut de ${prenom} ${nom} n'est pas ACTIF : seul l'entraîneur peut répondre pour ce joueur.`,
  duplicatePlayer: 'Un joueur apparaît deux fois dans la convocation.',
  itemsMax: 'Trop de lignes dans la convocation.',
  saved: 'Convocation enregistrée.',
  /** PUT selection: an unavailable player cannot be selected (409). */
  unavailableSelected: (prenom: string, nom: string) =>
    `${prenom} ${nom} a répondu être indisponible : il (elle) ne peut pas être sélectionné(e) ni remplaçant(e).`,
  /**
   * PUT selection: a player who is not ACTIF (injured, ill, suspended…) cannot be selected (422),
   * the message naming the status (docs/decisions/0108-injured-and-suspended-players-on-match-day.md).
   */
  notActiveSelected: (prenom: string, nom: string, statut: string) =>
    sidelinedSelectionMessage(prenom, nom, statut),
  /** PUT annulation on a match that has started or is over (409). */
  playedNotCancellable: 'Ce match a déjà commencé ou est terminé : il ne peut plus être annulé.',
  statusInvalid: 'Statut de match invalide (A_VENIR, EN_COURS, TERMINE ou ANNULE).',
} as const;

/* ------------------------------------------------------------------ permissions */

/**
 * docs/architecture.md §7 (MATCH_PERMISSIONS). Target: the match's teams ({teamIds: [home, away?]},
 * both teams of the club when the opponent is one). Read: leaders, members of either team, a parent
 * of a child in one. Score and cancellation: leaders and a coach of either team; the score only
 * while EN_COURS or TERMINE (the value rule `canEditScore`, see `mayEditScore`).
 */
export const MATCH_PERMISSIONS = definePermissions({
  /** GET /api/matches/equipe/{id} (target: that team) and GET /api/matches/{id}. */
  read: {
    ...leadersRow('club', ['sharedTeam']),
    PARENT: ['sharedTeam', 'childrensTeams'],
  },
  /** PUT /api/matches/{id}/score */
  editScore: { ...leadersRow(), ENTRAINEUR: ['sharedTeam'] },
  /** PUT /api/matches/{id}/annulation (the only status a person sets, and it can be undone). */
  cancel: { ...leadersRow(), ENTRAINEUR: ['sharedTeam'] },
});
export type TMatchAction = keyof typeof MATCH_PERMISSIONS;

/**
 * docs/architecture.md §7 (CONVOCATION_PERMISSIONS; a child's convocation answered by a guardian). Targets: the list → the
 * match's teams; a row → {memberId: the convoked player, teamIds: the match's teams}. Coach (of
 * either team) and leaders write every row; a JOUEUR only their own row, and only when ACTIF (value
 * rule
 * `mayAnswerOwnConvocation`); a PARENT the rows of their children. Justifications are read by the
 * coach and leaders, by the player on their own row and by the player's guardians — never by other
 * players.
 */
export const CONVOCATION_PERMISSIONS = definePermissions({
  /** GET /api/matches/{id}/convocations (the whole list; a player sees it). */
  read: {
    ...leadersRow('club', ['sharedTeam']),
    PARENT: ['sharedTeam', 'childrensTeams'],
  },
  /** One row of PUT /api/matches/{id}/convocations. */
  answer: {
    ...leadersRow(),
    ENTRAINEUR: ['sharedTeam'],
    JOUEUR: ['self'],
    PARENT: ['children'],
  },
  /**
   * Whether a row is answered whole (answer time, justification, every status, NON_RETENU): the
   * player's own row, a guardian's child's, the team's coaches and the leaders. Anyone else reads
   * only whether the player comes and the published team sheet (privacy.ts
   * `convocationSeenByOthers`, decision 0106).
   */
  readRow: {
    ...leadersRow(),
    ENTRAINEUR: ['sharedTeam'],
    JOUEUR: ['self'],
    PARENT: ['children'],
  },
  /** Whether a row's justificationAbsence is part of the answer. */
  readJustification: {
    ...leadersRow(),
    ENTRAINEUR: ['sharedTeam'],
    JOUEUR: ['self'],
    PARENT: ['children'],
  },
  /** The counts présents / absents / sans réponse (spec §4: shown to the coach and leaders). */
  readSummary: { ...leadersRow(), ENTRAINEUR: ['sharedTeam'] },
  /** `dateLimiteReponse` of PUT /api/matches/{id}/convocations (the reply deadline). */
  setDeadline: { ...leadersRow(), ENTRAINEUR: ['sharedTeam'] },
  /** PUT /api/matches/{id}/selection: who plays (the team's coach and the leaders). */
  select: { ...leadersRow(), ENTRAINEUR: ['sharedTeam'] },
});
export type TConvocationAction = keyof typeof CONVOCATION_PERMISSIONS;

/** The table target of a match: its teams of the club. */
export function matchTarget(match: MatchTeams) {
  const teamIds = [match.equipeDomicile?.id, match.equipeExterieur?.id].filter(
    (id): id is number => typeof id === 'number',
  );
  return { teamIds } satisfies PermissionTarget;
}

/** Whether the member may edit this match's score now (table + status rule of spec §4). */
export function mayEditScore(
  subject: PermissionSubject,
  match: MatchTeams & { statut: MatchStatus },
): boolean {
  return (
    canEditScore(match.statut) &&
    permits(MATCH_PERMISSIONS, subject, 'editScore', matchTarget(match))
  );
}

/** Whether the member may cancel this match or undo its cancellation. */
export function mayCancelMatch(subject: PermissionSubject, match: MatchTeams): boolean {
  return permits(MATCH_PERMISSIONS, subject, 'cancel', matchTarget(match));
}

/**
 * A JOUEUR answers their own convocation only when their status is ACTIF (spec §4 and §6);
 * otherwise 'Votre statut n'est pas ACTIF. Vous ne pouvez pas répondre aux convocations.'.
 */
export function mayAnswerOwnConvocation(subject: { statut: string }): boolean {
  return isActiveStatus(subject.statut);
}

/** Absent needs a non-blank justification (spec §5). */
export function needsJustification(
  statutPresence: PresenceStatus | null | undefined,
  justification: string | null | undefined,
): boolean {
  return statutPresence === 'INDISPONIBLE' && (justification ?? '').trim() === '';
}

/**
 * Players on a match sheet per sport (starters and substitutes): what the selection screen counts
 * the selected and substitute players against. Unknown sport: football's.
 */
export const SQUAD_SIZES: Record<string, number> = {
  Football: 16,
  Basketball: 12,
  Handball: 16,
  Rugby: 23,
};
export function squadSize(sport: string | null | undefined): number {
  return SQUAD_SIZES[sport ?? ''] ?? SQUAD_SIZES.Football!;
}

/** Whether a player with this availability and status may be selected or be a substitute. */
export function maySelect(
  row: { statutPresence: PresenceStatus | null; statut: string },
  selection: TSelection | null,
): boolean {
  if (selection === null || selection === 'NON_RETENU') return true;
  return row.statutPresence !== 'INDISPONIBLE' && isActiveStatus(row.statut);
}
