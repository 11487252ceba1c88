import { z } from 'zod';
import { definePermissions, leadersRow, row } from './permissions.ts';
import { SERVER_MESSAGES } from './messages.ts';
import { TEAM_RESULTS } from './display.ts';
import { ZIdSchema, requiredText } from './schemas/common.ts';

export const TEAM_LIMITS = { nomMax: 80, categorieMax: 60, divisionMax: 60 } as const;

export const TEAM_FIELD_MESSAGES = {
  nameTaken: 'Une équipe de ce club porte déjà ce nom.',
  categoryRequired: 'La catégorie est requise.',
} as const;

/** The three fields of the team form (spec §5: nom, division and category all required). */
export const ZTeamFieldsSchema = z.object({
  nom: requiredText(TEAM_LIMITS.nomMax),
  division: requiredText(TEAM_LIMITS.divisionMax),
  category: requiredText(TEAM_LIMITS.categorieMax),
});
export type TTeamFields = z.input<typeof ZTeamFieldsSchema>;

/**
 * POST /api/equipes and PUT /api/equipes/{id}: nom, division, category, idClub (spec §7).
 * The calendar and match areas say `categorie`; either spelling is accepted, `category` wins.
 */
export const ZTeamWriteSchema = z
  .preprocess(
    (v) =>
      v && typeof v === 'object' && !('category' in v) && 'categorie' in v
        ? { ...v, category: (v as { categorie: unknown }).categorie }
        : v,
    z
      .object({
        ...ZTeamFieldsSchema.shape,
        categorie: requiredText(TEAM_LIMITS.categorieMax).optional(),
        idClub: ZIdSchema,
        /**
         * Trainings count the team's players present unless they answer Absent.
         * Omitted = unchanged (false on creation).
         */
        presentParDefaut: z.boolean({ error: SERVER_MESSAGES.invalidValue }).optional(),
        /** Some clients send the team's id back on update; it must then match the path. */
        id: ZIdSchema.optional(),
      })
      .strict(),
  )
  .transform(({ category, categorie: _ignored, ...rest }) => ({ ...rest, categorie: category }));
export type TTeamWrite = z.input<typeof ZTeamWriteSchema>;

/** A team, answered with both spellings of its category (spec §3). */
export const ZTeamSchema = z.object({
  id: z.number(),
  nom: z.string(),
  division: z.string(),
  category: z.string(),
  categorie: z.string(),
  idClub: z.number(),
  /** 'présent par défaut' for trainings. */
  presentParDefaut: z.boolean(),
});
export type TTeam = z.infer<typeof ZTeamSchema>;

/** GET /api/equipes/by-cat-div?categorie&division&excludeId */
export const ZTeamByCatDivQuerySchema = z.object({
  categorie: requiredText(TEAM_LIMITS.categorieMax),
  division: requiredText(TEAM_LIMITS.divisionMax),
  excludeId: z
    .union([z.literal(''), ZIdSchema])
    .optional()
    .transform((v) => (v === '' || v === undefined ? undefined : v)),
});

/**
 * The teams row of docs/architecture.md §7: every member of the club reads teams (their names label
 * events and matches); leaders write.
 */
export const TEAM_PERMISSIONS = definePermissions({
  read: row('club'),
  create: leadersRow(),
  update: leadersRow(),
  delete: leadersRow(),
});
export type TTeamAction = keyof typeof TEAM_PERMISSIONS;

export { TEAM_RESULTS, TEAM_RESULT_LABELS, type TTeamResult } from './display.ts';

/**
 * GET /api/equipes/club/{clubId}/resume: what a leader looks for on a team card. Only what
 * the signed-in member may see: `joueurs` and `entraineurs` are null when the team's members are not
 * theirs to read (MEMBER_PERMISSIONS.readTeam); the next event and the last result are among the
 * events and matches they read (EVENT_PERMISSIONS.read, MATCH_PERMISSIONS.read).
 */
export const ZTeamSummarySchema = z.object({
  idEquipe: z.number(),
  /** Members of the team whose role is JOUEUR. */
  joueurs: z.number().nullable(),
  /** 'Prénom Nom' of the team's coaches (role ENTRAINEUR), by name. */
  entraineurs: z.array(z.string()).nullable(),
  /** The team's next event not over yet (its own or one for every team), club-local times. */
  prochainEvenement: z
    .object({
      id: z.number(),
      nom: z.string(),
      type: z.string(),
      dateDebut: z.string(),
      /** For a match: the other side (the club's other team or the outside opponent). */
      adversaire: z.string().nullable(),
      /** For a match: whether the team plays at home (names the match, home side first). */
      domicile: z.boolean().nullable().optional(),
    })
    .nullable(),
  /** The team's last finished match with a score, not cancelled. */
  dernierResultat: z
    .object({
      idMatch: z.number(),
      dateDebut: z.string(),
      adversaire: z.string().nullable(),
      scoreEquipe: z.number(),
      scoreAdversaire: z.number(),
      resultat: z.enum(TEAM_RESULTS),
    })
    .nullable(),
});
export type TTeamSummary = z.infer<typeof ZTeamSummarySchema>;
