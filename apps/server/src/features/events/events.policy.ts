import {
  EVENT_FIELD_MESSAGES,
  EVENT_PERMISSIONS,
  eventWriteTeamIds,
  readableTeams,
  type PermissionSubject,
  type PermissionTable,
  type TEventAction,
} from '@club/contract';
import { policy } from '../../authz/index.ts';

/**
 * The events part of docs/architecture.md §7: EVENT_PERMISSIONS (contract, read by the calendar
 * too). Reads target the event's teams; writes target eventWriteTeamIds (a MATCH: its base team).
 */
export const eventsPolicy = policy(EVENT_PERMISSIONS);

export interface EventTeams {
  type: string;
  equipesIds: readonly number[];
}

/** 403 unless the actor may read the event. */
export function assertMayRead(actor: PermissionSubject, event: EventTeams): void {
  eventsPolicy.assert(actor, 'read', { teamIds: event.equipesIds });
}

/**
 * 403 unless the actor reads the events of this team: one of their teams or their children's
 * (leaders: any team). A team's calendar (the dashboard's, a calendar feed's).
 */
export function assertMayReadOwnTeamEvents(actor: PermissionSubject, teamId: number): void {
  eventsPolicy.assert(actor, 'read', { teamIds: [teamId] });
}

/** 403 (the coach's message) unless the actor may write the event as it is, or will be. */
export function assertMayWrite(
  actor: PermissionSubject,
  action: Exclude<TEventAction, 'read'>,
  event: EventTeams,
): void {
  eventsPolicy.assert(
    actor,
    action,
    { teamIds: eventWriteTeamIds(event) },
    EVENT_FIELD_MESSAGES.notOwnTeams,
  );
}

/**
 * A superset of the events the actor reads, for the list's SQL: undefined = the whole club;
 * otherwise events of these teams, plus events with no team when `withoutTeam`. Derived from the
 * read scopes of the actor's hats; each row is still checked against the table (assertMayRead's rule). The team
 * cards pass MATCH_PERMISSIONS for the matches (same atoms, no `clubWide`).
 */
export function readPrefilter(
  actor: PermissionSubject,
  table: PermissionTable<'read'> = EVENT_PERMISSIONS,
): { teamIds: number[]; withoutTeam: boolean } | undefined {
  return readableTeams(table, actor, 'read');
}
