import type { EventType } from './enums.ts';

/**
 * What screens show of teams, matches and members without validating anything: names, words and
 * limits. Kept apart from the schema modules that re-export them (events.ts, matches.ts,
 * dashboard.ts), so that a screen showing them does not ship those modules' schemas and zod
 * (docs/decisions/0090-web-route-table.md).
 */

/** The longest justification of an absence (spec §5). */
export const JUSTIFICATION_MAX = 500;

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

/**
 * The title naming both sides of a match, the home side first: 'Seniors A – FC Voisin' at home,
 * 'FC Voisin – Seniors A' away. Without an opponent, the team's name alone.
 */
export function matchTitle(m: {
  equipe: string | null;
  adversaire: string | null;
  domicile: boolean | null;
}): string {
  const ours = m.equipe ?? '-';
  if (!m.adversaire) return ours;
  return m.domicile === false ? `${m.adversaire} – ${ours}` : `${ours} – ${m.adversaire}`;
}

/**
 * A time of the club's wall clock as the app writes it in French, everywhere but the calendar's
 * event titles (spec §2: 'nom hh:mm'): '13h30' for '2026-12-05T13:30:00' (or '13:30').
 */
export function frenchTime(local: string): string {
  const time = local.length > 5 ? local.slice(11, 16) : local;
  return `${time.slice(0, 2)}h${time.slice(3, 5)}`;
}

/**
 * The one name of a match (the glossary's, decision 0109): both sides, the home side first,
 * when the opponent is known ('US Orvault – U17' away), else the event's name.
 */
export function matchName(m: {
  nom: string;
  equipe: string | null;
  adversaire: string | null;
  domicile: boolean | null;
}): string {
  return m.adversaire ? matchTitle(m) : m.nom;
}

/** The coach's choice for a convoked player once the availabilities are in. */
export const SELECTION_VALUES = ['SELECTIONNE', 'REMPLACANT', 'NON_RETENU'] as const;
export type TSelection = (typeof SELECTION_VALUES)[number];
export const SELECTION_LABELS: Record<TSelection, string> = {
  SELECTIONNE: 'Sélectionné',
  REMPLACANT: 'Remplaçant',
  NON_RETENU: 'Non retenu',
};

/** Accent- and case-insensitive: the dashboard's member search (first or last name, spec §2). */
export function memberMatchesSearch(
  member: { nom: string; prenom: string },
  search: string,
): boolean {
  const fold = (s: string) =>
    s
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase()
      .trim();
  const q = fold(search);
  if (!q) return true;
  const nom = fold(member.nom);
  const prenom = fold(member.prenom);
  return (
    nom.includes(q) ||
    prenom.includes(q) ||
    `${prenom} ${nom}`.includes(q) ||
    `${nom} ${prenom}`.includes(q)
  );
}

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

/** The month names, lower case (the club's season start month, the date fields). */
export const SEASON_MONTH_LABELS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
] as const;

/** A team's last result (GET /api/equipes/club/{clubId}/resume, teams.ts), and its words. */
export const TEAM_RESULTS = ['V', 'N', 'D'] as const;
export type TTeamResult = (typeof TEAM_RESULTS)[number];
export const TEAM_RESULT_LABELS: Record<TTeamResult, string> = {
  V: 'Victoire',
  N: 'Match nul',
  D: 'Défaite',
};
