import { FEE_PERMISSIONS, type PermissionSubject } from '@club/contract';
import { policy } from '../../authz/index.ts';

/**
 * The fees part of docs/architecture.md §7: FEE_PERMISSIONS (contract). The route applies every
 * action for the roles that may never do it (docs/decisions/0142-the-route-applies-the-declared-permission.md);
 * what a declaration cannot say — whose fee — is checked here
 * (docs/decisions/0144-ownership-checks-in-one-place-per-feature.md).
 */
export const feePolicy = policy(FEE_PERMISSIONS);

/** 403 unless the receipt is the actor's own or one of their children's (leaders: any member). */
export function assertMayGetOwnOrChildReceipt(actor: PermissionSubject, memberId: number): void {
  feePolicy.assert(actor, 'receipt', { memberId, teamIds: [] });
}
