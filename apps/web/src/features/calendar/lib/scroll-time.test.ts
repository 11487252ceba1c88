import { describe, expect, it } from 'vitest';
import { DEFAULT_SCROLL_TIME, addDays, firstDayWithEvents, scrollTimeFor } from './scroll-time.ts';

const ev = (dateDebut: string, dateFin: string) => ({ dateDebut, dateFin });
const week = { from: '2026-03-02', to: '2026-03-09' };

describe('[calendar] scroll time of the week and day views (decision 0088)', () => {
  it('08:00 when the range has no event (not the spec’s 06:00)', () => {
    expect(DEFAULT_SCROLL_TIME).toBe('08:00:00');
    expect(scrollTimeFor([], week)).toBe('08:00:00');
    // Events outside the range do not count, nor one that ends as the range starts.
    expect(
      scrollTimeFor(
        [
          ev('2026-03-01T19:00:00', '2026-03-02T00:00:00'),
          ev('2026-03-09T10:00:00', '2026-03-09T12:00:00'),
        ],
        week,
      ),
    ).toBe('08:00:00');
  });

  it('the whole hour of the earliest event of the range, whatever its day', () => {
    expect(scrollTimeFor([ev('2026-03-04T19:30:00', '2026-03-04T21:00:00')], week)).toBe(
      '19:00:00',
    );
    expect(
      scrollTimeFor(
        [
          ev('2026-03-02T19:00:00', '2026-03-02T21:00:00'),
          ev('2026-03-07T10:15:00', '2026-03-07T12:00:00'),
          ev('2026-03-08T18:00:00', '2026-03-08T20:00:00'),
        ],
        week,
      ),
    ).toBe('10:00:00');
    // Earlier than 08:00 too: the first event is shown.
    expect(scrollTimeFor([ev('2026-03-03T06:30:00', '2026-03-03T08:00:00')], week)).toBe(
      '06:00:00',
    );
  });

  it('an event that began before the range shows from midnight', () => {
    const day = { from: '2026-03-03', to: '2026-03-04' };
    expect(scrollTimeFor([ev('2026-03-02T22:00:00', '2026-03-03T02:00:00')], day)).toBe('00:00:00');
  });
});

describe('[calendar] the day a phone opens on (decision 0088)', () => {
  const today = '2026-03-03';
  it('today when an event is on today, even one already over or begun yesterday', () => {
    expect(firstDayWithEvents([ev('2026-03-03T07:00:00', '2026-03-03T08:00:00')], today)).toBe(
      today,
    );
    expect(firstDayWithEvents([ev('2026-03-02T23:00:00', '2026-03-03T01:00:00')], today)).toBe(
      today,
    );
  });

  it('otherwise the next day with an event; null without any', () => {
    expect(
      firstDayWithEvents(
        [
          ev('2026-03-10T19:00:00', '2026-03-10T21:00:00'),
          ev('2026-03-05T19:00:00', '2026-03-05T21:00:00'),
          ev('2026-03-02T19:00:00', '2026-03-02T21:00:00'),
        ],
        today,
      ),
    ).toBe('2026-03-05');
    expect(firstDayWithEvents([ev('2026-03-02T19:00:00', '2026-03-03T00:00:00')], today)).toBe(
      null,
    );
    expect(firstDayWithEvents([], today)).toBe(null);
  });

  it('adds calendar days across months and years', () => {
    expect(addDays('2026-01-25', 14)).toBe('2026-02-08');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
  });
});
