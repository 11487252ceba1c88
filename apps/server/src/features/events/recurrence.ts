import { createRequire } from 'node:module';
import {
  RECURRENCE_LIMITS,
  RECURRENCE_MESSAGES,
  RECURRENCE_WEEKDAYS,
  formatRecurrenceRule,
  parseRecurrenceRule,
  type TRecurrenceRule,
} from '@club/contract';
import { badRequest } from '../../lib/http-error.ts';

/**
 * Expansion of a series' RRULE (RFC 5545, the `rrule` package) on the club's wall clock. Wall-clock
 * date-times are handed to rrule as "floating" UTC dates (the package's documented way of ignoring
 * zones): a 19:00 training is 19:00 in winter and in summer, whatever the DST changes.
 */

// rrule ships a UMD main and an ESM module; require() reads the same build under Node and vitest.
const { RRule } = createRequire(import.meta.url)('rrule') as typeof import('rrule');

export interface Occurrence {
  /** The rule's date of the occurrence 'YYYY-MM-DD' (events.occurrence_date). */
  date: string;
  dateDebut: string;
  dateFin: string;
}

const DAY_MS = 86_400_000;
const floating = (wallClock: string) => new Date(`${wallClock.slice(0, 19)}Z`);
const wallClock = (d: Date) => d.toISOString().slice(0, 19);

/** 'YYYY-MM-DD' plus `days` days. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** 400 on recurrence.rrule with the contract's French message. */
const invalid = (message: string) => badRequest(undefined, { 'recurrence.rrule': message });

export function parseRule(rrule: string): TRecurrenceRule {
  const parsed = parseRecurrenceRule(rrule);
  if (!parsed.ok) throw invalid(parsed.error);
  return parsed.rule;
}

function toRRule(rule: TRecurrenceRule, dtstart: string) {
  return new RRule({
    freq: rule.freq === 'WEEKLY' ? RRule.WEEKLY : RRule.DAILY,
    interval: rule.interval,
    wkst: RRule.MO,
    dtstart: floating(dtstart),
    ...(rule.byday.length
      ? { byweekday: rule.byday.map((d) => RECURRENCE_WEEKDAYS.indexOf(d)) }
      : {}),
    // A DATE UNTIL includes its whole day (RFC 5545 §3.3.10).
    ...(rule.until ? { until: floating(`${rule.until}T23:59:59`) } : {}),
    ...(rule.count ? { count: rule.count } : {}),
  });
}

/**
 * The occurrences of `rrule` from `dateDebut` (the first start; its duration is dateFin - dateDebut
 * on the wall clock), without the excluded dates. 400 (French, on recurrence.rrule) when the rule is
 * not of the supported subset, gives no occurrence, or exceeds two years / 400 occurrences.
 */
export function expandSeries(
  recurrence: { rrule: string; exclusions: readonly string[] },
  dateDebut: string,
  dateFin: string,
): Occurrence[] {
  const rule = parseRule(recurrence.rrule);
  const start = dateDebut.slice(0, 10);
  if (rule.until && rule.until < start) throw invalid(RECURRENCE_MESSAGES.untilBeforeStart);
  const lastDay = addDays(start, RECURRENCE_LIMITS.spanDaysMax);
  if (rule.until && rule.until > lastDay) throw invalid(RECURRENCE_MESSAGES.tooLong);
  const duration = floating(dateFin).getTime() - floating(dateDebut).getTime();
  const dates = toRRule(rule, dateDebut).all((_, i) => i <= RECURRENCE_LIMITS.occurrencesMax);
  if (dates.length > RECURRENCE_LIMITS.occurrencesMax) throw invalid(RECURRENCE_MESSAGES.tooLong);
  const excluded = new Set(recurrence.exclusions);
  const occurrences: Occurrence[] = [];
  for (const d of dates) {
    const date = wallClock(d).slice(0, 10);
    if (date > lastDay) throw invalid(RECURRENCE_MESSAGES.tooLong);
    if (excluded.has(date)) continue;
    occurrences.push({
      date,
      dateDebut: wallClock(d),
      dateFin: wallClock(new Date(d.getTime() + duration)),
    });
  }
  if (!occurrences.length) throw invalid(RECURRENCE_MESSAGES.noOccurrence);
  return occurrences;
}

/**
 * The rule cut so that its last occurrence is before `date` (a series split or a "this and
 * following" delete): COUNT becomes the UNTIL of the day before.
 */
export function ruleEndingBefore(rrule: string, date: string): string {
  return formatRecurrenceRule({ ...parseRule(rrule), count: null, until: addDays(date, -1) });
}

/**
 * The rule from a later start `dtstart` on: a COUNT rule becomes the UNTIL of its last occurrence
 * from the series' own start (so that the part after a split does not run longer).
 */
export function ruleFrom(rrule: string, seriesStart: string): string {
  const rule = parseRule(rrule);
  if (!rule.count) return formatRecurrenceRule(rule);
  const dates = toRRule(rule, seriesStart).all();
  const last = wallClock(dates[dates.length - 1] ?? floating(seriesStart)).slice(0, 10);
  return formatRecurrenceRule({ ...rule, count: null, until: last });
}
