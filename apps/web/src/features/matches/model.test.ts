import { describe, expect, it } from 'vitest';
import { aMatch } from '../../testing/builders.ts';
import {
  groupByMonth,
  localInputValue,
  longDateTime,
  matchList,
  matchesSearch,
  monthHeading,
  scoreText,
  sortMatches,
  teamText,
  wallClock,
} from './model.ts';

describe('[matches] month headings (spec §2: French, capitalised)', () => {
  it('names every month in French with a capital letter and the year', () => {
    const headings = Array.from({ length: 12 }, (_, i) =>
      monthHeading({ year: 2027, month: i + 1 }),
    );
    expect(headings).toEqual([
      'Janvier 2027',
      'Février 2027',
      'Mars 2027',
      'Avril 2027',
      'Mai 2027',
      'Juin 2027',
      'Juillet 2027',
      'Août 2027',
      'Septembre 2027',
      'Octobre 2027',
      'Novembre 2027',
      'Décembre 2027',
    ]);
  });
});

describe('[matches] wall clock', () => {
  it('reads a date without zone as written (the club wall clock), whatever the browser zone', () => {
    expect(wallClock('2027-03-28T02:30:00')).toEqual({
      year: 2027,
      month: 3,
      day: 28,
      hour: 2,
      minute: 30,
    });
  });
  it('answers null for a date that cannot be read', () => {
    expect(wallClock('pas une date')).toBeNull();
  });
  it('writes the long French date with the weekday of the calendar date', () => {
    expect(longDateTime(wallClock('2026-12-12T15:00:00')!)).toBe('samedi 12 décembre 2026 à 15h00');
    expect(longDateTime(wallClock('2027-03-28T00:30:00')!)).toBe('dimanche 28 mars 2027 à 00h30');
  });
  it('writes the datetime-local value of a wall clock', () => {
    expect(localInputValue(wallClock('2027-03-01T09:05:00')!)).toBe('2027-03-01T09:05');
  });
});

describe('[matches] sorting and grouping (spec §2)', () => {
  const feb = aMatch({ id: 1, dateDebut: '2027-02-03T10:00:00' });
  const janLate = aMatch({ id: 2, dateDebut: '2027-01-30T18:00:00' });
  const janEarly = aMatch({ id: 3, dateDebut: '2027-01-02T09:00:00' });
  const dec = aMatch({ id: 4, dateDebut: '2026-12-20T14:30:00' });

  it('sorts by start date ascending', () => {
    expect(sortMatches([feb, janLate, janEarly, dec]).map((m) => m.id)).toEqual([4, 3, 2, 1]);
  });

  it('groups under month-year headings in date order, across a year change', () => {
    const groups = groupByMonth([feb, janLate, janEarly, dec]);
    expect(groups.map((g) => [g.heading, g.matches.map((m) => m.id)])).toEqual([
      ['Décembre 2026', [4]],
      ['Janvier 2027', [3, 2]],
      ['Février 2027', [1]],
    ]);
  });

  it('keeps the same month of two years apart', () => {
    const a = aMatch({ id: 5, dateDebut: '2026-01-10T10:00:00' });
    const b = aMatch({ id: 6, dateDebut: '2027-01-10T10:00:00' });
    expect(groupByMonth([b, a]).map((g) => g.heading)).toEqual(['Janvier 2026', 'Janvier 2027']);
  });
});

describe('[matches] search (spec §2: team names and venue)', () => {
  const match = aMatch({
    equipeDomicile: { id: 3, nom: 'Seniors' },
    equipeExterieur: { id: null, nom: 'Étoile Sportive' },
    lieux: 'Stade de la Beaujoire',
  });
  it.each([
    ['senior', true],
    ['etoile', true],
    ['ÉTOILE SPORT', true],
    ['beaujoire', true],
    ['', true],
    ['   ', true],
    ['Nantes', false],
  ])('"%s" → %s', (q, expected) => {
    expect(matchesSearch(match, q)).toBe(expected);
  });
  it('does not match on other fields (the status, the event name)', () => {
    expect(matchesSearch(aMatch({ nom: 'Derby', statut: 'TERMINE' }), 'derby')).toBe(false);
  });
  it('tolerates a missing side', () => {
    expect(matchesSearch(aMatch({ equipeExterieur: null }), 'voisine')).toBe(false);
  });
});

describe('[matches] shown values (spec §2)', () => {
  it('a score is its number, or a dash when it is not one', () => {
    expect([scoreText(0), scoreText(3), scoreText(null), scoreText(undefined)]).toEqual([
      '0',
      '3',
      '-',
      '-',
    ]);
  });
  it('a team is its name, or a dash', () => {
    expect([teamText({ nom: 'U17' }), teamText(null), teamText({ nom: '  ' })]).toEqual([
      'U17',
      '-',
      '-',
    ]);
  });
  it('reads a list or a page with content (spec §7)', () => {
    const m = aMatch();
    expect(matchList([m])).toEqual([m]);
    expect(matchList({ content: [m], page: 0 })).toEqual([m]);
    expect(matchList(null)).toEqual([]);
  });
});
