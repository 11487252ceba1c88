import { z } from 'zod';
import { MATCH_OUTCOMES, STATISTICS_MESSAGES, type MatchOutcome } from './statistics-rules.ts';
import { ZIdSchema, safeString, ZPersonRefSchema, ZTeamRefSchema } from './schemas/common.ts';

export * from './statistics-rules.ts';

/**
 * Team statistics (docs/decisions/0080-team-statistics.md):
 *
 *   GET /api/statistiques/equipe/{teamId}?saison=AAAA-AAAA         → TTeamStatistics
 *   GET /api/statistiques/equipe/{teamId}/export?saison=AAAA-AAAA  → CSV (members export's rules)
 *   GET /api/statistiques/club/{clubId}?saison=AAAA-AAAA           → TClubStatistics (leaders)
 *
 * A season `2025-2026` runs from the first day of the club's month `moisDebutSaison` of 2025 to
 * the day before the same date of 2026 (season.ts); without `saison`, the club's current season.
 */

const SEASON_YEAR_MIN = 1900;
const SEASON_YEAR_MAX = 2998;

/** 'AAAA-AAAA', two years that follow each other → the first year; anything else is refused. */
export const ZSeasonParamSchema = safeString()
  .max(20, STATISTICS_MESSAGES.seasonInvalid)
  .refine((v) => {
    const m = /^(\d{4})-(\d{4})$/.exec(v);
    if (!m) return false;
    const a = Number(m[1]);
    return Number(m[2]) === a + 1 && a >= SEASON_YEAR_MIN && a <= SEASON_YEAR_MAX;
  }, STATISTICS_MESSAGES.seasonInvalid);

export const ZStatisticsQuerySchema = z.object({ saison: ZSeasonParamSchema.optional() }).strict();
export type TStatisticsQuery = z.input<typeof ZStatisticsQuerySchema>;

export const ZTeamIdParamsSchema = z.object({ teamId: ZIdSchema });

export const ZTeamResultsSchema = z.object({
  joues: z.number(),
  victoires: z.number(),
  nuls: z.number(),
  defaites: z.number(),
  butsPour: z.number(),
  butsContre: z.number(),
  /** The last five played matches, oldest first. */
  forme: z.array(z.enum(MATCH_OUTCOMES)),
});
export type TTeamResults = z.infer<typeof ZTeamResultsSchema>;

export const ZSeasonSchema = z.object({
  /** '2025-2026' */
  libelle: z.string(),
  /** First day, 'YYYY-MM-DD'. */
  debut: z.string(),
  /** Last day, 'YYYY-MM-DD'. */
  fin: z.string(),
});

export const ZPlayerStatisticsSchema = z.object({
  membre: ZPersonRefSchema,
  /** Whether the player is in the team today (false: a former player whose rows stay here). */
  actuel: z.boolean(),
  entrainements: z.object({ presents: z.number(), total: z.number() }),
  matchs: z.object({
    convocations: z.number(),
    disponibles: z.number(),
    selectionne: z.number(),
    remplacant: z.number(),
    nonRetenu: z.number(),
  }),
  /**
   * Trainings attended ÷ held, in whole percent; null when none was held, or when attendance was
   * never taken at the trainings counted (no answer recorded, in a team not 'présent par défaut'):
   * the screen says « non relevée » (presenceRateText; decision 0106).
   */
  tauxPresence: z.number().nullable(),
  /** Selected ÷ available, in whole percent; null when never available. */
  partSelection: z.number().nullable(),
  /**
   * The selection share is under half the team's median (fairnessAlerts). Told to those who read
   * every row (coach, leaders); null for a player or a parent.
   */
  alerteEquite: z.boolean().nullable(),
  /**
   * From the match sheets and live actions (docs/decisions/0128-playing-time.md): scoring actions
   * (goals, tries, baskets…), assists, cards, minutes played.
   */
  buts: z.number(),
  passes: z.number(),
  cartons: z.number(),
  minutesJouees: z.number(),
  /** Minutes played ÷ minutes of the matches on whose sheet or available, whole percent; null: none. */
  partTempsDeJeu: z.number().nullable(),
  /**
   * The playing-time share is under half the team's median (playingTimeAlerts). Told to those who
   * read every row (coach, leaders); null for a player or a parent.
   */
  alerteTempsDeJeu: z.boolean().nullable(),
});
export type TPlayerStatistics = z.infer<typeof ZPlayerStatisticsSchema>;

export const ZTeamStatisticsSchema = z.object({
  equipe: ZTeamRefSchema,
  saison: ZSeasonSchema,
  resultats: ZTeamResultsSchema,
  /** Trainings held in the season (up to today). */
  entrainementsTenus: z.number(),
  /** The team's median selection share (whole percent), null when nobody was available. */
  medianeSelection: z.number().nullable(),
  /** The team's median playing-time share (whole percent), null when unknown (decision 0128). */
  medianeTempsDeJeu: z.number().nullable(),
  /** Whether the reader sees every player (coach, leaders) or only their own / children's rows. */
  complet: z.boolean(),
  joueurs: z.array(ZPlayerStatisticsSchema),
});
export type TTeamStatistics = z.infer<typeof ZTeamStatisticsSchema>;

export const ZClubTeamStatisticsSchema = z.object({
  equipe: ZTeamRefSchema,
  resultats: ZTeamResultsSchema,
  entrainementsTenus: z.number(),
  /**
   * Attendances ÷ expected attendances of the team's players whose attendance was taken, whole
   * percent; null without any (« non relevée » when trainings were held: presenceRateText).
   */
  tauxPresence: z.number().nullable(),
  joueurs: z.number(),
  alertesEquite: z.number(),
});
export const ZClubStatisticsSchema = z.object({
  saison: ZSeasonSchema,
  equipes: z.array(ZClubTeamStatisticsSchema),
});
export type TClubStatistics = z.infer<typeof ZClubStatisticsSchema>;
export type TClubTeamStatistics = z.infer<typeof ZClubTeamStatisticsSchema>;

/** Whole percent of a ratio, null when the denominator is 0. */
export function percent(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part * 100) / whole) : null;
}

export function median(values: readonly number[]): number | null {
  if (!values.length) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/**
 * The fairness rule: a player's selection share (selected ÷ available) under half the team's
 * median share. Players never available have no share: they neither count in the median nor get
 * the flag. Returns the median (a ratio 0–1) and one flag per player, in order.
 */
export function fairnessAlerts(players: readonly { disponibles: number; selectionne: number }[]): {
  median: number | null;
  alerts: boolean[];
} {
  const shares = players.map((p) => (p.disponibles > 0 ? p.selectionne / p.disponibles : null));
  const m = median(shares.filter((s): s is number => s !== null));
  return { median: m, alerts: shares.map((s) => s !== null && m !== null && s < m / 2) };
}

/** The form's outcome of a score for the team (for, against). */
export function outcomeOf(pour: number, contre: number): MatchOutcome {
  return pour > contre ? 'V' : pour === contre ? 'N' : 'D';
}

/** Results of a list of scores (oldest first). */
export function teamResults(scores: readonly (readonly [number, number])[]): TTeamResults {
  const outcomes = scores.map(([p, c]) => outcomeOf(p, c));
  return {
    joues: scores.length,
    victoires: outcomes.filter((o) => o === 'V').length,
    nuls: outcomes.filter((o) => o === 'N').length,
    defaites: outcomes.filter((o) => o === 'D').length,
    butsPour: scores.reduce((n, [p]) => n + p, 0),
    butsContre: scores.reduce((n, [, c]) => n + c, 0),
    forme: outcomes.slice(-5),
  };
}
