import { normalizeText, type TMatch } from '@club/contract';
import { MONTHS_FR } from '../../components/ui/french-date.ts';

/* Pure rules of the matches page (spec §2): wall clock, sorting, search, month groups. */

const SHORT_MONTHS = [
  'janv.',
  'févr.',
  'mars',
  'avr.',
  'mai',
  'juin',
  'juil.',
  'août',
  'sept.',
  'oct.',
  'nov.',
  'déc.',
] as const;

export interface WallClock {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?/;

/**
 * The match's date as the club reads it. Event dates are the club's wall clock without zone
 * (spec §5 event form): they are read as written, never shifted by the browser's zone. A date with
 * a zone (Z or ±hh:mm) is shown in the browser's zone.
 */
export function wallClock(value: string): WallClock | null {
  const hasZone = /(?:Z|[+-]\d{2}:?\d{2})$/.test(value.trim());
  const m = LOCAL.exec(value);
  if (m && !hasZone) {
    return {
      year: Number(m[1]),
      month: Number(m[2]),
      day: Number(m[3]),
      hour: Number(m[4] ?? 0),
      minute: Number(m[5] ?? 0),
    };
  }
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return null;
  return {
    year: d.getFullYear(),
    month: d.getMonth() + 1,
    day: d.getDate(),
    hour: d.getHours(),
    minute: d.getMinutes(),
  };
}

const pad = (n: number) => String(n).padStart(2, '0');
const capitalise = (s: string) => s.charAt(0).toLocaleUpperCase('fr-FR') + s.slice(1);

/** 'Janvier 2027': the month-year heading, French and capitalised. */
export function monthHeading(w: Pick<WallClock, 'year' | 'month'>): string {
  return `${capitalise(MONTHS_FR[w.month - 1]!)} ${w.year}`;
}
export const monthName = (month: number) => MONTHS_FR[month - 1]!;
export const shortMonth = (month: number) => SHORT_MONTHS[month - 1]!;
/** '13h30': times as the glossary writes them (docs/decisions/0109-match-words.md). */
export const timeOf = (w: WallClock) => `${pad(w.hour)}h${pad(w.minute)}`;

const WEEKDAYS = ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'] as const;
/**
 * 'samedi 12 décembre 2026 à 15:00': the weekday comes from the calendar date itself (UTC
 * arithmetic), so the browser's zone never moves it.
 */
export function longDateTime(w: WallClock): string {
  const weekday = WEEKDAYS[new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCDay()]!;
  return `${weekday} ${w.day} ${monthName(w.month)} ${w.year} à ${timeOf(w)}`;
}

/** 'YYYY-MM-DDThh:mm' (a datetime-local value) of a wall clock. */
export function localInputValue(w: WallClock): string {
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

/** A sortable key of the wall clock ('' when the date cannot be read: those go last). */
function sortKey(value: string): string {
  const w = wallClock(value);
  return w ? `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}` : '~';
}

/** Start date ascending, then id (stable for two matches at the same time). */
export function sortMatches(matches: readonly TMatch[]): TMatch[] {
  return [...matches].sort((a, b) => {
    const ka = sortKey(a.dateDebut);
    const kb = sortKey(b.dateDebut);
    return ka < kb ? -1 : ka > kb ? 1 : a.id - b.id;
  });
}

/** Search of spec §2: team names and venue, ignoring case and accents. */
export function matchesSearch(match: TMatch, search: string): boolean {
  const q = normalizeText(search);
  if (q === '') return true;
  return [match.equipeDomicile?.nom, match.equipeExterieur?.nom, match.lieux].some((v) =>
    normalizeText(v).includes(q),
  );
}

export interface MonthGroup {
  key: string;
  heading: string;
  matches: TMatch[];
}

/** Sorted matches grouped under their month-year heading, in date order. */
export function groupByMonth(matches: readonly TMatch[]): MonthGroup[] {
  const groups: MonthGroup[] = [];
  for (const match of sortMatches(matches)) {
    const w = wallClock(match.dateDebut);
    const key = w ? `${w.year}-${pad(w.month)}` : 'unknown';
    let group = groups.at(-1);
    if (!group || group.key !== key) {
      group = { key, heading: w ? monthHeading(w) : 'Date inconnue', matches: [] };
      groups.push(group);
    }
    group.matches.push(match);
  }
  return groups;
}

/** A score as shown: the number, or '-' when it is not one (spec §2). */
export function scoreText(score: unknown): string {
  return typeof score === 'number' && Number.isFinite(score) ? String(score) : '-';
}
/** A team name as shown: the name, or '-' (spec §2). */
export function teamText(team: { nom: string | null } | null | undefined): string {
  const nom = team?.nom?.trim();
  return nom ? nom : '-';
}

/** GET /api/matches/equipe/{id} answers a list or a page `{content}` (spec §7). */
export function matchList(body: unknown): TMatch[] {
  if (Array.isArray(body)) return body as TMatch[];
  const content = (body as { content?: unknown } | null)?.content;
  return Array.isArray(content) ? (content as TMatch[]) : [];
}
