/** The permission module: the actor, the tables' enforcement and the club-scoped lookups. */
export type { Actor } from './actor.ts';
export { assertOwnClub, found, policy, type Policy } from './policy.ts';
export { memberReader, memberRef, projectMember, type MemberReader } from './member-privacy.ts';
