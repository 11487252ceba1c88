import { EVENT_MESSAGES } from './messages.ts';
import { definePermissions, leadersRow, permits, type PermissionSubject } from './permissions.ts';

/**
 * The rules of events that validate nothing: permissions, limits, field messages, the wall-clock
 * format. Without zod, so that a screen applying them does not ship the schemas of events.ts, which
 * re-exports them (docs/decisions/0091-signed-in-javascript-budget.md).
 */

/**
 * The events row of docs/architecture.md §7 (spec §6 calendar). Target: the event's teams (`[]` =
 * every team). Team roles read their teams' events and the events with no team (a parent also their
 * children's teams'); leaders write any event, a coach only events all of whose teams are theirs.
 * Write checks pass the teams of eventWriteTeamIds (a MATCH: its base team only).
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
/** Whether the member may edit (move, change, delete) this event (a MATCH: by its base team). */
export function eventEditableBy(
  subject: PermissionSubject,
  event: { type?: string | null; equipesIds: readonly number[] },
): boolean {
  return permits(EVENT_PERMISSIONS, subject, 'update', { teamIds: eventWriteTeamIds(event) });
}

/** Local wall-clock date-time without zone, 'YYYY-MM-DDThh:mm:ss' (spec §5 event form). */
export function toLocalDateTime(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

export const EVENT_LIMITS = {
  nomMax: 120,
  lieuxMax: 200,
  adversaireNomMax: 120,
  lieuRendezVousMax: 200,
  /** Teams of one event (a club has fewer). */
  teamsMax: 100,
} as const;

/** Field messages of the event form that the spec leaves to the server. */
export const EVENT_FIELD_MESSAGES = {
  dateTimeInvalid: 'Date et heure invalides (format attendu : AAAA-MM-JJThh:mm:ss).',
  endBeforeStart: 'La date de fin doit être postérieure à la date de début.',
  typeInvalid: 'Type invalide (MATCH, ENTRAINEMENT, TOURNOI, REUNION ou AUTRE).',
  matchNeedsTeam: EVENT_MESSAGES.matchNeedsTeam,
  matchTwoTeams: 'Un match oppose deux équipes au plus : l’équipe (base) et l’équipe adverse.',
  opponentTwice: 'Choisissez l’équipe adverse ou saisissez le nom de l’adversaire, pas les deux.',
  tooManyTeams: `Un événement concerne ${EVENT_LIMITS.teamsMax} équipes au plus.`,
  teamUnknown: 'Équipe introuvable dans ce club.',
  rangeInvalid: 'La date de fin de la période doit être égale ou postérieure à sa date de début.',
  eventDeleted: 'Événement supprimé.',
  /** After the count: '12 événements supprimés.' */
  eventsDeleted: 'événements supprimés.',
  /** 403 to a coach writing (creating, moving, deleting) an event of a team that is not theirs. */
  notOwnTeams: 'Vous ne pouvez gérer que les événements de vos équipes.',
  idMismatch: 'Identifiant incohérent avec l’adresse.',
  /** The meeting time comes at the latest at the start. */
  rendezVousAfterStart: 'L’heure de rendez-vous doit précéder le début (ou être à la même heure).',
  /** A meeting place without a meeting time. */
  lieuRendezVousWithoutTime: 'Indiquez l’heure du rendez-vous pour ce lieu de rendez-vous.',
} as const;

/** The teams that decide who may write an event: for a MATCH its base team only. */
export function eventWriteTeamIds(event: {
  type?: string | null;
  equipesIds: readonly number[];
}): readonly number[] {
  return (event.type ?? '').toUpperCase() === 'MATCH'
    ? event.equipesIds.slice(0, 1)
    : event.equipesIds;
}
