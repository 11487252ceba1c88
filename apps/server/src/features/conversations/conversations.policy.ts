import {
  CONVERSATION_MESSAGES,
  CONVERSATION_PERMISSIONS,
  type PermissionSubject,
} from '@club/contract';
import { policy } from '../../authz/index.ts';

/**
 * The messaging part of docs/architecture.md §7: CONVERSATION_PERMISSIONS (contract). The route
 * applies each action for the roles that may never do it
 * (docs/decisions/0142-the-route-applies-the-declared-permission.md); what a declaration cannot
 * say — whose team, which correspondent, whose message — is checked here, by name
 * (docs/decisions/0144-ownership-checks-in-one-place-per-feature.md).
 */
export const conversationsPolicy = policy(CONVERSATION_PERMISSIONS);

/** 403 unless the conversation's team (or event's teams) is one of the actor's. */
export function assertMayReadOwnTeamsConversation(
  actor: PermissionSubject,
  teamIds: readonly number[],
): void {
  conversationsPolicy.assert(actor, 'read', { teamIds });
}

/** 403 (« staff only ») unless the actor coaches the team or one of the event's (leaders: any). */
export function assertMayOpenOwnTeamsConversation(
  actor: PermissionSubject,
  teamIds: readonly number[],
): void {
  conversationsPolicy.assert(actor, 'createForTeam', { teamIds }, CONVERSATION_MESSAGES.staffOnly);
}

/**
 * 403 unless the correspondent shares a team with the actor or one of their children (leaders:
 * anyone). An unknown id shares no team.
 */
export function assertMayWriteToTeamMate(
  actor: PermissionSubject,
  memberId: number,
  teamIds: readonly number[],
): void {
  conversationsPolicy.assert(
    actor,
    'create',
    { memberId, teamIds },
    CONVERSATION_MESSAGES.memberNotShared,
  );
}

/** 403 unless the message is the actor's own (leaders: any message, masked). */
export function assertMayRemoveOwnMessage(actor: PermissionSubject, authorId: number | null): void {
  conversationsPolicy.assert(
    actor,
    'delete',
    authorId !== null ? { memberId: authorId } : {},
    CONVERSATION_MESSAGES.notAuthor,
  );
}
