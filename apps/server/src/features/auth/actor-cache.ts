import type { Actor } from '../../authz/index.ts';

/**
 * A short-lived cache of the signed-in scope's one query (session + member + teams + children),
 * keyed by session and member (docs/architecture.md §3.4; decision 0030-request-path-caching).
 *
 * Safety within this process: every state-changing request (POST, PUT, PATCH, DELETE — logout,
 * revocation, password reset, member or team edits, a hat removed) empties the cache before its
 * answer leaves, and a lookup that started before such a write never stores what it read (the
 * epoch moved). Another instance's writes of club data empty that club's entries when the
 * database's change feed announces them (plugins/response-cache.ts, docs/architecture.md §3.3);
 * anything else is seen at most `ttlMs` later. A negative answer (no session) is never cached.
 */
export interface ActorCache {
  lookup(
    sessionId: string,
    memberId: number,
    load: () => Promise<Actor | null>,
  ): Promise<Actor | null>;
  /** Forgets everything (after a write in this process), or one club's members only. */
  invalidate(clubId?: number): void;
  readonly size: number;
}

export function createActorCache(opts: {
  ttlMs: number;
  maxEntries?: number;
  now?: () => number;
}): ActorCache {
  const { ttlMs, maxEntries = 10_000, now = Date.now } = opts;
  const entries = new Map<string, { actor: Actor; expires: number }>();
  // A lookup records the epoch it began in; any invalidation moves it (a club's included).
  let epoch = 0;
  return {
    async lookup(sessionId, memberId, load) {
      if (ttlMs <= 0) return load();
      const key = `${sessionId}:${memberId}`;
      const hit = entries.get(key);
      if (hit && hit.expires > now()) return hit.actor;
      const startedAt = epoch;
      const actor = await load();
      if (!actor) {
        entries.delete(key);
        return null;
      }
      if (startedAt === epoch) {
        // Oldest first: a Map iterates in insertion order.
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
        entries.delete(key);
        entries.set(key, { actor, expires: now() + ttlMs });
      }
      return actor;
    },
    invalidate(clubId) {
      epoch++;
      if (clubId === undefined) entries.clear();
      else for (const [key, e] of entries) if (e.actor.clubId === clubId) entries.delete(key);
    },
    get size() {
      return entries.size;
    },
  };
}
