import { describe, expect, it } from 'vitest';
import {
  AGE_CATEGORIES,
  ageCategory,
  categoryBirthYears,
  parseAgeCategory,
  seasonOf,
  suggestedTeamForCategory,
  teamAgeCategory,
} from './season.ts';
import { ZAgeCategoryFilterSchema } from './season-schemas.ts';

describe('seasonOf: the season of a day, from the club’s start month', () => {
  it('July (the default): 30 June is the end of 2025-2026, 1 July the start of 2026-2027', () => {
    expect(seasonOf('2026-06-30')).toEqual({
      debut: '2025-07-01',
      fin: '2026-06-30',
      anneeReference: 2026,
      libelle: '2025-2026',
    });
    expect(seasonOf('2026-07-01')).toEqual({
      debut: '2026-07-01',
      fin: '2027-06-30',
      anneeReference: 2027,
      libelle: '2026-2027',
    });
  });
  it('September: 31 August / 1 September', () => {
    expect(seasonOf('2026-08-31', 9).libelle).toBe('2025-2026');
    expect(seasonOf('2026-09-01', 9)).toMatchObject({ debut: '2026-09-01', fin: '2027-08-31' });
  });
  it('January: the season is the calendar year', () => {
    expect(seasonOf('2026-01-01', 1)).toEqual({
      debut: '2026-01-01',
      fin: '2026-12-31',
      anneeReference: 2026,
      libelle: '2026',
    });
    expect(seasonOf('2025-12-31', 1).anneeReference).toBe(2025);
  });
  it('March: the season ends on the last day of February, 29 in a leap year', () => {
    expect(seasonOf('2027-05-01', 3).fin).toBe('2028-02-29');
    expect(seasonOf('2026-02-28', 3).fin).toBe('2026-02-28');
  });
});

describe('ageCategory: U6…U19, Senior, Vétéran from the birth year and the season', () => {
  it('born 2013: U13 in 2025-2026 until 30 June 2026, U14 from 1 July 2026', () => {
    expect(ageCategory('2013-12-31', '2026-06-30')).toBe('U13');
    expect(ageCategory('2013-01-01', '2026-06-30')).toBe('U13');
    expect(ageCategory('2013-12-31', '2026-07-01')).toBe('U14');
  });
  it('the birth year counts, not the birthday: born 1 January and 31 December of one year share a category', () => {
    expect(ageCategory('2016-01-01', '2025-09-01')).toBe(ageCategory('2016-12-31', '2025-09-01'));
    expect(ageCategory('2016-06-15', '2025-09-01')).toBe('U10');
  });
  it('with a September start the change happens on 1 September, not 1 July', () => {
    expect(ageCategory('2013-05-05', '2026-08-31', 9)).toBe('U13');
    expect(ageCategory('2013-05-05', '2026-09-01', 9)).toBe('U14');
    expect(ageCategory('2013-05-05', '2026-07-01', 9)).toBe('U13');
  });
  it('bounds: U6 for the youngest, U19, then Senior from 20 and Vétéran from 35', () => {
    const t = '2026-03-01'; // season 2025-2026, reference 2026
    expect(ageCategory('2023-04-01', t)).toBe('U6');
    expect(ageCategory('2020-04-01', t)).toBe('U6');
    expect(ageCategory('2019-04-01', t)).toBe('U7');
    expect(ageCategory('2007-04-01', t)).toBe('U19');
    expect(ageCategory('2006-04-01', t)).toBe('Senior');
    expect(ageCategory('1992-04-01', t)).toBe('Senior');
    expect(ageCategory('1991-04-01', t)).toBe('Vétéran');
    expect(ageCategory('1950-04-01', t)).toBe('Vétéran');
  });
  it('no birth date, or one after the season: no category', () => {
    expect(ageCategory(null, '2026-03-01')).toBeNull();
    expect(ageCategory('', '2026-03-01')).toBeNull();
    expect(ageCategory('2027-01-01', '2026-03-01')).toBeNull();
  });
});

describe('categoryBirthYears: the filter’s bounds agree with ageCategory', () => {
  it('every birth year from 1940 to the reference year falls in exactly the category whose bounds hold it', () => {
    for (const ref of [2026, 2027]) {
      const today = `${ref}-03-01`;
      for (let year = 1940; year <= ref; year++) {
        const category = ageCategory(`${year}-06-15`, today);
        const holding = AGE_CATEGORIES.filter((c) => {
          const { from, to } = categoryBirthYears(c, ref);
          return (from === null || year >= from) && (to === null || year <= to);
        });
        expect(holding, `${year} in ${ref}`).toEqual([category]);
      }
    }
  });
});

describe('category names', () => {
  it('parseAgeCategory reads what people type', () => {
    expect(parseAgeCategory('u13')).toBe('U13');
    expect(parseAgeCategory('U 9')).toBe('U9');
    expect(parseAgeCategory('Seniors')).toBe('Senior');
    expect(parseAgeCategory('vétérans')).toBe('Vétéran');
    expect(parseAgeCategory('U20')).toBeNull();
    expect(parseAgeCategory('U5')).toBeNull();
    expect(parseAgeCategory('Poussins')).toBeNull();
  });
  it('the ?categorie= filter refuses an unknown category with a French message', () => {
    expect(ZAgeCategoryFilterSchema.parse('u11')).toBe('U11');
    expect(ZAgeCategoryFilterSchema.parse('')).toBeUndefined();
    const bad = ZAgeCategoryFilterSchema.safeParse('Minimes');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toMatch(/^Catégorie inconnue/);
  });
  it('a team’s free-text category names an age category', () => {
    expect(teamAgeCategory('U13 Féminines')).toBe('U13');
    expect(teamAgeCategory('Seniors R1')).toBe('Senior');
    expect(teamAgeCategory('Équipe U 15')).toBe('U15');
    expect(teamAgeCategory('Loisirs')).toBeNull();
  });
  it('the member form suggests the first team, by name, of the member’s category', () => {
    const teams = [
      { id: 1, nom: 'Seniors A', categorie: 'Senior' },
      { id: 2, nom: 'U13 B', categorie: 'U13' },
      { id: 3, nom: 'U13 A', categorie: 'u13' },
      { id: 4, nom: 'Loisirs', categorie: 'Loisir' },
    ];
    expect(suggestedTeamForCategory(teams, 'U13')?.id).toBe(3);
    expect(suggestedTeamForCategory(teams, 'Senior')?.id).toBe(1);
    expect(suggestedTeamForCategory(teams, 'U9')).toBeNull();
    expect(suggestedTeamForCategory(teams, null)).toBeNull();
  });
});
