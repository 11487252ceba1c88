import { DUTY_PERMISSIONS, type PermissionSubject } from '@club/contract';
import { policy } from '../../authz/index.ts';

/**
 * The duties part of docs/architecture.md §7: DUTY_PERMISSIONS (contract). The route applies each
 * action for the roles that may never do it
 * (docs/decisions/0142-the-route-applies-the-declared-permission.md); what a declaration cannot
 * say — whose event, team or family — is checked here, by name
 * (docs/decisions/0144-ownership-checks-in-one-place-per-feature.md).
 */
export const dutyPolicy = policy(DUTY_PERMISSIONS);

interface EventTeams {
  /** The event's teams ([] = every team, a club-wide event). */
  teamIds: readonly number[];
}

/** 403 unless the event concerns one of the actor's teams or their children's, or every team. */
export function assertMayReadOwnTeamsEventDuties(actor: PermissionSubject, event: EventTeams) {
  dutyPolicy.assert(actor, 'read', { teamIds: event.teamIds });
}

/** 403 unless the actor coaches one of the event's teams (leaders: any event). */
export function assertMayEditOwnTeamsEventDuties(actor: PermissionSubject, event: EventTeams) {
  dutyPolicy.assert(actor, 'edit', { teamIds: event.teamIds });
}

/**
 * 403 unless the volunteer is the actor, one of their children, or (a coach) someone of the
 * teams they coach among `teamIds`, the volunteer's teams in the event.
 */
export function assertMaySignUpSelfChildOrOwnTeamMember(
  actor: PermissionSubject,
  memberId: number,
  teamIds: readonly number[],
) {
  dutyPolicy.assert(actor, 'signUp', { memberId, teamIds });
}

/** 403 unless the actor coaches the team (every one of them; leaders: any team). */
export function assertMayEditOwnTeamTemplates(actor: PermissionSubject, teamId: number) {
  dutyPolicy.assert(actor, 'templates', { teamIds: [teamId] });
}

/**
 * 403 unless the actor coaches the team (leaders: any team); without a team, the whole club's
 * tally: leaders only — a coach reaches the tally of their own teams, never the club's.
 */
export function assertMayTallyOwnTeam(actor: PermissionSubject, teamId: number | undefined) {
  dutyPolicy.assert(actor, 'tally', teamId !== undefined ? { teamIds: [teamId] } : {});
}
