import { describe, expect, it } from 'vitest';
import {
  IMPORT_FIELDS,
  MEMBER_CSV_HEADERS,
  frenchDate,
  headerKey,
  importFieldOf,
  neutralizeFormula,
  cellDateMessage,
  phoneForSpreadsheet,
  parseCellDate,
  parseCellGender,
  parseCellRole,
  splitTeamNames,
  unneutralizeFormula,
} from './member-import.ts';

describe('import headers: case, accents, punctuation and synonyms do not matter', () => {
  it('every export header reads back as its own field', () => {
    for (const f of IMPORT_FIELDS) expect(importFieldOf(MEMBER_CSV_HEADERS[f])).toBe(f);
  });
  it.each([
    ['Nom de famille', 'nom'],
    ['NOM', 'nom'],
    ['prenom', 'prenom'],
    ['Né(e) le', 'dateDeNaissance'],
    ['née le', 'dateDeNaissance'],
    ['Date de naissance', 'dateDeNaissance'],
    ['Sexe', 'genre'],
    ['Genre', 'genre'],
    ['Courriel', 'email'],
    ['E-mail', 'email'],
    ['EMAIL', 'email'],
    ['Mobile', 'numeroTelephone'],
    ['Téléphone', 'numeroTelephone'],
    ['Licence', 'numeroLicence'],
    ['N° licence', 'numeroLicence'],
    ['N° de licence', 'numeroLicence'],
    ['Rôle', 'role'],
    ['Équipe(s)', 'equipes'],
    ['equipe', 'equipes'],
    [' Équipes ', 'equipes'],
  ] as const)('%s → %s', (header, field) => {
    expect(importFieldOf(header)).toBe(field);
  });
  it('an unknown header is ignored (null)', () => {
    expect(importFieldOf('Commentaire')).toBeNull();
    expect(headerKey('Né(e) le')).toBe('neele');
  });
});

describe('cell values', () => {
  it('dates: jj/mm/aaaa, j/m/aaaa, with - or ., ISO, and a spreadsheet’s 00:00', () => {
    expect(parseCellDate('03/04/2012')).toBe('2012-04-03');
    expect(parseCellDate('3/4/2012')).toBe('2012-04-03');
    expect(parseCellDate('03-04-2012')).toBe('2012-04-03');
    expect(parseCellDate('03.04.2012')).toBe('2012-04-03');
    expect(parseCellDate('2012-04-03')).toBe('2012-04-03');
    expect(parseCellDate('03/04/2012 00:00')).toBe('2012-04-03');
    expect(parseCellDate('2012-04-03T00:00:00Z')).toBe('2012-04-03');
    expect(parseCellDate('31/02/2012')).toBeNull();
    expect(parseCellDate('04/2012')).toBeNull();
    expect(parseCellDate('12/31/2012')).toBeNull();
    expect(parseCellDate('demain')).toBeNull();
    expect(frenchDate('2012-04-03')).toBe('03/04/2012');
    expect(frenchDate(null)).toBe('');
  });
  it('genders: words, initials and civilities', () => {
    expect(parseCellGender('F')).toBe('Femme');
    expect(parseCellGender('féminin')).toBe('Femme');
    expect(parseCellGender('Mme')).toBe('Femme');
    expect(parseCellGender('M')).toBe('Homme');
    expect(parseCellGender('H')).toBe('Homme');
    expect(parseCellGender('Homme')).toBe('Homme');
    expect(parseCellGender('M.')).toBe('Homme');
    expect(parseCellGender('Autre')).toBe('Autre');
    expect(parseCellGender('Z')).toBeNull();
  });
  it('roles: French words (either gender), codes, any case or accent', () => {
    expect(parseCellRole('Entraîneur')).toBe('ENTRAINEUR');
    expect(parseCellRole('entraineuse')).toBe('ENTRAINEUR');
    expect(parseCellRole('JOUEUR')).toBe('JOUEUR');
    expect(parseCellRole('Joueuse')).toBe('JOUEUR');
    expect(parseCellRole('dirigeante')).toBe('DIRIGEANT');
    expect(parseCellRole('Responsable')).toBe('RESPONSABLE');
    expect(parseCellRole('parent')).toBe('PARENT');
    expect(parseCellRole('Arbitre')).toBeNull();
  });
  it('teams: one cell lists several, separated by , ; | or /', () => {
    expect(splitTeamNames('Seniors A, U13 ; U15|U17 / U19')).toEqual([
      'Seniors A',
      'U13',
      'U15',
      'U17',
      'U19',
    ]);
    expect(splitTeamNames('  ')).toEqual([]);
  });
  it('formula injection: = + - @ tab and CR are written behind an apostrophe, and read back', () => {
    for (const v of ['=1+1', '+33 6 12 34 56 78', '-2', '@SUM(A1)', '\tx', '\rx']) {
      expect(neutralizeFormula(v)).toBe(`'${v}`);
      expect(unneutralizeFormula(neutralizeFormula(v))).toBe(v);
    }
    expect(neutralizeFormula('Dupont')).toBe('Dupont');
    expect(unneutralizeFormula("'Dupont")).toBe("'Dupont");
    expect(unneutralizeFormula("O'Neil")).toBe("O'Neil");
  });
  it('a well-formed date that does not exist says so; anything else names the format', () => {
    expect(cellDateMessage('31/02/2014')).toBe('Cette date n’existe pas (31/02/2014).');
    expect(cellDateMessage(' 2014-02-30 ')).toBe('Cette date n’existe pas (2014-02-30).');
    expect(cellDateMessage('13/13/2014')).toBe('Cette date n’existe pas (13/13/2014).');
    for (const v of ['31-02', 'hier', '01/01/1850', '2014/02/30'])
      expect(cellDateMessage(v)).toBe('Date invalide (format attendu : jj/mm/aaaa).');
  });
  it('a phone is written as a text formula so that the spreadsheet keeps its leading 0, and read back', () => {
    for (const v of ['0612345678', '06 12 34 56 78', '+33 6 12 34 56 78', '06.12.34.56.78']) {
      expect(phoneForSpreadsheet(v)).toBe(`="${v}"`);
      expect(unneutralizeFormula(phoneForSpreadsheet(v))).toBe(v);
    }
    // user data cannot leave the quoted string: anything else is neutralised as a formula
    for (const v of ['=1+1', '-2', '@A1', '+33 6"&HYPERLINK("http://evil.example")&"'])
      expect(phoneForSpreadsheet(v)).toBe(`'${v}`);
    expect(phoneForSpreadsheet('06"&A1&"')).toBe('06"&A1&"');
    expect(phoneForSpreadsheet('06 12 (bureau)')).toBe('06 12 (bureau)');
    expect(phoneForSpreadsheet('')).toBe('');
  });
});
