import { CARPOOL_PERMISSIONS, type PermissionSubject } from '@club/contract';
import { policy } from '../../authz/index.ts';

/**
 * The carpool part of docs/architecture.md §7: CARPOOL_PERMISSIONS (contract). The route applies
 * each action for the roles that may never do it
 * (docs/decisions/0142-the-route-applies-the-declared-permission.md); what a declaration cannot
 * say — whose event, seat or car — is checked here, by name
 * (docs/decisions/0144-ownership-checks-in-one-place-per-feature.md).
 */
export const carpoolPolicy = policy(CARPOOL_PERMISSIONS);

interface EventTeams {
  /** The event's teams ([] = every team, a club-wide event). */
  teamIds: readonly number[];
}

/** 403 unless the event concerns one of the actor's teams or their children's, or every team. */
export function assertMayReadOwnTeamsEventRides(actor: PermissionSubject, event: EventTeams) {
  carpoolPolicy.assert(actor, 'read', { teamIds: event.teamIds });
}

/** 403 unless the event concerns one of the actor's teams or their children's, or every team. */
export function assertMayOfferRideToOwnTeamsEvent(actor: PermissionSubject, event: EventTeams) {
  carpoolPolicy.assert(actor, 'offer', { teamIds: event.teamIds });
}

/** 403 unless the seat is for the actor or one of their children (whatever the role). */
export function assertMayBookSeatForSelfOrChild(
  actor: PermissionSubject,
  memberId: number,
  event: EventTeams,
) {
  carpoolPolicy.assert(actor, 'book', { memberId, teamIds: event.teamIds });
}

/** 403 unless the seat given back is the actor's or one of their children's. */
export function assertMayGiveBackSeatOfSelfOrChild(
  actor: PermissionSubject,
  memberId: number,
  event: EventTeams,
) {
  carpoolPolicy.assert(actor, 'unbook', { memberId, teamIds: event.teamIds });
}

/** 403 unless the actor drives the car (leaders: any offer). */
export function assertMayCancelOwnRide(
  actor: PermissionSubject,
  offer: { driverId: number },
  event: EventTeams,
) {
  carpoolPolicy.assert(actor, 'cancel', { memberId: offer.driverId, teamIds: event.teamIds });
}
