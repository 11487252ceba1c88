import { describe, expect, it } from 'vitest';
import { endFollowingStart, isWholeLocal, pickerToLocal } from './local-date.ts';

describe('the event form’s end follows its start, keeping the duration', () => {
  it('moves the end by as much as the start moved, across days and months', () => {
    expect(endFollowingStart('2026-03-14T18:30', '2026-03-14T20:00', '2026-03-21T18:30')).toBe(
      '2026-03-21T20:00',
    );
    expect(endFollowingStart('2026-03-14T18:30', '2026-03-14T20:00', '2026-03-14T19:15')).toBe(
      '2026-03-14T20:45',
    );
    // A training ending after midnight, moved to the last day of the month.
    expect(endFollowingStart('2026-03-14T23:00', '2026-03-15T00:30', '2026-03-31T23:00')).toBe(
      '2026-04-01T00:30',
    );
    // Stored values with seconds are read too.
    expect(
      endFollowingStart('2026-03-14T18:30:00', '2026-03-14T20:00:00', '2026-03-15T09:00'),
    ).toBe('2026-03-15T10:30');
  });

  it('wall-clock arithmetic: the night the clocks change keeps the written duration', () => {
    expect(endFollowingStart('2026-03-21T01:00', '2026-03-21T04:00', '2026-03-29T01:00')).toBe(
      '2026-03-29T04:00',
    );
  });

  it('leaves the end alone when there is no duration to keep', () => {
    expect(endFollowingStart('2026-03-14T18:30', '', '2026-03-15T18:30')).toBeNull();
    expect(
      endFollowingStart('2026-03-14T18:30', '2026-03-14T18:30', '2026-03-15T18:30'),
    ).toBeNull();
    expect(
      endFollowingStart('2026-03-14T18:30', '2026-03-14T17:00', '2026-03-15T18:30'),
    ).toBeNull();
    expect(
      endFollowingStart('14/03/2026T18:30', '2026-03-14T20:00', '2026-03-15T18:30'),
    ).toBeNull();
    expect(
      endFollowingStart('2026-03-14T18:30', '2026-03-14T20:00', '2026-02-31T18:30'),
    ).toBeNull();
    expect(endFollowingStart('2026-03-14T18:30', '2026-03-14T20:00', '2026-03-15T1')).toBeNull();
  });

  it('whole values only', () => {
    expect(isWholeLocal('2026-03-14T18:30')).toBe(true);
    expect(isWholeLocal(pickerToLocal('2026-03-14T18:30'))).toBe(true);
    expect(isWholeLocal('2026-03-14T24:00')).toBe(false);
    expect(isWholeLocal('2026-03-1')).toBe(false);
  });
});
