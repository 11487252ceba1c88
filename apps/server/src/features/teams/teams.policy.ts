import type { Role } from '@club/contract';
import { forbidden } from '../../lib/http-error.ts';

/**
 * The teams row of ARCHITECTURE §6 as a role × action table: every member of the club reads teams
 * (their names label events and matches); leaders write. Another club's team answers 404 (queries
 * are filtered by the actor's club).
 */
export type TeamAction = 'read' | 'create' | 'update' | 'delete';
export const TEAM_POLICY: Record<TeamAction, Record<Role, boolean>> = {
  read: { DIRIGEANT: true, RESPONSABLE: true, ENTRAINEUR: true, JOUEUR: true, PARENT: true },
  create: { DIRIGEANT: true, RESPONSABLE: true, ENTRAINEUR: false, JOUEUR: false, PARENT: false },
  update: { DIRIGEANT: true, RESPONSABLE: true, ENTRAINEUR: false, JOUEUR: false, PARENT: false },
  delete: { DIRIGEANT: true, RESPONSABLE: true, ENTRAINEUR: false, JOUEUR: false, PARENT: false },
};

export function assertTeamCan(actor: { role: Role }, action: TeamAction): void {
  if (!TEAM_POLICY[action][actor.role]) throw forbidden();
}
