import { z } from 'zod';
import { FEE_MESSAGES, FEE_STATUSES, PASS_SPORT_MAX_CENTS, PAYMENT_METHODS } from './fee-rules.ts';
import { MONEY_MAX_CENTS } from './money.ts';
import {
  ZDateSchema,
  ZIdSchema,
  optionalText,
  requiredText,
  ZPersonRefSchema,
  ZTeamRefSchema,
} from './schemas/common.ts';
import { AGE_CATEGORIES } from './season.ts';
import { ZSeasonParamSchema, ZSeasonSchema } from './statistics.ts';

export * from './fee-rules.ts';
export * from './money.ts';

/**
 * Membership fees (docs/decisions/0135-membership-fees.md):
 *
 *   GET|PUT /api/clubs/{clubId}/tarifs?saison=        tariffs by category, family discount, deadline
 *   GET  /api/cotisations?saison=&statut=             leaders: every member's fee, paid, balance
 *   GET  /api/cotisations/moi?saison=                 the member and their children
 *   POST /api/cotisations/{membreId}/paiements        leaders: record a payment
 *   PUT  /api/cotisations/{membreId}/exoneration      leaders: exempt a member (or not)
 *   DELETE /api/paiements/{id}                        leaders: cancel (kept, visible, not counted)
 *   GET  /api/cotisations/{membreId}/attestation.pdf  « Attestation de paiement »
 *   POST /api/cotisations/relances                    leaders: mail families with a balance due
 *   GET  /api/cotisations/export?saison=              leaders: CSV for the accountant
 *
 * Amounts are whole cents; `saison` is 'AAAA-AAAA' (the club's current season when left out).
 */

/** Whole cents, 0 allowed (a free tariff), bounded. */
const ZCentsSchema = z
  .number({ error: FEE_MESSAGES.amountInvalid })
  .int(FEE_MESSAGES.amountInvalid)
  .min(0, FEE_MESSAGES.amountInvalid)
  .max(MONEY_MAX_CENTS, FEE_MESSAGES.amountTooLarge);
const ZPositiveCentsSchema = ZCentsSchema.min(1, FEE_MESSAGES.amountPositive);

export const ZFeeSeasonQuerySchema = z.object({ saison: ZSeasonParamSchema.optional() }).strict();
export type TFeeSeasonQuery = z.input<typeof ZFeeSeasonQuerySchema>;

export const ZFeeListQuerySchema = z
  .object({
    saison: ZSeasonParamSchema.optional(),
    statut: z.enum(FEE_STATUSES).optional(),
  })
  .strict();
export type TFeeListQuery = z.input<typeof ZFeeListQuerySchema>;

export const ZTariffSchema = z.object({
  libelle: requiredText(60),
  categories: z
    .array(z.enum(AGE_CATEGORIES), { error: FEE_MESSAGES.categoriesRequired })
    .min(1, FEE_MESSAGES.categoriesRequired)
    .max(AGE_CATEGORIES.length),
  montant: ZCentsSchema,
});
export type TTariff = z.infer<typeof ZTariffSchema>;

export const ZTariffsWriteSchema = z
  .object({
    tarifs: z.array(ZTariffSchema).max(20, FEE_MESSAGES.tooManyTariffs),
    reductionFamille: z
      .number({ error: FEE_MESSAGES.discountInvalid })
      .int(FEE_MESSAGES.discountInvalid)
      .min(0, FEE_MESSAGES.discountInvalid)
      .max(100, FEE_MESSAGES.discountInvalid),
    dateLimite: ZDateSchema.nullish().transform((v) => v ?? null),
  })
  .strict()
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.tarifs.forEach((t, i) => {
      for (const c of t.categories) {
        if (seen.has(c))
          ctx.addIssue({
            code: 'custom',
            message: FEE_MESSAGES.categoryTwice(c),
            path: ['tarifs', i, 'categories'],
          });
        seen.add(c);
      }
    });
  });
export type TTariffsWrite = z.input<typeof ZTariffsWriteSchema>;

export const ZTariffsSchema = z.object({
  saison: ZSeasonSchema,
  tarifs: z.array(
    z.object({ libelle: z.string(), categories: z.array(z.string()), montant: z.number() }),
  ),
  reductionFamille: z.number(),
  dateLimite: z.string().nullable(),
});
export type TTariffs = z.infer<typeof ZTariffsSchema>;

export const ZMemberIdParamsSchema = z.object({ membreId: ZIdSchema });

/** A Pass'Sport code as the family reads it to the club: letters, digits and dashes. */
const PASS_SPORT_CODE = /^[A-Z0-9][A-Z0-9-]{3,39}$/;

export const ZInstalmentSchema = z.object({ date: ZDateSchema, montant: ZPositiveCentsSchema });

export const ZPaymentWriteSchema = z
  .object({
    saison: ZSeasonParamSchema.optional(),
    montant: ZPositiveCentsSchema,
    moyen: z.enum(PAYMENT_METHODS, { error: FEE_MESSAGES.methodInvalid }),
    /** The day the club received it. */
    date: ZDateSchema,
    /** A cheque's number and bank, a transfer's label, the Pass'Sport code, the coupons' numbers. */
    reference: optionalText(60),
    /** Cheques handed together, cashed on these days (the sum is the payment's amount). */
    echeances: z.array(ZInstalmentSchema).max(12, FEE_MESSAGES.tooManyInstalments).optional(),
  })
  .strict()
  .transform((v) =>
    v.moyen === 'PASS_SPORT' && v.reference ? { ...v, reference: v.reference.toUpperCase() } : v,
  )
  .superRefine((v, ctx) => {
    if (v.echeances?.length) {
      if (v.moyen !== 'CHEQUE')
        ctx.addIssue({
          code: 'custom',
          message: FEE_MESSAGES.instalmentsChequeOnly,
          path: ['echeances'],
        });
      else if (v.echeances.reduce((n, e) => n + e.montant, 0) !== v.montant)
        ctx.addIssue({ code: 'custom', message: FEE_MESSAGES.instalmentsSum, path: ['echeances'] });
    }
    if (v.moyen === 'PASS_SPORT') {
      if (!v.reference || !PASS_SPORT_CODE.test(v.reference))
        ctx.addIssue({ code: 'custom', message: FEE_MESSAGES.passSportCode, path: ['reference'] });
      if (v.montant > PASS_SPORT_MAX_CENTS)
        ctx.addIssue({ code: 'custom', message: FEE_MESSAGES.passSportMax, path: ['montant'] });
    }
  });
export type TPaymentWrite = z.input<typeof ZPaymentWriteSchema>;

const ZPersonSchema = z.object({ nom: z.string(), prenom: z.string() });

export const ZPaymentSchema = z.object({
  id: z.number(),
  membreId: z.number().nullable(),
  saison: z.string(),
  montant: z.number(),
  moyen: z.enum(PAYMENT_METHODS),
  date: z.string(),
  reference: z.string().nullable(),
  echeances: z.array(z.object({ date: z.string(), montant: z.number() })),
  /** The leader who recorded it (their name as it was), and when. */
  enregistrePar: ZPersonSchema.nullable(),
  enregistreLe: z.string(),
  /** Who cancelled it, and when; null while it counts. */
  annule: z.object({ par: ZPersonSchema.nullable(), le: z.string() }).nullable(),
  /** An online provider's name and its reference of the payment (none yet: see decision 0137). */
  fournisseur: z.string().nullable(),
  referenceFournisseur: z.string().nullable(),
});
export type TPayment = z.infer<typeof ZPaymentSchema>;

export const ZFeeRowSchema = z.object({
  membre: ZPersonRefSchema,
  categorie: z.string().nullable(),
  tarif: z.string().nullable(),
  montantTarif: z.number(),
  reduction: z.number(),
  exoneration: z.object({ motif: z.string().nullable() }).nullable(),
  du: z.number(),
  paye: z.number(),
  reste: z.number(),
  statut: z.enum(FEE_STATUSES),
  famille: ZTeamRefSchema,
  paiements: z.array(ZPaymentSchema),
});
export type TFeeRow = z.infer<typeof ZFeeRowSchema>;

const ZTotalsSchema = z.object({ du: z.number(), paye: z.number(), reste: z.number() });

export const ZFeeListSchema = z.object({
  saison: ZSeasonSchema,
  dateLimite: z.string().nullable(),
  /** Over every member of the season, whatever the `statut` filter. */
  totaux: ZTotalsSchema,
  cotisations: z.array(ZFeeRowSchema),
});
export type TFeeList = z.infer<typeof ZFeeListSchema>;

export const ZOwnFeesSchema = z.object({
  saison: ZSeasonSchema,
  dateLimite: z.string().nullable(),
  /** The reader and their children: what they owe, paid, have left, and the payments. */
  cotisations: z.array(ZFeeRowSchema),
  /** Left to pay by the reader for themself and their children. */
  reste: z.number(),
});
export type TOwnFees = z.infer<typeof ZOwnFeesSchema>;

export const ZExemptionWriteSchema = z
  .object({
    saison: ZSeasonParamSchema.optional(),
    exonere: z.boolean({ error: 'Indiquez si le membre est exonéré.' }),
    motif: optionalText(120),
  })
  .strict();
export type TExemptionWrite = z.input<typeof ZExemptionWriteSchema>;

export const ZReminderWriteSchema = z
  .object({
    saison: ZSeasonParamSchema.optional(),
    simulation: z.boolean({ error: 'Indiquez s’il s’agit d’une simulation.' }),
  })
  .strict();
export type TReminderWrite = z.input<typeof ZReminderWriteSchema>;

export const ZReminderSchema = z.object({
  simulation: z.boolean(),
  familles: z.array(
    z.object({
      famille: ZTeamRefSchema,
      /** The adults the reminder goes to (the guardians, else the member themself). */
      destinataires: z.array(ZPersonRefSchema),
      /** The members of the family with a balance, each named in the mail. */
      membres: z.array(
        z.object({ id: z.number(), nom: z.string(), prenom: z.string(), reste: z.number() }),
      ),
      reste: z.number(),
    }),
  ),
  /** Families with a balance but no one to write to (no e-mail address). */
  sansAdresse: z.number(),
  /** Mails queued (0 in a simulation). */
  envoyes: z.number(),
});
export type TReminder = z.infer<typeof ZReminderSchema>;
