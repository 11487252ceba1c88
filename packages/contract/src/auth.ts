import { z } from 'zod';
import {
  CLUB_NAME_MAX_LENGTH,
  CLUB_NAME_MIN_LENGTH,
  NAME_MAX_LENGTH,
  NAME_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
} from './constants.ts';
import { GENDERS, LEADER_ROLES, ROLES, SPORTS } from './enums.ts';
import { LOGIN_MESSAGES, REGISTRATION_MESSAGES, SERVER_MESSAGES } from './messages.ts';
import { isStrongPassword } from './password.ts';
import { ZChildTeamsSchema, ZMemberTeamSchema } from './members.ts';
import {
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  ZDateSchema,
  ZIdSchema,
  requiredText,
  safeString,
} from './schemas/common.ts';

/** Messages of the account features that the spec does not word (docs/architecture.md §6, §11). */
export const AUTH_MESSAGES = {
  /** POST /auth/club for a club the account has no membership in (docs/decisions/0112). */
  notInClub: 'Votre compte n’est pas membre de ce club.',
  /** An invitation to an existing account is accepted with its password (docs/decisions/0112). */
  existingPasswordWrong:
    'Mot de passe incorrect : indiquez le mot de passe de votre compte existant.',
  passwordTooLong: `Le mot de passe ne doit pas dépasser ${PASSWORD_MAX_LENGTH} caractères.`,
  passwordIsEmail: 'Le mot de passe ne doit pas être votre adresse e-mail.',
  passwordTooCommon: 'Ce mot de passe est trop courant. Choisissez-en un autre.',
  resetRequested:
    'Si un compte existe pour cette adresse, un e-mail contenant un lien de réinitialisation vient d’être envoyé. Le lien est valable 60 minutes.',
  resetTokenRequired:
    'Un lien de réinitialisation est nécessaire. Demandez-le depuis la page « Mot de passe oublié ».',
  resetTokenInvalid:
    'Ce lien de réinitialisation est invalide ou a expiré. Demandez-en un nouveau.',
  resetRequestTitle: 'Mot de passe oublié',
  resetRequestIntro:
    'Saisissez l’adresse e-mail de votre compte : vous recevrez un lien pour choisir un nouveau mot de passe.',
  resetRequestSubmit: 'Envoyer le lien',
  currentPasswordWrong: 'Le mot de passe actuel est incorrect.',
  invitationInvalid:
    'Ce lien d’invitation est invalide ou a expiré. Demandez à votre club de vous le renvoyer.',
  activated: 'Compte activé ! Vous pouvez maintenant vous connecter.',
  loggedOut: 'Déconnexion réussie.',
  mailFailed: 'L’e-mail n’a pas pu être envoyé. Réessayez plus tard.',
  sportUnknown: 'Sport inconnu.',
} as const;

/** E-mail: trimmed, lower-cased, the spec's simple pattern. */
export const ZEmailSchema = safeString({ error: LOGIN_MESSAGES.emailRequired })
  .toLowerCase()
  .min(1, LOGIN_MESSAGES.emailRequired)
  .max(EMAIL_MAX_LENGTH, SERVER_MESSAGES.tooLong(EMAIL_MAX_LENGTH))
  .regex(EMAIL_PATTERN, LOGIN_MESSAGES.emailInvalid);

/** A new password: the spec's five rules plus the 128-character cap. */
export const ZNewPasswordSchema = safeString({
  error: LOGIN_MESSAGES.passwordRequired,
  trim: false,
})
  .max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordTooLong)
  .refine(isStrongPassword, { error: REGISTRATION_MESSAGES.passwordRule });

export const ZDeviceFingerprintSchema = safeString()
  .min(1, SERVER_MESSAGES.required)
  .max(200, SERVER_MESSAGES.tooLong(200));

export const ZLoginBodySchema = z
  .object({
    email: ZEmailSchema,
    // Any stored password is at most 128 characters; the cap keeps hashing bounded.
    password: safeString({ error: LOGIN_MESSAGES.passwordRequired, trim: false })
      .min(1, LOGIN_MESSAGES.passwordRequired)
      .max(256, SERVER_MESSAGES.tooLong(256)),
    deviceFingerprint: ZDeviceFingerprintSchema,
  })
  .strict();
export type TLoginBody = z.infer<typeof ZLoginBodySchema>;

export const ZRefreshBodySchema = z
  .object({ deviceFingerprint: ZDeviceFingerprintSchema })
  .strict();
export type TRefreshBody = z.infer<typeof ZRefreshBodySchema>;

/** One club of an account (docs/decisions/0112): the member row the account has there. */
export const ZAccountClubSchema = z.object({
  idClub: z.number(),
  nomClub: z.string(),
  idMembre: z.number(),
  role: z.enum(ROLES),
});
export type TAccountClub = z.infer<typeof ZAccountClubSchema>;

/** POST /auth/club: the club the session moves to. */
export const ZSwitchClubBodySchema = z.object({ idClub: ZIdSchema }).strict();
export type TSwitchClubBody = z.infer<typeof ZSwitchClubBodySchema>;

/**
 * Session info of spec §3 (login, refresh and club switch answers), for the club the session is
 * in; `clubs` lists every club of the account (docs/decisions/0112), this one included.
 */
export const ZSessionInfoSchema = z.object({
  id: z.number(),
  idClub: z.number(),
  idEquipe: z.number().nullable(),
  role: z.enum(ROLES),
  email: z.string(),
  nomEquipe: z.string().nullable(),
  nomClub: z.string(),
  statut: z.string(),
  joueurId: z.number().optional(),
  clubs: z.array(ZAccountClubSchema).optional(),
});
export type TSessionInfo = z.infer<typeof ZSessionInfoSchema>;

/**
 * GET /api/dashboard/infos: the current member (spec §3). idEquipe / nomEquipe are the primary team
 * (the login redirect's); `equipes` lists every team of the member, primary first (decision 0012);
 * `enfants` a parent's children with their teams (decision 0084; absent from answers built without it).
 */
export const ZCurrentMemberSchema = z.object({
  id: z.number(),
  idClub: z.number(),
  idEquipe: z.number().nullable(),
  role: z.enum(ROLES),
  email: z.string(),
  nom: z.string(),
  prenom: z.string(),
  nomClub: z.string(),
  nomEquipe: z.string().nullable(),
  statut: z.string(),
  /** Hats: the club role (null: none); absent from answers built without it (test doubles). */
  roleClub: z.enum(LEADER_ROLES).nullable().optional(),
  /** Every team with the role held in it (`role` absent from answers built without it). */
  equipes: z.array(ZMemberTeamSchema.partial({ role: true })),
  enfants: z.array(ZChildTeamsSchema).optional(),
  /**
   * The member's hats, one section each on the home (docs/architecture.md §7): the club role, each
   * team with its role, the children with their teams.
   */
  casquettes: z
    .object({
      roleClub: z.enum(LEADER_ROLES).nullable(),
      equipes: z.array(ZMemberTeamSchema),
      enfants: z.array(ZChildTeamsSchema),
    })
    .optional(),
});
export type TCurrentMember = z.infer<typeof ZCurrentMemberSchema>;

export const ZForgotPasswordBodySchema = z.object({ email: ZEmailSchema }).strict();
export type TForgotPasswordBody = z.infer<typeof ZForgotPasswordBodySchema>;

/**
 * The spec's {email, newPassword}, plus the e-mailed token that docs/architecture.md §11 requires.
 */
export const ZResetPasswordBodySchema = z
  .object({
    email: ZEmailSchema,
    newPassword: ZNewPasswordSchema,
    token: safeString().max(200).optional(),
  })
  .strict();
export type TResetPasswordBody = z.infer<typeof ZResetPasswordBodySchema>;

export const ZChangePasswordBodySchema = z
  .object({
    currentPassword: safeString({ error: SERVER_MESSAGES.required, trim: false })
      .min(1, SERVER_MESSAGES.required)
      .max(256),
    newPassword: ZNewPasswordSchema,
  })
  .strict();
export type TChangePasswordBody = z.infer<typeof ZChangePasswordBodySchema>;

export const ZRegistrationBodySchema = z
  .object({
    nom: requiredText(NAME_MAX_LENGTH, NAME_MIN_LENGTH, REGISTRATION_MESSAGES.allRequired),
    prenom: requiredText(NAME_MAX_LENGTH, NAME_MIN_LENGTH, REGISTRATION_MESSAGES.allRequired),
    email: safeString({ error: REGISTRATION_MESSAGES.emailRequired })
      .toLowerCase()
      .min(1, REGISTRATION_MESSAGES.emailRequired)
      .max(EMAIL_MAX_LENGTH, SERVER_MESSAGES.tooLong(EMAIL_MAX_LENGTH))
      .regex(EMAIL_PATTERN, REGISTRATION_MESSAGES.emailInvalid),
    password: ZNewPasswordSchema,
    dateNaissance: ZDateSchema,
    nomClub: requiredText(
      CLUB_NAME_MAX_LENGTH,
      CLUB_NAME_MIN_LENGTH,
      REGISTRATION_MESSAGES.allRequired,
    ),
    sportNom: z.enum(SPORTS, { error: SERVER_MESSAGES.invalidValue }),
    genre: z.enum(GENDERS, { error: SERVER_MESSAGES.invalidValue }),
  })
  .strict();
export type TRegistrationBody = z.infer<typeof ZRegistrationBodySchema>;

/**
 * POST /api/clubs: a signed-in account creates another club (docs/decisions/0112) — the club's
 * fields of the registration form; the account becomes its DIRIGEANT with its identity.
 */
export const ZAccountClubCreateSchema = ZRegistrationBodySchema.pick({
  nomClub: true,
  sportNom: true,
});
export type TAccountClubCreate = z.infer<typeof ZAccountClubCreateSchema>;

export const ZEmailExistsQuerySchema = z
  .object({ email: safeString().toLowerCase().max(EMAIL_MAX_LENGTH) })
  .strict();
export const ZClubExistsQuerySchema = z
  .object({ nomClub: safeString().max(CLUB_NAME_MAX_LENGTH) })
  .strict();

export const ZInvitationTokenParamsSchema = z.object({ token: safeString().min(1).max(200) });
export const ZInvitationInfoSchema = z.object({
  prenom: z.string(),
  nom: z.string(),
  email: z.string(),
  nomClub: z.string(),
  /** The e-mail already has an account: the invitation is accepted with its password (0112). */
  compteExistant: z.boolean().optional(),
});
export type TInvitationInfo = z.infer<typeof ZInvitationInfoSchema>;
export const ZActivateInvitationBodySchema = z
  .object({
    token: safeString().min(1, SERVER_MESSAGES.required).max(200),
    password: ZNewPasswordSchema,
  })
  .strict();
export type TActivateInvitationBody = z.infer<typeof ZActivateInvitationBodySchema>;
