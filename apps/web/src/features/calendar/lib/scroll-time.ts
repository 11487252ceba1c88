/**
 * Where the time grid opens (decision 0088): at the hour of the first event of the visible range,
 * otherwise at 08:00 (the spec's 06:00 left evening trainings below the fold); and which day a
 * phone's day view opens on: today if it has an event, otherwise the next day that has one.
 * Events are the club's wall clock ('YYYY-MM-DDThh:mm:ss'), the range's days 'YYYY-MM-DD'
 * (`to` excluded), as the events endpoint reads them.
 */
export const DEFAULT_SCROLL_TIME = '08:00:00';

/** How far ahead a phone looks for a day with events (days, today included). */
export const FIRST_DAY_LOOKAHEAD_DAYS = 14;

interface Timed {
  dateDebut: string;
  dateFin: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The scroll time of a time-grid range: the whole hour of its earliest event on the grid (an event
 * that began before the range shows from midnight), or 08:00 when the range has none.
 */
export function scrollTimeFor(
  events: readonly Timed[],
  range: { from: string; to: string },
): string {
  const first = `${range.from}T00:00:00`;
  const end = `${range.to}T00:00:00`;
  let earliest: number | null = null;
  for (const e of events) {
    if (e.dateFin <= first || e.dateDebut >= end) continue;
    const minutes =
      e.dateDebut < first
        ? 0
        : Number(e.dateDebut.slice(11, 13)) * 60 + Number(e.dateDebut.slice(14, 16));
    if (earliest === null || minutes < earliest) earliest = minutes;
  }
  return earliest === null ? DEFAULT_SCROLL_TIME : `${pad(Math.floor(earliest / 60))}:00:00`;
}

/**
 * The first day, from `today` on, that has an event (an event still running today counts for
 * today); null when none of `events` does.
 */
export function firstDayWithEvents(events: readonly Timed[], today: string): string | null {
  const midnight = `${today}T00:00:00`;
  let best: string | null = null;
  for (const e of events) {
    if (e.dateFin <= midnight) continue;
    const day = e.dateDebut < midnight ? today : e.dateDebut.slice(0, 10);
    if (best === null || day < best) best = day;
  }
  return best;
}

/** 'YYYY-MM-DD' `days` after `day` (calendar days, no time zone involved). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + days));
  return `${next.getUTCFullYear()}-${pad(next.getUTCMonth() + 1)}-${pad(next.getUTCDate())}`;
}
