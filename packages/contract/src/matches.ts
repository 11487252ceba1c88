import { z } from 'zod';
import { MATCH_STATUSES, PRESENCE_STATUSES } from './enums.ts';
import { SCORE_MIN } from './constants.ts';
import { isSidelinedStatus } from './member-status.ts';
import { MATCH_SERVER_MESSAGES, SCORE_MAX } from './match-rules.ts';
import { ZLocalDateTimeSchema } from './events.ts';
import { MATCH_MESSAGES, SERVER_MESSAGES } from './messages.ts';
import {
  ZIdSchema,
  ZPagingQuerySchema,
  safeString,
  type TPage,
  ZPersonRefSchema,
} from './schemas/common.ts';
import { JUSTIFICATION_MAX, SELECTION_VALUES } from './display.ts';
export {
  JUSTIFICATION_MAX,
  SELECTION_LABELS,
  SELECTION_VALUES,
  type TSelection,
} from './display.ts';

/**
 * Matches, scores and convocations (spec §2 matches page, §3 Match and Convocation entry, §4 match
 * statuses and presence, §5 scores and convocation, §6, §7 matches calls; docs/architecture.md §5
 * and §7). The statuses, their labels and colours, the presence values and `canEditScore` live in
 * enums.ts; the spec's page and error texts in MATCH_MESSAGES (messages.ts).
 */

export {
  SCORE_MAX,
  MATCH_SERVER_MESSAGES,
  MATCH_PERMISSIONS,
  type TMatchAction,
  CONVOCATION_PERMISSIONS,
  type TConvocationAction,
  matchTarget,
  mayEditScore,
  mayCancelMatch,
  mayAnswerOwnConvocation,
  needsJustification,
  SQUAD_SIZES,
  squadSize,
  maySelect,
} from './match-rules.ts';

/* ------------------------------------------------------------------ match */

/** A team as a match names it: a team of the club (id), or an external opponent (id null). */
export const ZMatchTeamSchema = z.object({ id: z.number().nullable(), nom: z.string() });
export type TMatchTeam = z.infer<typeof ZMatchTeamSchema>;

/**
 * A match (spec §3: id, dateDebut, statut, lieux, equipeDomicile{nom}, equipeExterieur{nom},
 * scoreDomicile, scoreExterieur), plus what the page needs: the event (name, end), the team ids
 * (to apply the tables), whether it is cancelled, and `version` for stale-edit detection (send it
 * back with the score, or as If-Match). Dates are club-local wall-clock 'YYYY-MM-DDThh:mm:ss'.
 * A missing side (team deleted) is null: the page shows '-'.
 */
export const ZMatchSchema = z.object({
  id: z.number(),
  evenementId: z.number(),
  nom: z.string(),
  dateDebut: z.string(),
  dateFin: z.string(),
  statut: z.enum(MATCH_STATUSES),
  lieux: z.string(),
  equipeDomicile: ZMatchTeamSchema.nullable(),
  equipeExterieur: ZMatchTeamSchema.nullable(),
  scoreDomicile: z.number().nullable(),
  scoreExterieur: z.number().nullable(),
  annule: z.boolean(),
  version: z.string(),
  /**
   * Reply deadline set for the convocation (club wall clock), or null: 48 h before the start
   * (decision 0025; the effective one is `replyDeadline(match)` in notifications.ts).
   */
  dateLimiteReponse: z.string().nullable(),
  /** Whether the base team (the team whose match it is) plays at home. */
  domicile: z.boolean(),
  /** The base team's opponent: the other team's name or the typed opponent, or null. */
  adversaire: z.string().nullable(),
  /** Meeting time (club wall clock) and place, or null. */
  rendezVous: z.string().nullable(),
  lieuRendezVous: z.string().nullable(),
  /** When the selection was last published (ISO instant), or null. */
  selectionPublieeLe: z.string().nullable(),
  /** Answer counts (présents / absents / sans réponse): for the coach and leaders, else null. */
  reponses: z
    .object({ presents: z.number(), absents: z.number(), sansReponse: z.number() })
    .nullable(),
});
export type TMatch = z.infer<typeof ZMatchSchema>;

export const ZMatchPageSchema = z.object({
  content: z.array(ZMatchSchema),
  page: z.number(),
  size: z.number(),
  totalElements: z.number(),
  totalPages: z.number(),
});
export type TMatchPage = TPage<TMatch>;
/** GET /api/matches/equipe/{id}: a plain array, or a page when page/size are given (spec §7). */
export const ZMatchListSchema = z.union([z.array(ZMatchSchema), ZMatchPageSchema]);

/** GET /api/matches/equipe/{id}?statut= (omitted for Tous), optional page/size. */
export const ZMatchListQuerySchema = ZPagingQuerySchema.extend({
  statut: safeString()
    .optional()
    .transform((v) => (v ? v.toUpperCase() : undefined))
    .pipe(z.enum(MATCH_STATUSES, { error: MATCH_SERVER_MESSAGES.statusInvalid }).optional()),
});
export type TMatchListQuery = z.input<typeof ZMatchListQuerySchema>;

/** One score: an integer ≥ 0; empty (or null) means null (spec §5). */
export const ZScoreSchema = z
  .union([z.number({ error: MATCH_SERVER_MESSAGES.scoreInteger }), safeString()])
  .nullish()
  .transform((v, ctx) => {
    if (v == null || (typeof v === 'string' && v === '')) return null;
    const n = typeof v === 'number' ? v : /^-?\d+$/.test(v) ? Number(v) : Number.NaN;
    if (!Number.isInteger(n)) {
      ctx.addIssue({ code: 'custom', message: MATCH_SERVER_MESSAGES.scoreInteger });
      return z.NEVER;
    }
    if (n < SCORE_MIN) {
      ctx.addIssue({ code: 'custom', message: MATCH_SERVER_MESSAGES.scoreMin });
      return z.NEVER;
    }
    if (n > SCORE_MAX) {
      ctx.addIssue({ code: 'custom', message: MATCH_SERVER_MESSAGES.scoreMax });
      return z.NEVER;
    }
    return n;
  });

/**
 * PUT /api/matches/{id}/score {scoreDomicile, scoreExterieur} (spec §7), plus `version` (the
 * match's `version` when the edit began; an If-Match header does the same). With a version, a
 * score saved by someone else in between answers 409 with the current match (ZScoreConflictSchema)
 * instead of overwriting it.
 */
export const ZScoreInputSchema = z
  .object({
    scoreDomicile: ZScoreSchema,
    scoreExterieur: ZScoreSchema,
    version: safeString().max(64).optional(),
  })
  .strict();
export type TScoreInput = z.input<typeof ZScoreInputSchema>;

/** The body of the 409 on a stale score: the French message and the match as it is now. */
export const ZScoreConflictSchema = z.object({
  message: z.string(),
  match: ZMatchSchema,
});
export type TScoreConflict = z.infer<typeof ZScoreConflictSchema>;

/** PUT /api/matches/{id}/annulation {annule}: cancel (true) or undo the cancellation (false). */
export const ZMatchCancelSchema = z
  .object({ annule: z.boolean({ error: SERVER_MESSAGES.invalidValue }) })
  .strict();
export type TMatchCancel = z.input<typeof ZMatchCancelSchema>;

/* ------------------------------------------------------------------ selection */

/**
 * PUT /api/matches/{id}/selection {joueurs: [{membreId, selection}], publier?}: the rows given
 * change (null clears a choice); with `publier` the whole selection is published: each player
 * whose published selection changes is told once (e-mail, push).
 */
export const ZSelectionUpdateSchema = z
  .object({
    joueurs: z
      .array(
        z
          .object({
            membreId: ZIdSchema,
            selection: z
              .enum(SELECTION_VALUES, {
                error: 'Sélection invalide (SELECTIONNE, REMPLACANT ou NON_RETENU).',
              })
              .nullable(),
          })
          .strict(),
      )
      .max(200, MATCH_SERVER_MESSAGES.itemsMax)
      .refine((rows) => new Set(rows.map((r) => r.membreId)).size === rows.length, {
        error: MATCH_SERVER_MESSAGES.duplicatePlayer,
      }),
    publier: z.boolean({ error: SERVER_MESSAGES.invalidValue }).optional(),
  })
  .strict();
export type TSelectionUpdate = z.input<typeof ZSelectionUpdateSchema>;

/* ------------------------------------------------------------------ convocations */

/**
 * A convocation entry (spec §3): joueur{id, nom, prenom}, statutPresence (DISPONIBLE, INDISPONIBLE
 * or null), justificationAbsence — present only for those allowed to read it
 * (CONVOCATION_PERMISSIONS.readJustification). `modifiable`: whether the caller may answer this row
 * (the table, the ACTIF rule, a cancelled match); `reponduLe`: when it was last answered.
 *
 * Another family's row (CONVOCATION_PERMISSIONS.readRow refuses it: a player or parent reading a
 * teammate's row) says only whether the player comes: statutPresence DISPONIBLE or null, selection
 * SELECTIONNE, REMPLACANT (published) or null — never NON_RETENU —, no `reponduLe`, no
 * justification (privacy.ts `convocationSeenByOthers`,
 * docs/decisions/0106-what-other-families-read-of-a-match-and-a-member.md).
 */
export const ZConvocationSchema = z.object({
  joueur: ZPersonRefSchema,
  statutPresence: z.enum(PRESENCE_STATUSES).nullable(),
  justificationAbsence: z.string().nullable().optional(),
  modifiable: z.boolean(),
  /** Absent from another family's row. */
  reponduLe: z.string().nullable().optional(),
  /**
   * The selection: the coach and leaders read their working choice; everyone else the published
   * one only (null until it is published; another family's NON_RETENU reads null).
   */
  selection: z.enum(SELECTION_VALUES).nullable(),
  /**
   * The player's status label (Actif, Blessé, Malade, Suspendu…: displayMemberStatus), for those
   * who read the row's justification (health data, privacy.ts: the coach, leaders, the player,
   * their guardians); left out for everyone else
   * (docs/decisions/0108-injured-and-suspended-players-on-match-day.md).
   */
  statutJoueur: z.string().optional(),
});
export type TConvocation = z.infer<typeof ZConvocationSchema>;
export const ZConvocationListSchema = z.array(ZConvocationSchema);

/** One row sent: joueurId, statutPresence, justification (spec §7; sent only when absent, else null). */
export const ZConvocationItemSchema = z
  .object({
    joueurId: ZIdSchema,
    statutPresence: z
      .enum(PRESENCE_STATUSES, { error: MATCH_SERVER_MESSAGES.presenceInvalid })
      .nullable(),
    justification: safeString()
      .max(JUSTIFICATION_MAX, MATCH_SERVER_MESSAGES.justificationTooLong)
      .nullish()
      .transform((v) => (v == null || v === '' ? null : v)),
  })
  .strict();
export type TConvocationItem = z.input<typeof ZConvocationItemSchema>;

/**
 * PUT /api/matches/{id}/convocations {items}. Only rows with a status are sent by the page (a null
 * status clears an answer). An INDISPONIBLE row without justification answers 400
 * 'Justificatif obligatoire pour {prénom} {nom}.' (MATCH_MESSAGES.justificationRequired): the names
 * are the server's, so that check is not part of this schema (see `needsJustification`).
 */
export const ZConvocationUpdateSchema = z
  .object({
    items: z
      .array(ZConvocationItemSchema)
      .max(200, MATCH_SERVER_MESSAGES.itemsMax)
      .refine((items) => new Set(items.map((i) => i.joueurId)).size === items.length, {
        error: MATCH_SERVER_MESSAGES.duplicatePlayer,
      }),
    /**
     * The reply deadline (club wall clock), null = the default (48 h before the start),
     * omitted = unchanged. Must be before the start (400 NOTIFICATION_MESSAGES.deadlineAfterStart).
     */
    dateLimiteReponse: ZLocalDateTimeSchema.nullable().optional(),
  })
  .strict();
export type TConvocationUpdate = z.input<typeof ZConvocationUpdateSchema>;

/** The spec's texts of the convocation modal, re-exported here for the matches screens. */
export const CONVOCATION_MESSAGES = {
  justificationRequired: MATCH_MESSAGES.justificationRequired,
  notConvoked: MATCH_MESSAGES.notConvoked,
  notActive: MATCH_MESSAGES.notActive,
} as const;

/**
 * Counts shown to the coach (spec §4 issue: présents / absents / sans réponse). A player kept off
 * by their status (Blessé, Malade, Suspendu: `statutJoueur`) and without answer is not awaited:
 * counted in `horsJeu`, not in `sansReponse`
 * (docs/decisions/0108-injured-and-suspended-players-on-match-day.md).
 */
export function convocationCounts(
  rows: readonly (Pick<TConvocation, 'statutPresence'> & { statutJoueur?: string })[],
) {
  let presents = 0;
  let absents = 0;
  let horsJeu = 0;
  for (const r of rows) {
    if (r.statutPresence === 'DISPONIBLE') presents++;
    else if (r.statutPresence === 'INDISPONIBLE') absents++;
    else if (isSidelinedStatus(r.statutJoueur)) horsJeu++;
  }
  return { presents, absents, horsJeu, sansReponse: rows.length - presents - absents - horsJeu };
}
