import { STATISTICS_PERMISSIONS, type PermissionSubject } from '@club/contract';
import { policy } from '../../authz/index.ts';

/**
 * The statistics part of docs/architecture.md §7: STATISTICS_PERMISSIONS (contract). The route
 * applies each action for the roles that may never do it (the club's figures: leaders only); what a
 * declaration cannot say — which team — is checked here
 * (docs/decisions/0144-ownership-checks-in-one-place-per-feature.md).
 */
export const statisticsPolicy = policy(STATISTICS_PERMISSIONS);

/** 403 unless the team is one of the actor's or of their children's (leaders: any team). */
export function assertMayReadOwnTeamStatistics(actor: PermissionSubject, teamId: number): void {
  statisticsPolicy.assert(actor, 'read', { teamIds: [teamId] });
}

/** 403 unless the actor coaches the team (leaders: any team). */
export function assertMayExportOwnTeamStatistics(actor: PermissionSubject, teamId: number): void {
  statisticsPolicy.assert(actor, 'export', { teamIds: [teamId] });
}
