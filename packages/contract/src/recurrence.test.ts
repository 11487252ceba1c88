import { describe, expect, it } from 'vitest';
import {
  RECURRENCE_MESSAGES,
  ZRecurrenceSchema,
  formatRecurrenceRule,
  parseRecurrenceRule,
} from './events.ts';

describe('[contract] recurrence rules', () => {
  it('parses the supported subset and writes it back in canonical form', () => {
    const parsed = parseRecurrenceRule('RRULE:freq=weekly;byday=TH,TU;until=20270630T235959');
    expect(parsed).toEqual({
      ok: true,
      rule: { freq: 'WEEKLY', interval: 1, byday: ['TU', 'TH'], until: '2027-06-30', count: null },
    });
    if (parsed.ok)
      expect(formatRecurrenceRule(parsed.rule)).toBe('FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20270630');
    expect(ZRecurrenceSchema.parse({ rrule: 'FREQ=DAILY;INTERVAL=2;COUNT=5' })).toEqual({
      rrule: 'FREQ=DAILY;INTERVAL=2;COUNT=5',
      exclusions: [],
    });
    expect(
      ZRecurrenceSchema.parse({
        rrule: 'FREQ=WEEKLY;COUNT=5',
        exclusions: ['2027-01-12', '2027-01-05', '2027-01-12'],
      }).exclusions,
    ).toEqual(['2027-01-05', '2027-01-12']);
  });

  it('refuses what it does not support, with French messages', () => {
    const error = (rule: string) => {
      const r = parseRecurrenceRule(rule);
      return r.ok ? null : r.error;
    };
    for (const rule of [
      'FREQ=MONTHLY;COUNT=2',
      'FREQ=YEARLY;COUNT=2',
      'FREQ=WEEKLY;BYDAY=1MO;COUNT=2',
      'FREQ=WEEKLY;BYMONTH=1;COUNT=2',
      'FREQ=WEEKLY;INTERVAL=0;COUNT=2',
      'FREQ=WEEKLY;UNTIL=20270230',
      'FREQ=WEEKLY;COUNT=2;COUNT=3',
      'FREQ=WEEKLY;WKST=SU;COUNT=2',
      '',
    ])
      expect(error(rule), rule).toBe(RECURRENCE_MESSAGES.rruleInvalid);
    expect(error('FREQ=WEEKLY')).toBe(RECURRENCE_MESSAGES.endRequired);
    expect(error('FREQ=WEEKLY;COUNT=3;UNTIL=20270101')).toBe(RECURRENCE_MESSAGES.endTwice);
    expect(error('FREQ=WEEKLY;COUNT=401')).toBe(RECURRENCE_MESSAGES.tooLong);
  });
});
