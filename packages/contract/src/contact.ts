import { z } from 'zod';
import { CONTACT_MESSAGES } from './messages.ts';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, safeString } from './schemas/common.ts';
import {
  CONTACT_CAPTCHA_MAX_LENGTH,
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_NAME_MAX_LENGTH,
  CONTACT_SUBJECT_MAX_LENGTH,
} from './contact-form.ts';
import { SERVER_MESSAGES } from './messages.ts';

const required = (message: string, max: number) =>
  safeString({ error: message }).min(1, message).max(max, SERVER_MESSAGES.tooLong(max));

/**
 * POST /api/contact (spec §7): values trimmed, messages of spec §5, captcha of
 * docs/architecture.md §11.
 */
export const ZContactRequestSchema = z
  .object({
    nom: required(CONTACT_MESSAGES.nomRequired, CONTACT_NAME_MAX_LENGTH),
    prenom: required(CONTACT_MESSAGES.prenomRequired, CONTACT_NAME_MAX_LENGTH),
    email: safeString({ error: CONTACT_MESSAGES.emailInvalid })
      .max(EMAIL_MAX_LENGTH, CONTACT_MESSAGES.emailInvalid)
      .regex(EMAIL_PATTERN, CONTACT_MESSAGES.emailInvalid),
    sujet: required(CONTACT_MESSAGES.sujetRequired, CONTACT_SUBJECT_MAX_LENGTH),
    message: required(CONTACT_MESSAGES.messageRequired, CONTACT_MESSAGE_MAX_LENGTH),
    /** The per-submission token of the spec: an idempotency key (a UUID). */
    token: z.uuid({ error: SERVER_MESSAGES.invalidValue }),
    captcha: safeString({ error: CONTACT_MESSAGES.captchaRequired })
      .min(1, CONTACT_MESSAGES.captchaRequired)
      .max(CONTACT_CAPTCHA_MAX_LENGTH, CONTACT_MESSAGES.captchaRequired),
  })
  .strict();
export type TContactRequest = z.infer<typeof ZContactRequestSchema>;

/** GET /api/accueil/stats (spec §7). */
export const ZHomeStatsSchema = z.object({
  members: z.number().int().nonnegative(),
  clubs: z.number().int().nonnegative(),
  equipes: z.number().int().nonnegative(),
});
export type THomeStats = z.infer<typeof ZHomeStatsSchema>;

/** GET /api/accueil/stats/sports (spec §7). */
export const ZSportStatSchema = z.object({
  sportNom: z.string(),
  nombreEquipes: z.number().int().nonnegative(),
});
export const ZSportStatsSchema = z.array(ZSportStatSchema);
export type TSportStat = z.infer<typeof ZSportStatSchema>;

/**
 * GET /api/site: the editor's details and social links (docs/architecture.md §11: from
 * configuration).
 */
export const ZSiteInfoSchema = z.object({
  editor: z.object({
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    city: z.string(),
  }),
  social: z.object({
    facebook: z.string().nullable(),
    twitter: z.string().nullable(),
    instagram: z.string().nullable(),
    linkedin: z.string().nullable(),
  }),
});
export type TSiteInfo = z.infer<typeof ZSiteInfoSchema>;
