import {
  ANNOUNCEMENT_MESSAGES,
  ANNOUNCEMENT_PERMISSIONS,
  type PermissionSubject,
  type PermissionTarget,
} from '@club/contract';
import { policy } from '../../authz/index.ts';

/**
 * The announcements part of docs/architecture.md §7: ANNOUNCEMENT_PERMISSIONS (contract). The
 * route applies each action for the roles that may never do it
 * (docs/decisions/0142-the-route-applies-the-declared-permission.md); what a declaration cannot
 * say — which teams, whose announcement — is checked here, by name
 * (docs/decisions/0144-ownership-checks-in-one-place-per-feature.md).
 */
export const announcementsPolicy = policy(ANNOUNCEMENT_PERMISSIONS);

export interface AnnouncementTarget {
  authorId: number | null;
  clubWide: boolean;
  teamIds: readonly number[];
}

/**
 * What the permission table sees of an announcement: its author and its teams ([] = club-wide).
 * A team announcement whose teams were all deleted reaches nobody: its teams become [0] (no team
 * has that id), never [] (which would read as club-wide).
 */
export const targetOf = (a: AnnouncementTarget): PermissionTarget => ({
  ...(a.authorId !== null ? { memberId: a.authorId } : {}),
  teamIds: a.clubWide ? [] : a.teamIds.length ? a.teamIds : [0],
});

/** 403 (the coach's message) unless the actor coaches every team named (leaders: any). */
export function assertMayAnnounceToOwnTeams(
  actor: PermissionSubject,
  teamIds: readonly number[],
): void {
  announcementsPolicy.assert(actor, 'create', { teamIds }, ANNOUNCEMENT_MESSAGES.coachOwnTeams);
}

/**
 * 403 unless the announcement is the actor's own, club-wide, or for one of their teams or their
 * children's (leaders: any).
 */
export function assertMayReadOwnAudienceAnnouncement(
  actor: PermissionSubject,
  a: AnnouncementTarget,
): void {
  announcementsPolicy.assert(actor, 'read', targetOf(a));
}

/** 403 unless the actor wrote the announcement (leaders: any): its receipts, reminder, deletion. */
export function assertMayManageOwnAnnouncement(
  actor: PermissionSubject,
  action: 'receipts' | 'remind' | 'delete',
  a: AnnouncementTarget,
): void {
  announcementsPolicy.assert(actor, action, targetOf(a));
}
