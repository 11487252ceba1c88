import { z } from 'zod';
import { CLUB_NAME_MAX_LENGTH, CLUB_NAME_MIN_LENGTH } from './constants.ts';
import { ZOptionalPhoneSchema } from './members.ts';
import { ZIdSchema, optionalText, requiredText } from './schemas/common.ts';
import { ZSeasonStartMonthSchema } from './season-schemas.ts';
import { CLUB_LIMITS } from './club-rules.ts';
import { CONVERSATION_LIMITS } from './conversation-rules.ts';
import { SERVER_MESSAGES } from './messages.ts';

export {
  CLUB_LIMITS,
  LOGO_LIMITS,
  CLUB_MESSAGES,
  CLUB_PERMISSIONS,
  type TClubAction,
} from './club-rules.ts';

/** A club as GET/PUT /api/clubs/{id} answer it (spec §3). */
export const ZClubSchema = z.object({
  id: z.number(),
  nom: z.string(),
  description: z.string().nullable(),
  pays: z.string().nullable(),
  ville: z.string().nullable(),
  adresse: z.string().nullable(),
  numeroTelephone: z.string().nullable(),
  sportNom: z.string().nullable(),
  /** Address of the stored logo (changes with it, so it may be cached), or null without logo. */
  logoUrl: z.string().nullable(),
  /** The month (1–12) the club's season starts in; age categories follow it (season.ts). */
  moisDebutSaison: z.number(),
  /** Members younger than this neither send nor receive messages (0: no limit; docs/architecture.md §6d). */
  ageMinimumMessagerie: z.number(),
  /** Messages are kept this many seasons, the current one included (default 2). */
  conservationMessagesSaisons: z.number(),
});
export type TClub = z.infer<typeof ZClubSchema>;

/** PUT /api/clubs/{id}: the club information form (spec §2, §3). */
export const ZClubUpdateSchema = z
  .object({
    nom: requiredText(CLUB_NAME_MAX_LENGTH, CLUB_NAME_MIN_LENGTH),
    description: optionalText(CLUB_LIMITS.descriptionMax),
    pays: optionalText(CLUB_LIMITS.paysMax),
    ville: optionalText(CLUB_LIMITS.villeMax),
    adresse: optionalText(CLUB_LIMITS.adresseMax),
    numeroTelephone: ZOptionalPhoneSchema,
    /** Omitted (the spec's form): unchanged. */
    moisDebutSaison: ZSeasonStartMonthSchema.optional(),
    ageMinimumMessagerie: z.coerce
      .number({ error: SERVER_MESSAGES.invalidValue })
      .int(SERVER_MESSAGES.invalidValue)
      .min(0, SERVER_MESSAGES.invalidValue)
      .max(CONVERSATION_LIMITS.ageMinimumMax, SERVER_MESSAGES.invalidValue)
      .optional(),
    conservationMessagesSaisons: z.coerce
      .number({ error: SERVER_MESSAGES.invalidValue })
      .int(SERVER_MESSAGES.invalidValue)
      .min(1, SERVER_MESSAGES.invalidValue)
      .max(CONVERSATION_LIMITS.conservationSaisonsMax, SERVER_MESSAGES.invalidValue)
      .optional(),
    /** Some clients send the club's id back; it must then match the path. */
    id: ZIdSchema.optional(),
  })
  .strict();
export type TClubUpdate = z.input<typeof ZClubUpdateSchema>;
