import { eventColorToken, type EventType } from '@club/contract';

/**
 * Each type has a colour (spec §2, contract EVENT_TYPE_COLOR_TOKENS → theme variable
 * `--event-{token}`) AND a shape, so that the types are told apart without colour (daltonien
 * theme, and every theme).
 */
export const EVENT_TYPE_ICONS: Record<EventType, string> = {
  MATCH: '▲',
  ENTRAINEMENT: '●',
  TOURNOI: '★',
  REUNION: '■',
  AUTRE: '◆',
};

export function eventIcon(type: string): string {
  return EVENT_TYPE_ICONS[type.toUpperCase() as EventType] ?? EVENT_TYPE_ICONS.AUTRE;
}

/** The CSS class carrying the type's colour (calendar.css). */
export function eventTypeClass(type: string): string {
  return `event-color-${eventColorToken(type)}`;
}

/** 'hh:mm' of a club-local date-time. */
export function formatTime(value: string | Date): string {
  if (value instanceof Date) {
    const p = (n: number) => String(n).padStart(2, '0');
    return `${p(value.getHours())}:${p(value.getMinutes())}`;
  }
  return value.slice(11, 16);
}

/** The event title of spec §2: its name plus its start time, 'nom hh:mm'. */
export function eventTitle(nom: string, dateDebut: string | Date): string {
  return `${nom} ${formatTime(dateDebut)}`;
}
