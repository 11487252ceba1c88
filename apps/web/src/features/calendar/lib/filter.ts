import type { EventType } from '@club/contract';

/** What the filter panel reads of an event. */
export interface FilterableEvent {
  nom: string;
  lieux: string;
  type: string;
  equipesIds: readonly number[];
}

export interface CalendarFilters {
  /** The search box: matches the name or the place (accents and case ignored). */
  search: string;
  /** The checked types (all five at start). */
  types: ReadonlySet<EventType>;
  /**
   * The checked teams (leaders; all at start), or null when there is no team filter (team roles,
   * or a club without any team). An event for every team (`equipesIds` empty) shows while at least
   * one team is checked; with no team checked nothing shows (spec §6).
   */
  teamIds: ReadonlySet<number> | null;
}

/** Lower case without accents, for the search box. */
export function normalizeSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

export function matchesFilters(event: FilterableEvent, filters: CalendarFilters): boolean {
  if (!filters.types.has(event.type.toUpperCase() as EventType)) return false;
  const teams = filters.teamIds;
  if (teams !== null) {
    if (teams.size === 0) return false;
    if (event.equipesIds.length > 0 && !event.equipesIds.some((id) => teams.has(id))) return false;
  }
  const query = normalizeSearch(filters.search);
  if (query === '') return true;
  return (
    normalizeSearch(event.nom).includes(query) || normalizeSearch(event.lieux ?? '').includes(query)
  );
}

export function filterEvents<E extends FilterableEvent>(
  events: readonly E[],
  filters: CalendarFilters,
): E[] {
  return events.filter((e) => matchesFilters(e, filters));
}
