import { EVENT_PRESENCE_PERMISSIONS, type PermissionSubject } from '@club/contract';
import { policy } from '../../authz/index.ts';

/**
 * Training attendance in docs/architecture.md §7: EVENT_PRESENCE_PERMISSIONS (contract), the one
 * place that says who reads and answers. The route applies each action for the roles that may
 * never do it (docs/decisions/0142-the-route-applies-the-declared-permission.md); which training
 * and whose row is checked here (docs/decisions/0144-ownership-checks-in-one-place-per-feature.md).
 */
export const presencePolicy = policy(EVENT_PRESENCE_PERMISSIONS);

/** 403 unless the training is one of the actor's teams' or their children's (leaders: any). */
export function assertMayReadOwnTeamsTrainingPresences(
  actor: PermissionSubject,
  training: { teamIds: readonly number[] },
): void {
  presencePolicy.assert(actor, 'read', { teamIds: training.teamIds });
}
