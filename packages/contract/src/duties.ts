import { z } from 'zod';
import { DUTY_LIMITS, DUTY_MESSAGES } from './duty-rules.ts';
import { EVENT_TYPES } from './enums.ts';
import { ZSeasonParamSchema } from './statistics.ts';
import { ZIdSchema, requiredText, ZPersonRefSchema } from './schemas/common.ts';

export * from './duty-rules.ts';

/**
 * Volunteer duties (docs/decisions/0130-volunteer-duties.md):
 *
 *   GET  /api/evenements/{id}/taches                 → TDuty[]
 *   PUT  /api/evenements/{id}/taches [{libelle, places}] → TDuty[] (coach, leaders)
 *   POST /api/taches/{id}/benevoles {membreId}       → TDuty (409 'Cette tâche est complète.')
 *   DELETE /api/taches/{id}/benevoles/{membreId}     → TDuty (« Je ne peux plus »: the coach is told)
 *   GET|PUT /api/equipes/{id}/modeles-taches [{libelle, places, types}]
 *   POST /api/evenements/{id}/taches/repartition {simulation} → TDutyProposal
 *   GET  /api/taches/bilan?equipeId=&saison=         → TDutyTally (…/export: CSV)
 */

const ZPlacesSchema = z
  .number({ error: DUTY_MESSAGES.placesInteger })
  .int(DUTY_MESSAGES.placesInteger)
  .min(DUTY_LIMITS.placesMin, DUTY_MESSAGES.placesRange)
  .max(DUTY_LIMITS.placesMax, DUTY_MESSAGES.placesRange);

export const ZDutyWriteSchema = z
  .object({ libelle: requiredText(DUTY_LIMITS.libelleMax), places: ZPlacesSchema })
  .strict();

const uniqueLabels = <T extends { libelle: string }>(v: readonly T[], ctx: z.RefinementCtx) => {
  const seen = new Set<string>();
  v.forEach((d, i) => {
    const key = d.libelle.trim().toLocaleLowerCase('fr');
    if (seen.has(key))
      ctx.addIssue({ code: 'custom', message: DUTY_MESSAGES.libelleTwice, path: [i, 'libelle'] });
    seen.add(key);
  });
};

export const ZDutiesWriteSchema = z
  .array(ZDutyWriteSchema)
  .max(DUTY_LIMITS.perEvent, DUTY_MESSAGES.tooMany)
  .superRefine(uniqueLabels);
export type TDutiesWrite = z.input<typeof ZDutiesWriteSchema>;

export const ZDutyTemplateWriteSchema = z
  .object({
    libelle: requiredText(DUTY_LIMITS.libelleMax),
    places: ZPlacesSchema,
    types: z
      .array(z.enum(EVENT_TYPES), { error: DUTY_MESSAGES.typesRequired })
      .min(1, DUTY_MESSAGES.typesRequired)
      .max(EVENT_TYPES.length),
  })
  .strict();
export const ZDutyTemplatesWriteSchema = z
  .array(ZDutyTemplateWriteSchema)
  .max(DUTY_LIMITS.perEvent, DUTY_MESSAGES.tooMany)
  .superRefine(uniqueLabels);
export type TDutyTemplatesWrite = z.input<typeof ZDutyTemplatesWriteSchema>;
export const ZDutyTemplatesSchema = z.array(
  z.object({ libelle: z.string(), places: z.number(), types: z.array(z.enum(EVENT_TYPES)) }),
);
export type TDutyTemplates = z.infer<typeof ZDutyTemplatesSchema>;

export const ZDutySignUpSchema = z.object({ membreId: ZIdSchema }).strict();
export type TDutySignUp = z.input<typeof ZDutySignUpSchema>;

export const ZVolunteerSchema = z.object({
  /** Who comes (a guardian signing up for a child: the guardian). */
  membreId: z.number(),
  /** The name: the initial only for another family (« D. »). */
  nom: z.string(),
  prenom: z.string(),
  /** The child the duty is done for (it counts for the family), when there is one. */
  pourMembreId: z.number().optional(),
});
export type TVolunteer = z.infer<typeof ZVolunteerSchema>;

export const ZDutySchema = z.object({
  id: z.number(),
  libelle: z.string(),
  places: z.number(),
  benevoles: z.array(ZVolunteerSchema),
});
export type TDuty = z.infer<typeof ZDutySchema>;
export const ZDutyListSchema = z.array(ZDutySchema);

export const ZDutyParamsSchema = z.object({ id: ZIdSchema });
export const ZVolunteerParamsSchema = z.object({ id: ZIdSchema, membreId: ZIdSchema });

export const ZDutyProposalWriteSchema = z.object({ simulation: z.boolean() }).strict();
export type TDutyProposalWrite = z.input<typeof ZDutyProposalWriteSchema>;

const ZFamilySchema = z.object({
  id: z.number(),
  nom: z.string(),
  membres: z.array(ZPersonRefSchema),
});

export const ZDutyProposalSchema = z.object({
  simulation: z.boolean(),
  propositions: z.array(
    z.object({
      tacheId: z.number(),
      libelle: z.string(),
      famille: ZFamilySchema,
      /** Who would be signed up (a guardian for a child), and for whom. */
      membreId: z.number(),
      pourMembreId: z.number().optional(),
      /** Duties the family carried this season before this one. */
      taches: z.number(),
    }),
  ),
  /** Places left without a family (not enough families available). */
  placesNonPourvues: z.number(),
});
export type TDutyProposal = z.infer<typeof ZDutyProposalSchema>;

export const ZDutyTallyQuerySchema = z
  .object({ equipeId: ZIdSchema.optional(), saison: ZSeasonParamSchema.optional() })
  .strict();
export type TDutyTallyQuery = z.output<typeof ZDutyTallyQuerySchema>;

/** One row per family of the team (or of the club), the most duties first. */
export const ZDutyTallySchema = z.array(
  z.object({
    /** « Famille Martin » */
    famille: z.string(),
    familleId: z.number(),
    membres: z.array(ZPersonRefSchema),
    taches: z.number(),
  }),
);
export type TDutyTally = z.infer<typeof ZDutyTallySchema>;
