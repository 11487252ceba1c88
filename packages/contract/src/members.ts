import { z } from 'zod';
import { NAME_MAX_LENGTH, NAME_MIN_LENGTH } from './constants.ts';
import {
  GENDERS,
  LEADER_ROLES,
  MEMBER_STATUSES,
  TEAM_ROLES,
  normalizeRole,
  type Role,
} from './enums.ts';
import { displayMemberStatus } from './member-status.ts';
import { isMinor } from './privacy.ts';
import { SERVER_MESSAGES } from './messages.ts';
import { MEMBER_FIELD_MESSAGES, MEMBER_LIMITS } from './member-rules.ts';
import { ZAgeCategoryFilterSchema } from './season-schemas.ts';
import {
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  ZDateSchema,
  ZIdSchema,
  ZPagingQuerySchema,
  optionalText,
  requiredText,
  safeString,
  ZPersonRefSchema,
  ZTeamRefSchema,
  type TPersonRef,
} from './schemas/common.ts';

export {
  MEMBER_FIELD_MESSAGES,
  MEMBER_WRITABLE_FIELDS,
  type TMemberField,
  MEMBER_LIMITS,
  TEAM_PAGE_ROLES,
  MEMBER_FORM_ROLES,
  MEMBER_PERMISSIONS,
  type TMemberAction,
  type TMemberEditParty,
  editableMemberFields,
  PROFILE_FIELDS,
} from './member-rules.ts';

const nameField = () => requiredText(NAME_MAX_LENGTH, NAME_MIN_LENGTH);

export const ZMemberEmailSchema = safeString({ error: SERVER_MESSAGES.required })
  .toLowerCase()
  .min(1, SERVER_MESSAGES.required)
  .max(EMAIL_MAX_LENGTH, SERVER_MESSAGES.tooLong(EMAIL_MAX_LENGTH))
  .regex(EMAIL_PATTERN, MEMBER_FIELD_MESSAGES.emailInvalid);

const PHONE_PATTERN = /^[+0-9 ().-]{6,30}$/;
const phoneField = safeString({ error: SERVER_MESSAGES.required })
  .min(1, SERVER_MESSAGES.required)
  .max(MEMBER_LIMITS.phoneMax, SERVER_MESSAGES.tooLong(MEMBER_LIMITS.phoneMax))
  .regex(PHONE_PATTERN, MEMBER_FIELD_MESSAGES.phoneInvalid);
const optionalPhone = z
  .union([z.literal(''), phoneField])
  .nullish()
  .transform((v) => (v == null || v === '' ? null : v));
/** An optional phone number ('' or null = none); the club form uses it too. */
export const ZOptionalPhoneSchema = optionalPhone;

export const ZGenreSchema = z.enum(GENDERS, { error: MEMBER_FIELD_MESSAGES.genreInvalid });

/** Roles are compared in upper case (spec §6): 'joueur' is read as JOUEUR. */
export const ZRoleSchema = safeString({ error: SERVER_MESSAGES.required }).transform(
  (v, ctx): Role => {
    const role = normalizeRole(v);
    if (!role) {
      ctx.addIssue({ code: 'custom', message: MEMBER_FIELD_MESSAGES.roleInvalid });
      return z.NEVER;
    }
    return role;
  },
);

/** A club role (hats): DIRIGEANT, RESPONSABLE (any case) or null for none. */
export const ZClubRoleSchema = z
  .union([z.null(), safeString()])
  .transform((v, ctx): (typeof LEADER_ROLES)[number] | null => {
    if (v === null || v.trim() === '') return null;
    const role = normalizeRole(v);
    if (role !== 'DIRIGEANT' && role !== 'RESPONSABLE') {
      ctx.addIssue({ code: 'custom', message: MEMBER_FIELD_MESSAGES.roleClubInvalid });
      return z.NEVER;
    }
    return role;
  });

/** A role in one team (hats): ENTRAINEUR, JOUEUR or PARENT (any case). */
export const ZTeamRoleSchema = safeString({
  error: MEMBER_FIELD_MESSAGES.teamRoleInvalid,
}).transform((v, ctx): (typeof TEAM_ROLES)[number] => {
  const role = normalizeRole(v);
  if (role !== 'ENTRAINEUR' && role !== 'JOUEUR' && role !== 'PARENT') {
    ctx.addIssue({ code: 'custom', message: MEMBER_FIELD_MESSAGES.teamRoleInvalid });
    return z.NEVER;
  }
  return role;
});

/**
 * `equipes` on a write: every team of the member with the role held in it, the first primary
 * (`nom` is accepted and ignored, so that an answer's list can be sent back). Duplicates refused.
 * `role: null` attaches a leader to a team without a team role (as answers say it, decision 0110);
 * without a club role such a team takes the team role of `role`, else JOUEUR (members.hats.ts).
 */
const ZTeamHatsInputSchema = z
  .array(
    z
      .object({
        id: ZIdSchema,
        role: ZTeamRoleSchema.nullable(),
        nom: z.string().max(200).optional(),
      })
      .strict(),
    { error: SERVER_MESSAGES.invalidValue },
  )
  .max(MEMBER_LIMITS.teamsMax, MEMBER_FIELD_MESSAGES.tooManyTeams)
  .transform((rows, ctx) => {
    const ids = rows.map((r) => r.id);
    if (new Set(ids).size !== ids.length) {
      ctx.addIssue({ code: 'custom', message: MEMBER_FIELD_MESSAGES.teamTwice });
      return z.NEVER;
    }
    return rows.map(({ id, role }) => ({ id, role }));
  });

/** Statut: the stored value is one of Actif, Blessé, Suspendu; 'actif' or 'blesse' are accepted. */
export const ZStatutSchema = safeString().transform((v, ctx) => {
  const s = displayMemberStatus(v);
  if (!(MEMBER_STATUSES as readonly string[]).includes(s)) {
    ctx.addIssue({ code: 'custom', message: MEMBER_FIELD_MESSAGES.statutInvalid });
    return z.NEVER;
  }
  return s as (typeof MEMBER_STATUSES)[number];
});

/** An optional whole number in a range; '' and null mean "none"; numeric text is accepted. */
function optionalInt(min: number, max: number) {
  const message = MEMBER_FIELD_MESSAGES.intRange(min, max);
  return z
    .union([z.number({ error: message }), safeString()])
    .nullish()
    .transform((v, ctx) => {
      if (v == null || (typeof v === 'string' && v.trim() === '')) return null;
      const n = typeof v === 'number' ? v : Number(v.trim());
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return n;
    });
}

/** A list of distinct ids (duplicates dropped, order kept). */
function idList(max: number, tooMany: string) {
  return z
    .array(ZIdSchema, { error: SERVER_MESSAGES.invalidValue })
    .max(max, tooMany)
    .transform((ids) => [...new Set(ids)]);
}

const memberFields = {
  nom: nameField(),
  prenom: nameField(),
  dateDeNaissance: ZDateSchema,
  genre: ZGenreSchema,
  email: ZMemberEmailSchema,
  numeroTelephone: phoneField,
  numeroLicence: optionalText(MEMBER_LIMITS.licenceMax),
  role: ZRoleSchema,
  statut: ZStatutSchema.optional(),
  /** A team of the club, by name (case-insensitive); empty means none. */
  nomEquipe: optionalText(NAME_MAX_LENGTH * 2),
  /** A team of the club, by id; takes precedence over nomEquipe. null means none. */
  idEquipe: ZIdSchema.nullish(),
  taille: optionalInt(...MEMBER_LIMITS.taille),
  poids: optionalInt(...MEMBER_LIMITS.poids),
  numero: optionalInt(...MEMBER_LIMITS.numero),
  poste: optionalText(MEMBER_LIMITS.posteMax),
  /**
   * Several teams (docs/architecture.md §10): team ids of the club, the first one primary (the
   * spec's idEquipe / nomEquipe). Takes precedence over idEquipe and nomEquipe; [] means no team.
   */
  equipesIds: idList(MEMBER_LIMITS.teamsMax, MEMBER_FIELD_MESSAGES.tooManyTeams),
  /** The member's children (any adult may be a guardian): members of the same club. */
  enfantsIds: idList(MEMBER_LIMITS.childrenMax, MEMBER_FIELD_MESSAGES.tooManyChildren),
  /** Hats: the club role (null: none). */
  roleClub: ZClubRoleSchema,
  /** Hats: every team with its role, the first primary; wins over equipesIds / idEquipe / nomEquipe. */
  equipes: ZTeamHatsInputSchema,
  /** The member's guardians (adults of the same club). */
  parentsIds: idList(MEMBER_LIMITS.childrenMax, MEMBER_FIELD_MESSAGES.tooManyParents),
};

/**
 * POST /api/membres — the club members form (spec §5: required nom, prenom, dateDeNaissance, email,
 * numeroTelephone, genre, role). With hats (`roleClub`, `equipes`) the spec's `role` may be left out:
 * it is the principal hat (hats.ts); when the body carries hats, they decide and `role` is not read.
 * A body with neither answers 400 on `role`. The form picks its fields from
 * ZMemberCreateFieldsSchema (zod forbids `.pick` on a refined object).
 */
export const ZMemberCreateFieldsSchema = z
  .object({
    ...memberFields,
    role: memberFields.role.optional(),
    roleClub: memberFields.roleClub.optional(),
    equipes: memberFields.equipes.optional(),
    parentsIds: memberFields.parentsIds.optional(),
    numeroLicence: memberFields.numeroLicence.optional(),
    nomEquipe: memberFields.nomEquipe.optional(),
    taille: memberFields.taille.optional(),
    poids: memberFields.poids.optional(),
    numero: memberFields.numero.optional(),
    poste: memberFields.poste.optional(),
    equipesIds: memberFields.equipesIds.optional(),
    enfantsIds: memberFields.enfantsIds.optional(),
    clubId: ZIdSchema,
  })
  .strict();
/** '', null or absent: no e-mail (a minor with a guardian, decision 0111). */
const optionalEmail = z
  .union([z.literal(''), ZMemberEmailSchema])
  .nullish()
  .transform((v) => (v == null || v === '' ? null : v));

/**
 * Whether a member may go without e-mail or phone (docs/decisions/0111): a minor (by the birth
 * date given, on `today`) with at least one guardian. The adult's fields stay required.
 */
export function mayGoWithoutContact(
  dateDeNaissance: string | null | undefined,
  parentsIds: readonly number[] | undefined,
  today: string,
): boolean {
  return (
    typeof dateDeNaissance === 'string' &&
    /^\d{4}-\d{2}-\d{2}/.test(dateDeNaissance) &&
    isMinor(dateDeNaissance, today) &&
    (parentsIds?.length ?? 0) > 0
  );
}

/**
 * The missing contact fields of a member body, as field errors: 'Ce champ est requis.' for an
 * adult (spec §5), the guardian message for a minor without guardian. Empty when none is missing
 * or the member is a minor with a guardian.
 */
export function missingContactErrors(
  v: {
    email?: string | null;
    numeroTelephone?: string | null;
    dateDeNaissance?: string | null;
    parentsIds?: readonly number[];
  },
  today: string,
): Record<string, string> {
  const missing = (['email', 'numeroTelephone'] as const).filter((f) => v[f] == null);
  if (!missing.length || mayGoWithoutContact(v.dateDeNaissance, v.parentsIds, today)) return {};
  const minor =
    typeof v.dateDeNaissance === 'string' &&
    /^\d{4}-\d{2}-\d{2}/.test(v.dateDeNaissance) &&
    isMinor(v.dateDeNaissance, today);
  return Object.fromEntries(
    missing.map((f) => [
      f,
      minor && f === 'email' ? MEMBER_FIELD_MESSAGES.childNeedsGuardian : SERVER_MESSAGES.required,
    ]),
  );
}

/**
 * The body of POST /api/membres: the form's fields, with `email` and `numeroTelephone` optional
 * for a minor who has a guardian (`parentsIds`, decision 0111); without either, the spec's
 * 'Ce champ est requis.' (an adult) or the guardian message (a minor). The server checks again
 * with the club's today.
 */
export const ZMemberCreateSchema = ZMemberCreateFieldsSchema.extend({
  email: optionalEmail,
  numeroTelephone: optionalPhone,
})
  .refine((v) => v.role !== undefined || v.roleClub !== undefined || v.equipes !== undefined, {
    path: ['role'],
    error: SERVER_MESSAGES.required,
    // Reported with the other fields' errors, as the spec's required fields are.
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  })
  .superRefine(
    (v, ctx) => {
      const raw = v as { email?: unknown; numeroTelephone?: unknown };
      // Only a field that was absent or empty (an invalid value has its own error already).
      const absent = (x: unknown) => x === undefined || x === null || x === '';
      const errors = missingContactErrors(
        {
          email: absent(raw.email) ? null : 'x',
          numeroTelephone: absent(raw.numeroTelephone) ? null : 'x',
          dateDeNaissance: typeof v.dateDeNaissance === 'string' ? v.dateDeNaissance : null,
          parentsIds: Array.isArray(v.parentsIds) ? v.parentsIds : undefined,
        },
        new Date().toISOString().slice(0, 10),
      );
      for (const [path, message] of Object.entries(errors))
        ctx.addIssue({ code: 'custom', path: [path], message });
    },
    {
      when: (payload) => typeof payload.value === 'object' && payload.value !== null,
    },
  );
export type TMemberCreate = z.input<typeof ZMemberCreateSchema>;

/**
 * PUT /api/membres/{id} — every field optional: the club form sends them all, the team screen only
 * the fields the member may change (plus clubId), the profile its own six fields. Phone may be
 * cleared (the profile's phone is optional).
 */
export const ZMemberUpdateSchema = z
  .object({
    nom: memberFields.nom.optional(),
    prenom: memberFields.prenom.optional(),
    dateDeNaissance: memberFields.dateDeNaissance.optional(),
    genre: memberFields.genre.optional(),
    /** null or '' clears it: only for a minor who keeps a guardian (decision 0111). */
    email: optionalEmail.optional(),
    numeroTelephone: optionalPhone.optional(),
    numeroLicence: memberFields.numeroLicence.optional(),
    role: memberFields.role.optional(),
    statut: memberFields.statut,
    nomEquipe: memberFields.nomEquipe.optional(),
    idEquipe: memberFields.idEquipe,
    taille: memberFields.taille.optional(),
    poids: memberFields.poids.optional(),
    numero: memberFields.numero.optional(),
    poste: memberFields.poste.optional(),
    equipesIds: memberFields.equipesIds.optional(),
    enfantsIds: memberFields.enfantsIds.optional(),
    roleClub: memberFields.roleClub.optional(),
    equipes: memberFields.equipes.optional(),
    parentsIds: memberFields.parentsIds.optional(),
    /**
     * The member's own choice to show e-mail and phone to the players and parents of their teams
     * (privacy.ts): only the member changes it, and a minor cannot turn it on.
     */
    partageCoordonnees: z.boolean({ error: SERVER_MESSAGES.invalidValue }).optional(),
    clubId: ZIdSchema.optional(),
  })
  .strict();
export type TMemberUpdate = z.input<typeof ZMemberUpdateSchema>;

/** A team of the member with the role held in it (hats; null: attached without a team role). */
export const ZMemberTeamSchema = ZTeamRefSchema.extend({
  role: z.enum(TEAM_ROLES).nullable(),
});
export type TMemberTeam = z.infer<typeof ZMemberTeamSchema>;
/** A child as a parent's answer names it. */
export const ZChildRefSchema = ZPersonRefSchema;
export type TChildRef = TPersonRef;
/** A child with their teams, primary first (the signed-in parent's child switcher). */
export const ZChildTeamsSchema = ZChildRefSchema.extend({ equipes: z.array(ZTeamRefSchema) });
export type TChildTeams = z.infer<typeof ZChildTeamsSchema>;

/**
 * A member as every members call answers it (spec §3). idEquipe / nomEquipe are the primary team;
 * `equipes` lists every team (primary first) with the role held in it, `roleClub` the club role,
 * `enfants` the member's children and `parentsIds` their guardians; `role` is the principal hat
 * (hats.ts). The private fields
 * (privacy.ts: statut, e-mail, phone, birth date, gender, licence, height, weight, and the member's
 * own `partageCoordonnees`) are left out of the answer when the reader may not see them; null
 * means "not given".
 */
export const ZMemberSchema = z.object({
  id: z.number(),
  nom: z.string(),
  prenom: z.string(),
  dateDeNaissance: z.string().nullable().optional(),
  genre: z.string().nullable().optional(),
  /** null: a minor without e-mail, reached through their guardians (decision 0111). */
  email: z.string().nullable().optional(),
  numeroTelephone: z.string().nullable().optional(),
  numeroLicence: z.string().nullable().optional(),
  role: z.string(),
  statut: z.string().optional(),
  nomEquipe: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  taille: z.number().nullable().optional(),
  poids: z.number().nullable().optional(),
  numero: z.number().nullable(),
  poste: z.string().nullable(),
  idClub: z.number(),
  idEquipe: z.number().nullable(),
  roleClub: z.enum(LEADER_ROLES).nullable().optional(),
  /** The server always names each team's role; answers built without it (test doubles) may not. */
  equipes: z.array(ZMemberTeamSchema.partial({ role: true })),
  enfants: z.array(ZChildRefSchema).optional(),
  parentsIds: z.array(z.number()).optional(),
  /** Only in leaders' answers: true while the member has not activated the account. */
  invitationEnAttente: z.boolean().optional(),
  /** Only for the member and their guardians. */
  partageCoordonnees: z.boolean().optional(),
  /**
   * The age category in the club's current season (U6…U19, Senior, Vétéran; season.ts), null
   * without a birth date. Hidden where the birth date is (it tells the birth year).
   */
  categorie: z.string().nullable().optional(),
});
export type TMember = z.infer<typeof ZMemberSchema>;

export const ZMemberPageSchema = z.object({
  content: z.array(ZMemberSchema),
  page: z.number(),
  size: z.number(),
  totalElements: z.number(),
  totalPages: z.number(),
});
export const ZMemberListSchema = z.union([z.array(ZMemberSchema), ZMemberPageSchema]);
export type TMemberList = z.infer<typeof ZMemberListSchema>;

const optionalFilter = (max: number) =>
  safeString()
    .max(max, SERVER_MESSAGES.tooLong(max))
    .optional()
    .transform((v) => (v ? v : undefined));
const dateFilter = safeString()
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : undefined))
  .pipe(ZDateSchema.optional());
const roleFilter = safeString()
  .optional()
  .transform((v) => (v && v.trim() ? v : undefined))
  .pipe(ZRoleSchema.optional());

/** `?sansEquipe=true`: members of no team; 'false' or absent: no filter. */
const noTeamFilter = z
  .enum(['true', 'false'], { error: 'Valeur attendue : true ou false.' })
  .optional()
  .transform((v) => (v === 'true' ? true : undefined));

/** The season filters every club list accepts: age category and players without a team. */
export const ZSeasonFiltersSchema = z.object({
  categorie: ZAgeCategoryFilterSchema,
  sansEquipe: noTeamFilter,
});

/** GET /api/membres/club/{clubId} — paging and the season filters. */
export const ZClubMemberListQuerySchema = ZPagingQuerySchema.extend(ZSeasonFiltersSchema.shape);
export type TClubMemberListQuery = z.input<typeof ZClubMemberListQuerySchema>;

/** GET /api/membres/club/{clubId}/recherche — non-empty filters only (spec §7). */
export const ZClubMemberSearchSchema = ZPagingQuerySchema.extend({
  ...ZSeasonFiltersSchema.shape,
  nom: optionalFilter(NAME_MAX_LENGTH),
  prenom: optionalFilter(NAME_MAX_LENGTH),
  email: optionalFilter(EMAIL_MAX_LENGTH),
  role: roleFilter,
  dateNaissance: dateFilter,
  nomEquipe: optionalFilter(NAME_MAX_LENGTH * 2),
});
export type TClubMemberSearch = z.input<typeof ZClubMemberSearchSchema>;

/** GET /api/membres/club/{clubId}/export — the club list's filters (no paging: every member). */
export const ZMemberExportQuerySchema = ZClubMemberSearchSchema.omit({ page: true, size: true });
export type TMemberExportQuery = z.input<typeof ZMemberExportQuerySchema>;

/** GET /api/membres/recherche/equipe?clubId&nomEquipe plus nom, prenom, role, dateNaissance. */
export const ZTeamMemberSearchSchema = ZPagingQuerySchema.extend({
  clubId: ZIdSchema,
  nomEquipe: requiredText(NAME_MAX_LENGTH * 2),
  nom: optionalFilter(NAME_MAX_LENGTH),
  prenom: optionalFilter(NAME_MAX_LENGTH),
  role: roleFilter,
  dateNaissance: dateFilter,
});
export type TTeamMemberSearch = z.input<typeof ZTeamMemberSearchSchema>;

export const ZClubIdParamsSchema = z.object({ clubId: ZIdSchema });
export const ZClubTeamParamsSchema = z.object({
  clubId: ZIdSchema,
  nomEquipe: requiredText(NAME_MAX_LENGTH * 2),
});

/** PUT /api/equipes/{id}/membres — members of the club who join the team (their other teams stay). */
export const ZTeamAssignSchema = z
  .object({
    ajouter: z
      .array(ZIdSchema, { error: SERVER_MESSAGES.invalidValue })
      .min(1, 'Choisissez au moins un membre.')
      .max(500, 'Au plus 500 membres à la fois.')
      .transform((ids) => [...new Set(ids)]),
  })
  .strict();
export type TTeamAssign = z.input<typeof ZTeamAssignSchema>;

export const ZTeamAssignResultSchema = z.object({
  /** Members who joined the team (those already in it are not counted). */
  ajoutes: z.number(),
  message: z.string(),
});
export type TTeamAssignResult = z.infer<typeof ZTeamAssignResultSchema>;
