import { normalizeText } from './text.ts';

/**
 * The sports season and the age categories of French clubs, one rule for the server (member
 * answers, the `?categorie=` filter, the export) and the screens (the team suggested by the member
 * form). Pure functions: "today" is given by the caller, in the club's time zone.
 *
 * A season starts on the first day of the club's month `moisDebutSaison` (July by default, as the
 * federations' seasons do) and ends the day before the same date a year later. Its reference year
 * is the calendar year in which it ends (season 2025-2026 → 2026; a season starting in January is
 * the calendar year itself). A member's age in the season is the reference year minus the birth
 * year: U13 in 2025-2026 means born in 2013. Below 6 the member is counted U6 (the youngest
 * category), from 20 to 34 Senior, from 35 Vétéran.
 */
export const DEFAULT_SEASON_START_MONTH = 7;

export const YOUTH_CATEGORIES = [
  'U6',
  'U7',
  'U8',
  'U9',
  'U10',
  'U11',
  'U12',
  'U13',
  'U14',
  'U15',
  'U16',
  'U17',
  'U18',
  'U19',
] as const;
export const AGE_CATEGORIES = [...YOUTH_CATEGORIES, 'Senior', 'Vétéran'] as const;
export type AgeCategory = (typeof AGE_CATEGORIES)[number];

/** The age in the season from which a member is Senior, then Vétéran. */
export const SENIOR_FROM_AGE = 20;
export const VETERAN_FROM_AGE = 35;
const YOUNGEST_AGE = 6;

/** The month (1–12) a season starts in; anything else is refused with this message. */
export const SEASON_MESSAGES = {
  monthInvalid: 'Choisissez un mois entre janvier et décembre.',
  categoryInvalid: `Catégorie inconnue (${AGE_CATEGORIES.join(', ')}).`,
} as const;

// The schemas of the season's values are in season-schemas.ts: this module runs without zod.

export { SEASON_MONTH_LABELS } from './display.ts';

export interface Season {
  /** First day, 'YYYY-MM-DD'. */
  debut: string;
  /** Last day, 'YYYY-MM-DD'. */
  fin: string;
  /** The calendar year the season ends in: the year categories are counted from. */
  anneeReference: number;
  /** '2025-2026', or '2026' for a season that is a calendar year. */
  libelle: string;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const lastDayOfMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** The season that contains `today` ('YYYY-MM-DD', the club's date). */
export function seasonOf(today: string, startMonth: number = DEFAULT_SEASON_START_MONTH): Season {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const start = month >= startMonth ? year : year - 1;
  const endMonth = startMonth === 1 ? 12 : startMonth - 1;
  const endYear = startMonth === 1 ? start : start + 1;
  return {
    debut: `${pad(start, 4)}-${pad(startMonth)}-01`,
    fin: `${pad(endYear, 4)}-${pad(endMonth)}-${pad(lastDayOfMonth(endYear, endMonth))}`,
    anneeReference: endYear,
    libelle: endYear === start ? String(start) : `${start}-${endYear}`,
  };
}

/** The category of an age in the season (reference year − birth year). */
export function categoryOfAge(age: number): AgeCategory {
  if (age >= VETERAN_FROM_AGE) return 'Vétéran';
  if (age >= SENIOR_FROM_AGE) return 'Senior';
  return `U${Math.max(age, YOUNGEST_AGE)}` as AgeCategory;
}

/**
 * A member's category in the season of `today`, or null without a birth date (or with a birth
 * date after the season's end, which no real member has).
 */
export function ageCategory(
  birthDate: string | null | undefined,
  today: string,
  startMonth: number = DEFAULT_SEASON_START_MONTH,
): AgeCategory | null {
  if (!birthDate || !/^\d{4}-\d{2}-\d{2}/.test(birthDate)) return null;
  const age = seasonOf(today, startMonth).anneeReference - Number(birthDate.slice(0, 4));
  if (age < 0) return null;
  return categoryOfAge(age);
}

/**
 * The birth years of a category in a season, for a database filter: inclusive bounds, null when
 * open. U6 is every year from reference − 6 to the reference year, Vétéran every year up to
 * reference − 35.
 */
export function categoryBirthYears(
  category: AgeCategory,
  referenceYear: number,
): { from: number | null; to: number | null } {
  if (category === 'Vétéran') return { from: null, to: referenceYear - VETERAN_FROM_AGE };
  if (category === 'Senior')
    return { from: referenceYear - (VETERAN_FROM_AGE - 1), to: referenceYear - SENIOR_FROM_AGE };
  const age = Number(category.slice(1));
  if (age === YOUNGEST_AGE) return { from: referenceYear - YOUNGEST_AGE, to: referenceYear };
  return { from: referenceYear - age, to: referenceYear - age };
}

/** 'u13', 'U 13', 'senior', 'Seniors', 'vétérans', 'Veteran' → the category, or null. */
export function parseAgeCategory(value: string | null | undefined): AgeCategory | null {
  const v = normalizeText(value).replace(/[\s-]/g, '');
  if (!v) return null;
  if (/^SENIORS?$/.test(v)) return 'Senior';
  if (/^VETERANS?$/.test(v)) return 'Vétéran';
  const youth = /^U(\d{1,2})$/.exec(v);
  if (youth) {
    const c = `U${Number(youth[1])}`;
    return (YOUTH_CATEGORIES as readonly string[]).includes(c) ? (c as AgeCategory) : null;
  }
  return null;
}

/**
 * The team the member form suggests for a member's category: the first team (by name) whose own
 * category names the same age category ('U13', 'U13 F', 'Seniors'…); null when none or when the
 * category is unknown.
 */
export function suggestedTeamForCategory<T extends { nom: string; categorie: string }>(
  teams: readonly T[],
  category: AgeCategory | null,
): T | null {
  if (!category) return null;
  const matching = teams.filter((t) => teamAgeCategory(t.categorie) === category);
  matching.sort((a, b) => a.nom.localeCompare(b.nom, 'fr'));
  return matching[0] ?? null;
}

/** The age category a team's free-text category names ('U13 Féminines' → U13), or null. */
export function teamAgeCategory(teamCategory: string): AgeCategory | null {
  const words = normalizeText(teamCategory).split(/[\s/,-]+/);
  for (let i = 0; i < words.length; i++) {
    const one = parseAgeCategory(words[i]);
    if (one) return one;
    // 'U 13'
    if (words[i] === 'U' && i + 1 < words.length) {
      const two = parseAgeCategory(`U${words[i + 1]}`);
      if (two) return two;
    }
  }
  return null;
}
