import { matchTitle, type TEvent } from '@club/contract';

/* A type's label, symbol and colour class come from lib/event-type.ts (one source for every screen). */

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

/**
 * The calendar's title of an event: a match names both sides, the home side first
 * ('FC Voisin – Seniors 15:00' away); any other event 'nom hh:mm'.
 */
export function calendarEventTitle(
  e: Pick<TEvent, 'nom' | 'dateDebut' | 'adversaire' | 'domicile' | 'equipes'>,
): string {
  const name = e.adversaire
    ? matchTitle({
        equipe: e.equipes[0]?.nom ?? null,
        adversaire: e.adversaire,
        domicile: e.domicile,
      })
    : e.nom;
  return eventTitle(name, e.dateDebut);
}

/**
 * A training whose day has come (today or before): its staff open its attendance first, to take
 * the roll call pitch-side (decision 0101); a later one opens its form.
 */
export function isTrainingDue(event: Pick<TEvent, 'type' | 'dateDebut'>, now = new Date()) {
  if (event.type.toUpperCase() !== 'ENTRAINEMENT') return false;
  const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  return new Date(event.dateDebut) < tomorrow;
}
