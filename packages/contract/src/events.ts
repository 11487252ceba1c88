import type { EventType } from './enums.ts';

/** Colour tokens per event type (spec §2 calendar). Dashboard: unknown types are red. */
export const EVENT_TYPE_COLOR_TOKENS: Record<EventType, string> = {
  MATCH: 'primary',
  ENTRAINEMENT: 'green',
  TOURNOI: 'purple',
  REUNION: 'orange',
  AUTRE: 'red',
};
export function eventColorToken(type: string | null | undefined): string {
  const t = (type ?? '').toUpperCase() as EventType;
  return EVENT_TYPE_COLOR_TOKENS[t] ?? 'red';
}

/** 'nom • division • categorie', or 'Équipe #id' when the team is unknown (spec §3). */
export function teamLabel(
  team:
    | {
        nom?: string | null;
        division?: string | null;
        categorie?: string | null;
        category?: string | null;
      }
    | null
    | undefined,
  id?: number | string,
): string {
  if (!team || !team.nom) return `Équipe #${id ?? '?'}`;
  return [team.nom, team.division, team.categorie ?? team.category]
    .filter((p) => p && String(p).trim() !== '')
    .join(' • ');
}

/** Local wall-clock date-time without zone, 'YYYY-MM-DDThh:mm:ss' (spec §5 event form). */
export function toLocalDateTime(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}
