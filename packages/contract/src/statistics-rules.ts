import { definePermissions, leadersRow } from './permissions.ts';

/**
 * The statistics' texts, permissions and season helpers, without zod: the statistics screens read
 * them, and a module holding schemas would bring zod to those screens as soon as another screen's
 * form shares it (docs/decisions/0094-route-javascript-composition.md). statistics.ts re-exports
 * them next to the schemas.
 */

export const STATISTICS_MESSAGES = {
  seasonInvalid:
    'Saison invalide : indiquez deux années qui se suivent au format AAAA-AAAA (par exemple 2025-2026).',
  loadFailed: 'Impossible de charger les statistiques.',
  empty: 'Aucune donnée pour cette saison : ni entraînement passé, ni match joué.',
  /** In place of a presence rate when attendance was never taken (decision 0106). */
  presenceNotTaken: 'non relevée',
} as const;

/**
 * Who reads what. Targets: {teamIds: [the team]}.
 * - read: the page itself (a player sees their own row, a parent their children's rows);
 * - readAll: every player's row and the fairness flag (the coach and the leaders);
 * - export: the CSV, every row (the coach and the leaders);
 * - club: the club overview (the leaders).
 */
export const STATISTICS_PERMISSIONS = definePermissions({
  read: { ...leadersRow('club', ['sharedTeam']), PARENT: ['sharedTeam', 'childrensTeams'] },
  readAll: { ...leadersRow('club'), ENTRAINEUR: ['sharedTeam'] },
  export: { ...leadersRow('club'), ENTRAINEUR: ['sharedTeam'] },
  club: leadersRow('club'),
});
export type TStatisticsAction = keyof typeof STATISTICS_PERMISSIONS;

/** The first year of a season parameter ('2025-2026' → 2025). */
export const seasonFirstYear = (saison: string) => Number(saison.slice(0, 4));
/** The season parameter that starts in `year` (2025 → '2025-2026'). */
export const seasonParam = (year: number) => `${year}-${year + 1}`;

/** V (won), N (drawn), D (lost). */
export const MATCH_OUTCOMES = ['V', 'N', 'D'] as const;
export type MatchOutcome = (typeof MATCH_OUTCOMES)[number];
export const MATCH_OUTCOME_LABELS: Record<MatchOutcome, string> = {
  V: 'Victoire',
  N: 'Nul',
  D: 'Défaite',
};

/**
 * A presence rate as the screens write it: '83 %'; « non relevée » when trainings were held but no
 * rate exists (attendance never taken, decision 0106); '-' when none was held.
 */
export function presenceRateText(rate: number | null, trainingsHeld: number): string {
  if (rate !== null) return `${rate} %`;
  return trainingsHeld > 0 ? STATISTICS_MESSAGES.presenceNotTaken : '-';
}
