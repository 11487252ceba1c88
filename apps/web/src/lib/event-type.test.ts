import { describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '@club/contract';
import {
  EVENT_TYPE_ICONS,
  UNKNOWN_EVENT_TYPE_ICON,
  eventTypeClass,
  eventTypeIconOf,
  eventTypeLabel,
} from './event-type.ts';

describe('event type: one label, symbol and colour per type for every screen', () => {
  it('labels the types with the spec’s French names (event form, spec §2)', () => {
    expect(EVENT_TYPES.map(eventTypeLabel)).toEqual([
      'Match',
      'Entraînement',
      'Tournoi',
      'Réunion',
      'Autre',
    ]);
    expect(eventTypeLabel('entrainement')).toBe('Entraînement');
    expect(eventTypeLabel('STAGE')).toBe('STAGE');
  });

  it('gives each type a symbol of its own shape, distinct from the unknown type’s', () => {
    const icons = EVENT_TYPES.map(eventTypeIconOf);
    expect(new Set([...icons, UNKNOWN_EVENT_TYPE_ICON]).size).toBe(EVENT_TYPES.length + 1);
    expect(eventTypeIconOf('match')).toBe(EVENT_TYPE_ICONS.MATCH);
    expect(eventTypeIconOf('stage')).toBe(UNKNOWN_EVENT_TYPE_ICON);
    expect(Object.keys(EVENT_TYPE_ICONS).sort()).toEqual([...EVENT_TYPES].sort());
  });

  it('colours by spec §2: match primary, training green, tournament purple, meeting orange, other and unknown red', () => {
    expect(EVENT_TYPES.map(eventTypeClass)).toEqual([
      'event-color-primary',
      'event-color-green',
      'event-color-purple',
      'event-color-orange',
      'event-color-red',
    ]);
    expect(eventTypeClass('STAGE')).toBe('event-color-red');
  });
});
