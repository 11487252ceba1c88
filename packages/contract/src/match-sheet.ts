import { z } from 'zod';
import { MATCH_STATUSES } from './enums.ts';
import {
  ACTION_KEY_MAX,
  MATCH_ACTION_TYPES,
  MATCH_MINUTE_MAX,
  MATCH_SHEET_MESSAGES,
  OPPONENT_POINTS_MAX,
  SHEET_PLAYERS_MAX,
  SHIRT_NUMBER_MAX,
} from './match-sheet-rules.ts';
import { ZIdSchema, safeString, ZPersonRefSchema } from './schemas/common.ts';
export * from './match-sheet-rules.ts';

/**
 * The match sheet, its live actions and the public live link (docs/architecture.md §7;
 * decisions 0125–0129). Texts and rules without zod live in match-sheet-rules.ts.
 */

export const ZSheetPlayerInputSchema = z.object({
  membreId: ZIdSchema,
  titulaire: z.boolean({ error: 'titulaire doit valoir true ou false.' }),
  numero: z
    .number({ error: MATCH_SHEET_MESSAGES.numberInvalid })
    .int({ error: MATCH_SHEET_MESSAGES.numberInvalid })
    .min(1, { error: MATCH_SHEET_MESSAGES.numberInvalid })
    .max(SHIRT_NUMBER_MAX, { error: MATCH_SHEET_MESSAGES.numberInvalid })
    .nullable()
    .optional(),
});
export const ZSheetUpdateSchema = z.object({
  joueurs: z.array(ZSheetPlayerInputSchema).max(SHEET_PLAYERS_MAX),
});
export type TSheetUpdate = z.input<typeof ZSheetUpdateSchema>;

export const ZSheetSchema = z.object({
  /** false: the sheet was never saved, these rows come from the published selection. */
  enregistree: z.boolean(),
  joueurs: z.array(
    z.object({ membre: ZPersonRefSchema, titulaire: z.boolean(), numero: z.number().nullable() }),
  ),
});
export type TSheet = z.infer<typeof ZSheetSchema>;

export const ZMatchActionInputSchema = z.object({
  minute: z
    .number({ error: MATCH_SHEET_MESSAGES.minuteInvalid })
    .int({ error: MATCH_SHEET_MESSAGES.minuteInvalid })
    .min(0, { error: MATCH_SHEET_MESSAGES.minuteInvalid })
    .max(MATCH_MINUTE_MAX, { error: MATCH_SHEET_MESSAGES.minuteInvalid }),
  type: z.enum(MATCH_ACTION_TYPES, { error: MATCH_SHEET_MESSAGES.typeInvalid }),
  membreId: ZIdSchema.nullable().optional(),
  points: z
    .number({ error: MATCH_SHEET_MESSAGES.pointsRequired })
    .int({ error: MATCH_SHEET_MESSAGES.pointsRequired })
    .min(1, { error: MATCH_SHEET_MESSAGES.pointsRequired })
    .max(OPPONENT_POINTS_MAX, { error: MATCH_SHEET_MESSAGES.pointsRequired })
    .nullable()
    .optional(),
  /** Idempotency key of an offline replay: the same key twice stores one action. */
  cle: safeString().min(1).max(ACTION_KEY_MAX).optional(),
});
export type TMatchActionInput = z.input<typeof ZMatchActionInputSchema>;

export const ZMatchActionSchema = z.object({
  id: z.number(),
  minute: z.number(),
  type: z.enum(MATCH_ACTION_TYPES),
  points: z.number().nullable(),
  membre: ZPersonRefSchema.nullable(),
  cle: z.string().nullable(),
});
export type TMatchActionEntry = z.infer<typeof ZMatchActionSchema>;

const ZScore = z.object({ domicile: z.number(), exterieur: z.number() });

export const ZMatchLiveSchema = z.object({
  matchId: z.number(),
  statut: z.enum(MATCH_STATUSES),
  sport: z.string(),
  /** The club's sport's action types, in the sheet's order. */
  typesActions: z.array(z.enum(MATCH_ACTION_TYPES)),
  dateDebut: z.string(),
  dateFin: z.string(),
  equipeDomicile: z.string().nullable(),
  equipeExterieur: z.string().nullable(),
  /** The score the actions give, sides as on the pitch. */
  score: ZScore,
  /** The typed final score (PUT score), null when none. */
  scoreSaisi: ZScore.nullable(),
  /** The typed score differs from the actions': the sentence to show (never overwritten). */
  ecartScore: z.string().nullable(),
  actions: z.array(ZMatchActionSchema),
});
export type TMatchLive = z.infer<typeof ZMatchLiveSchema>;

export const ZPublicLinkSchema = z.object({ url: z.string() });

/** The public live page's data: first names only, no id, no private field (decision 0127). */
export const ZPublicMatchLiveSchema = z.object({
  nom: z.string(),
  statut: z.enum(MATCH_STATUSES),
  dateDebut: z.string(),
  equipeDomicile: z.string().nullable(),
  equipeExterieur: z.string().nullable(),
  score: ZScore,
  actions: z.array(
    z.object({
      minute: z.number(),
      type: z.enum(MATCH_ACTION_TYPES),
      libelle: z.string(),
      points: z.number().nullable(),
      prenom: z.string().nullable(),
    }),
  ),
});
export type TPublicMatchLive = z.infer<typeof ZPublicMatchLiveSchema>;

export const ZActionParamsSchema = z.object({ id: ZIdSchema, actionId: ZIdSchema });
export const ZPublicLiveParamsSchema = z.object({
  jeton: safeString()
    .regex(/^[A-Za-z0-9_-]{20,100}$/)
    .max(100),
});
