import { createElement, type ReactElement } from 'react';
import { CircleHelp, Diamond, Flag, Square, Star, Triangle, type LucideIcon } from 'lucide-react';
import { EVENT_TYPE_LABELS, eventColorToken, type EventType } from '@club/contract';
import { Icon } from '../components/ui/icon.tsx';

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
 * (daltonien theme, and every theme): icons of the one icon set (SVG, decision 0084), drawn the same
 * on every platform whatever its fonts. The symbol is decoration (aria-hidden): the label always goes
 * with it.
 */
export const EVENT_TYPE_ICONS: Readonly<Record<EventType, LucideIcon>> = {
  MATCH: Flag,
  ENTRAINEMENT: Triangle,
  TOURNOI: Star,
  REUNION: Square,
  AUTRE: Diamond,
};

/** An unknown type is red like AUTRE (spec §2) but keeps a shape of its own. */
export const UNKNOWN_EVENT_TYPE_ICON: LucideIcon = CircleHelp;

/** The type's icon component. */
export function eventTypeIconOf(type: string): LucideIcon {
  return EVENT_TYPE_ICONS[type.toUpperCase() as EventType] ?? UNKNOWN_EVENT_TYPE_ICON;
}

/** The type's icon, ready to render (aria-hidden SVG, filled: a solid shape reads at small sizes). */
export function eventTypeIcon(type: string): ReactElement {
  return createElement(Icon, {
    as: eventTypeIconOf(type),
    fill: 'currentColor',
    'data-event-type-icon': type.toUpperCase(),
  } as Parameters<typeof Icon>[0]);
}

/** The CSS class carrying the type's colour (spec §2 via contract colour tokens; styles/event-type.css). */
export function eventTypeClass(type: string): string {
  return `event-color-${eventColorToken(type)}`;
}
