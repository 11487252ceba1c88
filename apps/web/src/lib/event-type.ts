import { EVENT_TYPE_LABELS, type EventType } from '@club/contract';

/* How an event's type reads on every screen (dashboard, calendar, team cards). */

/** The type's French label, or its own text when the type is unknown (spec §2: shown, in red). */
export function eventTypeLabel(type: string): string {
  return EVENT_TYPE_LABELS[type.toUpperCase() as EventType] ?? (type.trim() || 'Type inconnu');
}

/**
 * A symbol per type, so that the type never rests on its colour alone (besides its text). Plain
 * text symbols, not emoji: they render with the system fonts of every platform.
 */
const TYPE_ICONS: Record<EventType, string> = {
  MATCH: '⚑',
  ENTRAINEMENT: '▲',
  TOURNOI: '★',
  REUNION: '☰',
  AUTRE: '●',
};
export function eventTypeIcon(type: string): string {
  return TYPE_ICONS[type.toUpperCase() as EventType] ?? '?';
}
