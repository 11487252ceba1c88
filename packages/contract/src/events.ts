import type { EventType } from './enums.ts';
import { definePermissions, leadersRow, permits, type PermissionSubject } from './permissions.ts';

/**
 * The events row of ARCHITECTURE §6 (spec §6 calendar). Target: the event's teams (`[]` = every
 * team). Team roles read their teams' events and the events with no team (a parent also their
 * children's teams'); leaders write any event, a coach only events all of whose teams are theirs.
 */
export const EVENT_PERMISSIONS = definePermissions({
  read: {
    ...leadersRow('club', ['sharedTeam', 'clubWide']),
    PARENT: ['sharedTeam', 'clubWide', 'childrensTeams'],
  },
  create: { ...leadersRow(), ENTRAINEUR: ['ownTeams'] },
  update: { ...leadersRow(), ENTRAINEUR: ['ownTeams'] },
  delete: { ...leadersRow(), ENTRAINEUR: ['ownTeams'] },
});
export type TEventAction = keyof typeof EVENT_PERMISSIONS;

/** Whether the member sees this event (calendar, dashboards, feeds). */
export function eventVisibleTo(
  subject: PermissionSubject,
  event: { equipesIds: readonly number[] },
): boolean {
  return permits(EVENT_PERMISSIONS, subject, 'read', { teamIds: event.equipesIds });
}
/** Whether the member may edit (move, change, delete) this event. */
export function eventEditableBy(
  subject: PermissionSubject,
  event: { equipesIds: readonly number[] },
): boolean {
  return permits(EVENT_PERMISSIONS, subject, 'update', { teamIds: event.equipesIds });
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
