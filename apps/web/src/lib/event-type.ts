import { EVENT_TYPE_LABELS, eventColorToken, type EventType } from '@club/contract';

/*
 * How an event's type reads on every screen — calendar legend (filters), calendar events, event
 * detail, dashboard lists, team cards: its French label, its symbol and its colour class. The
 * single source: no screen keeps its own table (decision 0039-one-symbol-per-event-type).
 */

/** The type's French label, or its own text when the type is unknown (spec §2: shown, in red). */
export function eventTypeLabel(type: string): string {
  return EVENT_TYPE_LABELS[type.toUpperCase() as EventType] ?? (type.trim() || 'Type inconnu');
}

/**
 * A symbol per type, each of a different shape, so that the types are told apart without colour
 * (daltonien theme, and every theme). Plain text symbols, not emoji: they render with the system
 * fonts of every platform. The symbol is decoration (aria-hidden): the label always goes with it.
 */
export const EVENT_TYPE_ICONS: Readonly<Record<EventType, string>> = {
  MATCH: '⚑',
  ENTRAINEMENT: '▲',
  TOURNOI: '★',
  REUNION: '■',
  AUTRE: '◆',
};

/** An unknown type is red like AUTRE (spec §2) but keeps a shape of its own. */
export const UNKNOWN_EVENT_TYPE_ICON = '?';

export function eventTypeIcon(type: string): string {
  return EVENT_TYPE_ICONS[type.toUpperCase() as EventType] ?? UNKNOWN_EVENT_TYPE_ICON;
}

/** The CSS class carrying the type's colour (spec §2 via contract colour tokens; styles/event-type.css). */
export function eventTypeClass(type: string): string {
  return `event-color-${eventColorToken(type)}`;
}
