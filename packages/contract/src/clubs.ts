import { z } from 'zod';
import { CLUB_NAME_MAX_LENGTH, CLUB_NAME_MIN_LENGTH } from './constants.ts';
import { ZOptionalPhoneSchema } from './members.ts';
import { SETTINGS_MESSAGES } from './messages.ts';
import { definePermissions, dirigeantOnlyRow, row } from './permissions.ts';
import { ZIdSchema, optionalText, requiredText } from './schemas/common.ts';
import { ZSeasonStartMonthSchema } from './season-schemas.ts';

export const CLUB_LIMITS = {
  descriptionMax: 1000,
  paysMax: 80,
  villeMax: 80,
  adresseMax: 200,
} as const;

/**
 * The logo rules of docs/security.md: one file of at most 2 MiB, PNG, JPEG or WebP recognised by
 * its content (never SVG), at most 4096 × 4096 input pixels, re-encoded to at most 512 px.
 * (Spec §5 says "any image file type"; these limits are the deliberate safer reading.)
 */
export const LOGO_LIMITS = {
  maxBytes: 2 * 1024 * 1024,
  maxInputPixels: 4096 * 4096,
  maxSidePx: 512,
  acceptedTypes: ['image/png', 'image/jpeg', 'image/webp'],
} as const;

/** Messages the spec leaves to the server for the club settings (French, shown to the user). */
export const CLUB_MESSAGES = {
  nameTaken: 'Ce nom de club est déjà utilisé.',
  logoMissing: 'Aucun fichier reçu : choisissez une image.',
  logoType: 'Le logo doit être une image PNG, JPEG ou WebP.',
  logoTooLarge: 'Le logo ne doit pas dépasser 2 Mo.',
  logoTooManyPixels: 'L’image est trop grande : 4096 × 4096 pixels au plus.',
  logoUnreadable: 'Image illisible ou incomplète.',
  logoSaved: 'Logo enregistré.',
  onlyManagerEdit: SETTINGS_MESSAGES.onlyManagerEdit,
  onlyManagerDelete: SETTINGS_MESSAGES.onlyManagerDelete,
} as const;

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
    /** Some clients send the club's id back; it must then match the path. */
    id: ZIdSchema.optional(),
  })
  .strict();
export type TClubUpdate = z.input<typeof ZClubUpdateSchema>;

/**
 * docs/architecture.md §7 and spec §6: every member of the club reads the club information and its
 * logo; only the DIRIGEANT updates it, changes the logo or deletes the club.
 */
export const CLUB_PERMISSIONS = definePermissions({
  read: row('club'),
  update: dirigeantOnlyRow,
  logo: dirigeantOnlyRow,
  delete: dirigeantOnlyRow,
});
export type TClubAction = keyof typeof CLUB_PERMISSIONS;
