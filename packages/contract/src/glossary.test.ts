import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ACTION_LABELS,
  GENRE_OPTIONS,
  SPEC_WORDING,
  eventTitle,
  eventTypeLabel,
  formatPhone,
  personName,
  roleLabel,
  statusLabel,
} from './glossary.ts';
import { ROLES } from './enums.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const spec = fs.readFileSync(path.resolve(here, '../../../docs/spec/specification.txt'), 'utf8');

describe('[contract] glossary', () => {
  it('role codes read as words (spec §2 team page filter: Joueur, Entraîneur, Parent)', () => {
    expect(roleLabel('JOUEUR')).toBe('Joueur');
    expect(roleLabel('entraineur')).toBe('Entraîneur');
    expect(roleLabel('PARENT')).toBe('Parent');
    expect(roleLabel('DIRIGEANT')).toBe('Dirigeant');
    expect(roleLabel('RESPONSABLE')).toBe('Responsable');
    for (const r of ROLES) expect(roleLabel(r)).not.toBe(r);
    expect(roleLabel('ARBITRE')).toBe('ARBITRE');
  });

  it('event types and statuses read as the spec writes them (§2 type select, §3 status rule)', () => {
    expect(['MATCH', 'ENTRAINEMENT', 'TOURNOI', 'REUNION', 'AUTRE'].map(eventTypeLabel)).toEqual([
      'Match',
      'Entraînement',
      'Tournoi',
      'Réunion',
      'Autre',
    ]);
    expect(statusLabel('blesse')).toBe('Blessé');
    expect(statusLabel('')).toBe('Inconnu');
  });

  it('one gender list everywhere: Homme, Femme, Autre', () => {
    expect(GENRE_OPTIONS).toEqual(['Homme', 'Femme', 'Autre']);
  });

  it('save is Enregistrer; the spec strings that drift from the glossary are the spec’s own', () => {
    expect(ACTION_LABELS.save).toBe('Enregistrer');
    expect(spec).toContain('buttons Sauvegarder / Annuler');
    for (const { text, glossary } of Object.values(SPEC_WORDING)) {
      expect(spec).toContain(text);
      expect(text).not.toBe(glossary);
    }
  });

  it('names are first name first', () => {
    expect(personName({ prenom: 'Chloé', nom: 'Nicolas' })).toBe('Chloé Nicolas');
    expect(personName({ prenom: ' ', nom: 'Nicolas' })).toBe('Nicolas');
  });

  it('an event title does not repeat its type', () => {
    expect(eventTitle({ nom: 'Entraînement Féminines', type: 'ENTRAINEMENT' })).toBe(
      'Entraînement Féminines',
    );
    expect(eventTitle({ nom: 'entrainement U15', type: 'ENTRAINEMENT' })).toBe('entrainement U15');
    expect(eventTitle({ nom: 'Féminines', type: 'ENTRAINEMENT' })).toBe('Entraînement : Féminines');
  });
});

describe('[contract] formatPhone', () => {
  it('groups French numbers by two', () => {
    expect(formatPhone('0612345678')).toBe('06 12 34 56 78');
    expect(formatPhone('06.12.34.56.78')).toBe('06 12 34 56 78');
    expect(formatPhone('+33612345678')).toBe('+33 6 12 34 56 78');
    expect(formatPhone('+33 6 12 34 56 78')).toBe('+33 6 12 34 56 78');
    expect(formatPhone('')).toBe('');
    expect(formatPhone(null)).toBe('');
  });

  it('formatting then removing the spaces gives back the digits (and the leading +)', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.stringMatching(/^\d{1,15}$/), (international, digits) => {
        const input = `${international ? '+' : ''}${digits}`;
        const out = formatPhone(input);
        expect(out.replace(/ /g, '')).toBe(input);
        // Groups of at most two digits, except the +33 number's single first digit.
        expect(out.split(' ').every((g) => /^\+?\d{1,3}$/.test(g))).toBe(true);
      }),
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\+?\d{1,15}$/), (input) => {
        expect(formatPhone(formatPhone(input))).toBe(formatPhone(input));
      }),
    );
  });
});
