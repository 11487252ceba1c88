import { SETTINGS_MESSAGES } from './messages.ts';
import { definePermissions, dirigeantOnlyRow, row } from './permissions.ts';

/**
 * The limits, messages and permissions of a club: without zod, so that the settings screen does not
 * ship the schemas of clubs.ts, which re-exports them
 * (docs/decisions/0091-signed-in-javascript-budget.md).
 */

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
