import { describe, expect, it } from 'vitest';
import {
  addMonths,
  frenchToIso,
  isoToFrench,
  longFrench,
  maskFrenchDate,
  maskTime,
  monthGrid,
  parseTime,
} from './french-date.ts';

describe('[ui] French dates and times', () => {
  it('reads jj/mm/aaaa (and 8 digits, - or . separators) into ISO; refuses impossible dates', () => {
    expect(frenchToIso('06/05/2004')).toBe('2004-05-06');
    expect(frenchToIso('6/5/2004')).toBe('2004-05-06');
    expect(frenchToIso('06052004')).toBe('2004-05-06');
    expect(frenchToIso('06.05.2004')).toBe('2004-05-06');
    expect(frenchToIso('29/02/2024')).toBe('2024-02-29');
    expect(frenchToIso('29/02/2023')).toBeNull();
    expect(frenchToIso('31/04/2024')).toBeNull();
    expect(frenchToIso('05/06')).toBeNull();
    expect(frenchToIso('2004-05-06')).toBeNull();
  });

  it('writes ISO as jj/mm/aaaa; not a date gives an empty text', () => {
    expect(isoToFrench('2004-05-06')).toBe('06/05/2004');
    expect(isoToFrench('2004-05-06T00:00:00.000Z')).toBe('06/05/2004');
    expect(isoToFrench('')).toBe('');
    expect(isoToFrench('2004-13-01')).toBe('');
  });

  it('masks typing: slashes come in, letters go, a lone day or month digit is padded', () => {
    expect(maskFrenchDate('0')).toBe('0');
    expect(maskFrenchDate('06')).toBe('06');
    expect(maskFrenchDate('060')).toBe('06/0');
    expect(maskFrenchDate('06052004')).toBe('06/05/2004');
    expect(maskFrenchDate('06/05/2004999')).toBe('06/05/2004');
    expect(maskFrenchDate('6/')).toBe('06/');
    expect(maskFrenchDate('06/5/')).toBe('06/05/');
    expect(maskFrenchDate('ab12')).toBe('12');
  });

  it('month grids start on Monday; month arithmetic keeps the day inside the month', () => {
    // 1 March 2026 is a Sunday.
    const march = monthGrid(2026, 3);
    expect(march[0]).toEqual([null, null, null, null, null, null, 1]);
    expect(march.flat().filter((d) => d !== null)).toHaveLength(31);
    expect(addMonths({ y: 2026, m: 1, d: 31 }, 1)).toEqual({ y: 2026, m: 2, d: 28 });
    expect(addMonths({ y: 2026, m: 1, d: 15 }, -13)).toEqual({ y: 2024, m: 12, d: 15 });
    expect(longFrench({ y: 2026, m: 3, d: 12 })).toBe('jeudi 12 mars 2026');
  });

  it('times are 24 h: 18h30, 1830, 9:5 are read; 24:00 and 12:60 are not', () => {
    expect(parseTime('18h30')).toBe('18:30');
    expect(parseTime('1830')).toBe('18:30');
    expect(parseTime('9:5')).toBe('09:05');
    expect(parseTime('18h')).toBe('18:00');
    expect(parseTime('24:00')).toBeNull();
    expect(parseTime('12:60')).toBeNull();
    expect(maskTime('1830')).toBe('18:30');
    expect(maskTime('9:')).toBe('09:');
  });

  it('an en-US 12-hour time is read as its 24-hour time, never as the morning', () => {
    expect(parseTime('3:00 PM')).toBe('15:00');
    expect(parseTime('3:00PM')).toBe('15:00');
    expect(parseTime('3 pm')).toBe('15:00');
    expect(parseTime('6 PM')).toBe('18:00');
    expect(parseTime('11:45 p.m.')).toBe('23:45');
    expect(parseTime('9:30 AM')).toBe('09:30');
    expect(parseTime('12:00 AM')).toBe('00:00');
    expect(parseTime('12:15 PM')).toBe('12:15');
    // Not a 12-hour time: refused (the form then says the time is invalid).
    expect(parseTime('13:00 PM')).toBeNull();
    expect(parseTime('0:30 AM')).toBeNull();
    expect(parseTime('3:75 PM')).toBeNull();
    // The typing mask keeps the AM/PM letters for parseTime: '3:00 PM' is not cut to 03:00.
    expect(maskTime('3:00 PM')).toBe('3:00 PM');
    expect(parseTime(maskTime('3:00 PM'))).toBe('15:00');
    expect(maskTime('12:30 PM!')).toBe('12:30 PM');
  });
});
