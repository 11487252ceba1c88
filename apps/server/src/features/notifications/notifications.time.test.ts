import { describe, expect, it } from 'vitest';
import { clubLocalDateTime } from '../../lib/club-time.ts';
import { afterQuietHours, instantOf, parseQuietHours } from './notifications.time.ts';

const PARIS = 'Europe/Paris';
const quiet = parseQuietHours('22:00-07:00');

describe('[notifications] club time and quiet hours', () => {
  it('instantOf is the inverse of the club wall clock, across DST changes', () => {
    for (const local of [
      '2026-01-15T12:00:00', // UTC+1
      '2026-07-15T12:00:00', // UTC+2
      '2026-03-29T01:30:00', // just before the spring change
      '2026-10-25T03:30:00', // just after the autumn change
    ])
      expect(clubLocalDateTime(PARIS, instantOf(PARIS, local))).toBe(local);
    expect(instantOf(PARIS, '2026-01-15T12:00:00').toISOString()).toBe('2026-01-15T11:00:00.000Z');
    expect(instantOf(PARIS, '2026-07-15T12:00:00').toISOString()).toBe('2026-07-15T10:00:00.000Z');
    // The repeated hour of October: the first one.
    expect(instantOf(PARIS, '2026-10-25T02:30:00').toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  it('parses the setting; empty or equal bounds mean none', () => {
    expect(quiet).toEqual({ start: '22:00', end: '07:00' });
    expect(parseQuietHours('')).toBeNull();
    expect(parseQuietHours('08:00-08:00')).toBeNull();
  });

  it('a notification due in the quiet hours waits for their end (club time); outside them it is not moved', () => {
    const at = (local: string) => instantOf(PARIS, local);
    const after = (local: string) =>
      clubLocalDateTime(PARIS, afterQuietHours(at(local), PARIS, quiet));
    expect(after('2026-06-10T23:15:00')).toBe('2026-06-11T07:00:00');
    expect(after('2026-06-10T22:00:00')).toBe('2026-06-11T07:00:00');
    expect(after('2026-06-11T03:00:00')).toBe('2026-06-11T07:00:00');
    expect(after('2026-06-11T07:00:00')).toBe('2026-06-11T07:00:00');
    expect(after('2026-06-11T12:34:56')).toBe('2026-06-11T12:34:56');
    expect(after('2026-06-11T21:59:59')).toBe('2026-06-11T21:59:59');
    // A window within one day.
    const lunch = parseQuietHours('12:00-14:00');
    expect(clubLocalDateTime(PARIS, afterQuietHours(at('2026-06-11T13:00:00'), PARIS, lunch))).toBe(
      '2026-06-11T14:00:00',
    );
    // Over the autumn change: still 07:00 on the wall clock.
    expect(after('2026-10-24T23:30:00')).toBe('2026-10-25T07:00:00');
    // No quiet hours.
    const t = at('2026-06-10T23:15:00');
    expect(afterQuietHours(t, PARIS, null)).toBe(t);
  });
});
