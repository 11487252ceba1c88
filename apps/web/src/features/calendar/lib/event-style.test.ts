import { describe, expect, it } from 'vitest';
import { aClubEvent } from '../../../testing/builders.ts';
import { calendarEventTitle } from './event-style.ts';

describe('[calendar] titles', () => {
  it('a match names both sides, the home side first; other events keep their name', () => {
    const match = aClubEvent({
      nom: 'Match',
      type: 'MATCH',
      dateDebut: '2030-03-12T15:00:00',
      adversaire: 'FC Voisin',
      domicile: true,
    });
    expect(calendarEventTitle(match)).toBe('Seniors – FC Voisin 15:00');
    expect(calendarEventTitle({ ...match, domicile: false })).toBe('FC Voisin – Seniors 15:00');
    expect(calendarEventTitle(aClubEvent({ dateDebut: '2030-03-12T18:00:00' }))).toBe(
      'Entraînement 18:00',
    );
  });
});
