import { z } from 'zod';
import { SERVER_MESSAGES } from './messages.ts';
import { ZDateSchema, ZTeamRefSchema } from './schemas/common.ts';
export { memberMatchesSearch } from './display.ts';

/**
 * The dashboards' calls (spec §7 "Home and dashboard"). Who may read them is not a table of its
 * own: a team's events follow EVENT_PERMISSIONS.read and a team's members
 * MEMBER_PERMISSIONS.readTeam, the same rules as the calendar and the team members page.
 */

/**
 * GET /api/dashboard/evenements/{equipeId}: `date` (YYYY-MM-DD, the club's today when omitted) gives
 * the events of that day; `aVenir=true` gives instead the events not over yet (from now, on the
 * club's clock), sorted by start, at most `limite` of them. Both at once are refused.
 */
export const ZDashboardEventsQuerySchema = z
  .object({
    date: ZDateSchema.optional(),
    aVenir: z
      .enum(['true', 'false'], { error: SERVER_MESSAGES.invalidValue })
      .optional()
      .transform((v) => v === 'true'),
    limite: z.coerce
      .number({ error: SERVER_MESSAGES.invalidValue })
      .int(SERVER_MESSAGES.invalidValue)
      .min(1, SERVER_MESSAGES.invalidValue)
      .max(100, SERVER_MESSAGES.invalidValue)
      .optional(),
  })
  .strict()
  .refine((q) => !(q.aVenir && q.date !== undefined), {
    path: ['date'],
    error: SERVER_MESSAGES.invalidValue,
  });
export type TDashboardEventsQuery = z.input<typeof ZDashboardEventsQuerySchema>;

/** How many upcoming events the team dashboard asks for when it names no `limite`. */
export const DASHBOARD_UPCOMING_DEFAULT_LIMIT = 20;

/** An event as the dashboards show it (spec §3 event fields; dates are club-local wall clock). */
export const ZDashboardEventSchema = z.object({
  id: z.number(),
  nom: z.string(),
  type: z.string(),
  /** 'YYYY-MM-DDTHH:mm:ss', club-local. */
  dateDebut: z.string(),
  dateFin: z.string(),
  lieux: z.string(),
  /** The event's teams; empty means every team. */
  equipesIds: z.array(z.number()),
  /** A MATCH: the base team's name, its opponent and whether it plays at home; else null. */
  equipe: z.string().nullable(),
  adversaire: z.string().nullable(),
  domicile: z.boolean().nullable(),
});
export type TDashboardEvent = z.infer<typeof ZDashboardEventSchema>;

/**
 * A team member as the dashboard's cards show it (spec §2: avatar, name, role, status pill).
 * `statut` (health) is left out for readers who may not see it (privacy.ts): other families.
 */
export const ZDashboardMemberSchema = z.object({
  id: z.number(),
  nom: z.string(),
  prenom: z.string(),
  role: z.string(),
  statut: z.string().optional(),
  avatarUrl: z.string().nullable(),
});
export type TDashboardMember = z.infer<typeof ZDashboardMemberSchema>;

/* ------------------------------------------------------------------ the home (one call) */

/**
 * GET /api/dashboard/accueil: what the signed-in member can act on, in one answer
 * (docs/decisions/0083-dashboard-home.md). Dates are club-local wall clock 'YYYY-MM-DDTHH:mm:ss'.
 */

/** How many days the week's agenda covers (from now on the club's clock). */
export const HOME_AGENDA_DAYS = 7;
/** How far ahead the leaders' non-responders list looks (days, from now on the club's clock). */
export const HOME_AWAITING_DAYS = 14;
/** The most rows a list of the home carries (the counts say how many there are in all). */
export const HOME_LIST_MAX = 20;

/** A team as the home names it. */
export const ZHomeTeamSchema = ZTeamRefSchema;
export type THomeTeam = z.infer<typeof ZHomeTeamSchema>;

/**
 * A convocation awaiting an answer from the member or one of their children: the match, the team
 * it is for, and who is convoked (`soi`: the member themself). `modifiable`: whether the member may
 * answer it here (a player who is not ACTIF is answered for by the coach only, spec §4).
 */
export const ZHomeToAnswerSchema = z.object({
  matchId: z.number(),
  evenementId: z.number(),
  nom: z.string(),
  type: z.string(),
  dateDebut: z.string(),
  dateFin: z.string(),
  lieux: z.string(),
  equipe: ZHomeTeamSchema.nullable(),
  adversaire: z.string().nullable(),
  domicile: z.boolean().nullable(),
  rendezVous: z.string().nullable(),
  joueur: z.object({ id: z.number(), prenom: z.string() }),
  soi: z.boolean(),
  modifiable: z.boolean(),
});
export type THomeToAnswer = z.infer<typeof ZHomeToAnswerSchema>;

/** A player of a published selection (first name and name, as the convocation list shows them). */
export const ZHomeSelectedSchema = z.object({
  id: z.number(),
  nom: z.string(),
  prenom: z.string(),
  selection: z.enum(['SELECTIONNE', 'REMPLACANT']),
});
export type THomeSelected = z.infer<typeof ZHomeSelectedSchema>;

/**
 * The next match (not over, not cancelled) of one of the member's teams or children's teams:
 * its meeting time and place, and its selection once published (null before; the members of the
 * team and the parents of its players read it, as they read the convocation list).
 */
export const ZHomeNextMatchSchema = z.object({
  equipe: ZHomeTeamSchema,
  matchId: z.number(),
  evenementId: z.number(),
  nom: z.string(),
  dateDebut: z.string(),
  dateFin: z.string(),
  lieux: z.string(),
  adversaire: z.string().nullable(),
  domicile: z.boolean(),
  rendezVous: z.string().nullable(),
  lieuRendezVous: z.string().nullable(),
  selection: z.array(ZHomeSelectedSchema).nullable(),
  /**
   * Staff of that team only (a leader, or a coach of the team): how many of its convoked players
   * have not answered yet, the injured, ill and suspended not counted (decision 0108). Absent for
   * the others, who read no one's answers here.
   */
  sansReponse: z.number().optional(),
});
export type THomeNextMatch = z.infer<typeof ZHomeNextMatchSchema>;

/** A match of the club as the leaders' lists name it (no score yet, answers missing). */
export const ZHomeClubMatchSchema = z.object({
  matchId: z.number(),
  evenementId: z.number(),
  nom: z.string(),
  dateDebut: z.string(),
  equipe: ZHomeTeamSchema.nullable(),
  adversaire: z.string().nullable(),
  /** Convoked players who have not answered (non-responders' list), else 0. */
  sansReponse: z.number(),
  convoques: z.number(),
});
export type THomeClubMatch = z.infer<typeof ZHomeClubMatchSchema>;

/** A member named in a leaders' list (unactivated accounts, players without a team). */
export const ZHomeMemberRefSchema = z.object({
  id: z.number(),
  nom: z.string(),
  prenom: z.string(),
});
export type THomeMemberRef = z.infer<typeof ZHomeMemberRefSchema>;

/** A count and its first HOME_LIST_MAX rows. */
const counted = <T extends z.ZodType>(item: T) =>
  z.object({ total: z.number(), liste: z.array(item) });

/** What DIRIGEANT and RESPONSABLE see beside their own: the club as a whole. */
export const ZHomeLeaderSchema = z.object({
  /** Every event of the club today (club clock), by start. */
  aujourdhui: z.array(ZDashboardEventSchema),
  /** Matches over, not cancelled, with a side of the score missing; the latest first. */
  matchsSansScore: counted(ZHomeClubMatchSchema),
  /**
   * Matches of the next HOME_AWAITING_DAYS days (not started, not cancelled) with convoked players
   * who have not answered, soonest first.
   */
  sansReponse: counted(ZHomeClubMatchSchema),
  /** Members who have not activated their account yet (no password), by name. */
  comptesNonActives: counted(ZHomeMemberRefSchema),
  /** JOUEUR members in no team, by name. */
  joueursSansEquipe: counted(ZHomeMemberRefSchema),
});
export type THomeLeader = z.infer<typeof ZHomeLeaderSchema>;

/** The family's next volunteer duty (docs/decisions/0133). */
export const ZHomeDutySchema = z.object({
  tacheId: z.number(),
  libelle: z.string(),
  evenementId: z.number(),
  nom: z.string(),
  dateDebut: z.string(),
  lieux: z.string(),
  /** Who of the family comes (first name), and the child it is for. */
  benevole: z.object({ id: z.number(), prenom: z.string() }),
  pourMembreId: z.number().optional(),
});
export type THomeDuty = z.infer<typeof ZHomeDutySchema>;

export const ZDashboardHomeSchema = z.object({
  /** Convocations awaiting an answer from the member or their children, soonest first. */
  aRepondre: z.array(ZHomeToAnswerSchema),
  /** One next match per team of the member or of their children, soonest first. */
  prochainsMatchs: z.array(ZHomeNextMatchSchema),
  /** Events of those teams (and events for every team) in the next HOME_AGENDA_DAYS days. */
  semaine: z.array(ZDashboardEventSchema),
  /** Leaders only (null for the others). */
  club: ZHomeLeaderSchema.nullable(),
  /** « À faire »: the family's next volunteer duty, or null (always sent; optional for old fixtures). */
  prochaineTache: ZHomeDutySchema.nullable().optional(),
});
export type TDashboardHome = z.infer<typeof ZDashboardHomeSchema>;
