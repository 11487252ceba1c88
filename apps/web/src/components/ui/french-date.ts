/*
 * French dates and times typed as text (jj/mm/aaaa, 24 h), independent of the browser's language.
 * Values exchanged with forms are ISO: 'aaaa-mm-jj' and 'hh:mm'.
 */

import { SEASON_MONTH_LABELS } from '@club/contract';

/** The month names, lower case (one list with the club settings' season month). */
export const MONTHS_FR = SEASON_MONTH_LABELS;
/** Monday first, as in France. */
export const WEEKDAYS_FR = [
  'lundi',
  'mardi',
  'mercredi',
  'jeudi',
  'vendredi',
  'samedi',
  'dimanche',
] as const;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export interface Ymd {
  y: number;
  m: number; // 1-12
  d: number;
}

export const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

export function isValidYmd({ y, m, d }: Ymd) {
  return y >= 1000 && y <= 9999 && m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
}

export const toIso = ({ y, m, d }: Ymd) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`;

/** 'aaaa-mm-jj' (or a longer ISO text) → parts, or null. */
export function parseIso(value: string | null | undefined): Ymd | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  if (!m) return null;
  const ymd = { y: Number(m[1]), m: Number(m[2]), d: Number(m[3]) };
  return isValidYmd(ymd) ? ymd : null;
}

/** ISO → 'jj/mm/aaaa' ('' when not a date). */
export function isoToFrench(value: string | null | undefined) {
  const p = parseIso(value);
  return p ? `${pad(p.d)}/${pad(p.m)}/${pad(p.y, 4)}` : '';
}

/** 'jj/mm/aaaa' (also 'j/m/aaaa', '-' or '.' as separators, or 8 digits) → ISO, or null. */
export function frenchToIso(text: string): string | null {
  const t = text.trim();
  const m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(t) ?? /^(\d{2})(\d{2})(\d{4})$/.exec(t);
  if (!m) return null;
  const ymd = { d: Number(m[1]), m: Number(m[2]), y: Number(m[3]) };
  return isValidYmd(ymd) ? toIso(ymd) : null;
}

/**
 * Typing mask: keeps digits and puts the slashes in as the user types ('1203' → '12/03').
 * A slash typed by the user after one digit pads it ('1/' → '01/').
 */
export function maskFrenchDate(raw: string) {
  const padded = raw.replace(/^(\d)[/.-]/, '0$1/').replace(/^(\d{2}\/)(\d)[/.-]/, '$10$2/');
  const digits = padded.replace(/\D/g, '').slice(0, 8);
  if (digits.length <= 2) return digits + (/^\d{2}[/.-]$/.test(padded) ? '/' : '');
  if (digits.length <= 4)
    return `${digits.slice(0, 2)}/${digits.slice(2)}${digits.length === 4 && /[/.-]$/.test(padded) ? '/' : ''}`;
  return `${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4)}`;
}

/** Long French label of a day, e.g. 'lundi 12 mars 2026'. */
export function longFrench({ y, m, d }: Ymd) {
  const weekday = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
  return `${WEEKDAYS_FR[weekday]} ${d} ${MONTHS_FR[m - 1]} ${y}`;
}

/** Adds days to a date (calendar arithmetic in UTC: no daylight-saving surprise). */
export function addDays({ y, m, d }: Ymd, days: number): Ymd {
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
}

/** Adds months, keeping the day inside the target month (31 jan + 1 month → 28/29 feb). */
export function addMonths({ y, m, d }: Ymd, months: number): Ymd {
  const index = y * 12 + (m - 1) + months;
  const ny = Math.floor(index / 12);
  const nm = (index % 12) + 1;
  return { y: ny, m: nm, d: Math.min(d, daysInMonth(ny, nm)) };
}

/** Weeks of a month view, Monday first; days outside the month are null. */
export function monthGrid(y: number, m: number): (number | null)[][] {
  const first = (new Date(Date.UTC(y, m - 1, 1)).getUTCDay() + 6) % 7;
  const total = daysInMonth(y, m);
  const cells: (number | null)[] = [
    ...Array.from({ length: first }, () => null),
    ...Array.from({ length: total }, (_, i) => i + 1),
  ];
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (number | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

export function todayYmd(now = new Date()): Ymd {
  return { y: now.getFullYear(), m: now.getMonth() + 1, d: now.getDate() };
}

/**
 * '1830', '18:30', '18h30', '18h', '9:5' → 'hh:mm' (24 h), or null. A 12-hour time as an en-US
 * browser or keyboard habit writes it ('3:00 PM', '3pm', '12:15 a.m.') is read too, so that it
 * never becomes 03:00; hours outside 1–12 before AM/PM ('13:00 PM') are refused.
 */
export function parseTime(text: string): string | null {
  const t = text.trim().toLowerCase().replace(/\./g, '');
  const twelve = /^(\d{1,2})(?:\s*:\s*(\d{1,2}))?\s*([ap])m?$/.exec(t);
  if (twelve) {
    const h = Number(twelve[1]);
    const min = twelve[2] === undefined ? 0 : Number(twelve[2]);
    if (h < 1 || h > 12 || min > 59) return null;
    return `${pad((h % 12) + (twelve[3] === 'p' ? 12 : 0))}:${pad(min)}`;
  }
  const m = /^(\d{1,2})\s*[:h]\s*(\d{1,2})?$/.exec(t) ?? /^(\d{2})(\d{2})$/.exec(t);
  if (!m) return null;
  const h = Number(m[1]);
  const min = m[2] === undefined ? 0 : Number(m[2]);
  if (h > 23 || min > 59) return null;
  return `${pad(h)}:${pad(min)}`;
}

/** The longest text a time field takes: '12:30 PM' (a 12-hour time is read, see parseTime). */
export const TIME_TEXT_MAX_LENGTH = 8;

/**
 * Typing mask for 'hh:mm'. A text with AM/PM letters is kept as typed (digits, ':', spaces, the
 * letters a, p, m and dots) for parseTime to read: dropping the letters would turn 3:00 PM into
 * 03:00.
 */
export function maskTime(raw: string) {
  if (/[ap]/i.test(raw))
    return raw
      .replace(/[^\d:\sapm.]/gi, '')
      .replace(/^\s+/, '')
      .slice(0, TIME_TEXT_MAX_LENGTH);
  const padded = raw.replace(/^(\d)[:h]/i, '0$1:');
  const digits = padded.replace(/\D/g, '').slice(0, 4);
  if (digits.length <= 2) return digits + (/^\d{2}[:h]$/i.test(padded) ? ':' : '');
  return `${digits.slice(0, 2)}:${digits.slice(2)}`;
}
