import { describe, expect, it } from 'vitest';
import { EVENT_TYPES, type EventType } from '@club/contract';
import { filterEvents, type CalendarFilters, type FilterableEvent } from './filter.ts';

const ev = (nom: string, over: Partial<FilterableEvent> = {}): FilterableEvent => ({
  nom,
  lieux: 'Stade municipal',
  type: 'ENTRAINEMENT',
  equipesIds: [3],
  ...over,
});
const all: CalendarFilters = { search: '', types: new Set(EVENT_TYPES), teamIds: null };
const names = (list: FilterableEvent[]) => list.map((e) => e.nom);

describe('[calendar] filter panel (spec §2; the search box now filters)', () => {
  const events = [
    ev('Entraînement U17', { lieux: 'Gymnase Jean Moulin', equipesIds: [3] }),
    ev('Match contre Lyon', { type: 'MATCH', equipesIds: [4, 5] }),
    ev('Assemblée générale', { type: 'REUNION', equipesIds: [], lieux: 'Club-house' }),
    ev('Tournoi de Noël', { type: 'tournoi', equipesIds: [5] }),
  ];

  it('everything checked and no search: every event shows', () => {
    expect(filterEvents(events, all)).toHaveLength(4);
  });

  it('the search matches the name or the place, ignoring case and accents', () => {
    expect(names(filterEvents(events, { ...all, search: 'entrainement' }))).toEqual([
      'Entraînement U17',
    ]);
    expect(names(filterEvents(events, { ...all, search: 'GYMNASE' }))).toEqual([
      'Entraînement U17',
    ]);
    expect(names(filterEvents(events, { ...all, search: 'club-house' }))).toEqual([
      'Assemblée générale',
    ]);
    expect(filterEvents(events, { ...all, search: 'piscine' })).toEqual([]);
    expect(filterEvents(events, { ...all, search: '   ' })).toHaveLength(4);
  });

  it('an unchecked type hides its events (types compared in upper case)', () => {
    const types = new Set<EventType>(EVENT_TYPES.filter((t) => t !== 'MATCH' && t !== 'TOURNOI'));
    expect(names(filterEvents(events, { ...all, types }))).toEqual([
      'Entraînement U17',
      'Assemblée générale',
    ]);
  });

  it('leaders: an event shows when one of its teams is checked; a team-less event while any is', () => {
    expect(names(filterEvents(events, { ...all, teamIds: new Set([5]) }))).toEqual([
      'Match contre Lyon',
      'Assemblée générale',
      'Tournoi de Noël',
    ]);
    expect(names(filterEvents(events, { ...all, teamIds: new Set([3]) }))).toEqual([
      'Entraînement U17',
      'Assemblée générale',
    ]);
  });

  it('with no team checked nothing shows (spec §6)', () => {
    expect(filterEvents(events, { ...all, teamIds: new Set() })).toEqual([]);
  });

  it('filters combine', () => {
    const f: CalendarFilters = {
      search: 'lyon',
      types: new Set<EventType>(['MATCH']),
      teamIds: new Set([4]),
    };
    expect(names(filterEvents(events, f))).toEqual(['Match contre Lyon']);
    expect(filterEvents(events, { ...f, teamIds: new Set([3]) })).toEqual([]);
  });
});
