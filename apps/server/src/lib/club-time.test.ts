import { describe, expect, it } from 'vitest';
import { clubLocalDateTime, clubToday, isValidTimeZone } from './club-time.ts';

describe('club wall clock', () => {
  it('decides today in the club time zone around midnight', () => {
    // 23:30 UTC on 14 Jan is 00:30 on 15 Jan in Paris (UTC+1 in winter).
    const at = new Date('2027-01-14T23:30:00Z');
    expect(clubToday('Europe/Paris', at)).toBe('2027-01-15');
    expect(clubToday('UTC', at)).toBe('2027-01-14');
    expect(clubToday('America/Martinique', at)).toBe('2027-01-14');
  });

  it('follows the DST changes', () => {
    // Paris is UTC+2 in summer: 22:30 UTC on 30 June is 00:30 on 1 July.
    expect(clubLocalDateTime('Europe/Paris', new Date('2027-06-30T22:30:00Z'))).toBe(
      '2027-07-01T00:30:00',
    );
    // Last Sunday of March 2027 (28th): 00:59:59 UTC is 01:59:59 CET, 01:00 UTC is 03:00 CEST.
    expect(clubLocalDateTime('Europe/Paris', new Date('2027-03-28T00:59:59Z'))).toBe(
      '2027-03-28T01:59:59',
    );
    expect(clubLocalDateTime('Europe/Paris', new Date('2027-03-28T01:00:00Z'))).toBe(
      '2027-03-28T03:00:00',
    );
    // Last Sunday of October 2027 (31st): 01:00 UTC is back to 02:00 CET.
    expect(clubLocalDateTime('Europe/Paris', new Date('2027-10-31T00:30:00Z'))).toBe(
      '2027-10-31T02:30:00',
    );
    expect(clubLocalDateTime('Europe/Paris', new Date('2027-10-31T01:30:00Z'))).toBe(
      '2027-10-31T02:30:00',
    );
  });

  it('tells known zones from unknown ones', () => {
    expect(isValidTimeZone('Europe/Paris')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
  });
});
