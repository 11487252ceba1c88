import {
  permits,
  type PermissionTable,
  type PermissionTarget,
  type PermissionSubject,
} from '@club/contract';
import { forbidden, notFound } from '../lib/http-error.ts';
import type { Actor } from './actor.ts';

/**
 * A feature's policy: its role × action table (declared in the contract, read by the screens too)
 * enforced on the server. `assert` answers 403; tenant isolation comes first and answers 404
 * (assertOwnClub, found).
 */
export interface Policy<A extends string> {
  readonly table: PermissionTable<A>;
  can(actor: PermissionSubject, action: A, target?: PermissionTarget): boolean;
  /** 403 (with the message when given) unless the table allows the action. */
  assert(actor: PermissionSubject, action: A, target?: PermissionTarget, message?: string): void;
}

export function policy<A extends string>(table: PermissionTable<A>): Policy<A> {
  return {
    table,
    can: (actor, action, target) => permits(table, actor, action, target),
    assert(actor, action, target, message) {
      if (!permits(table, actor, action, target)) throw forbidden(message);
    },
  };
}

/**
 * A club id named by a path, query or body must be the actor's own: otherwise 404
 * (docs/architecture.md §7).
 */
export function assertOwnClub(actor: Pick<Actor, 'clubId'>, clubId: number | undefined): void {
  if (clubId !== undefined && clubId !== actor.clubId) throw notFound();
}

/** The row a club-scoped lookup found, or 404: another club's id and a missing id look the same. */
export function found<T>(row: T | null | undefined, message?: string): T {
  if (row === null || row === undefined) throw notFound(message);
  return row;
}
