/**
 * In-process cache of serialised answers of hot signed-in GET lists (decision
 * 0032-response-cache). An entry is a JSON body keyed by the caller (club and member: two members
 * never share an entry) and the request's URL; a key begins with the club's id and a colon.
 *
 * Correctness: `invalidate(clubId)` empties that club's entries (decision 0089), `invalidate()`
 * everything. It is called when this process answers a state-changing request (before the answer
 * leaves) and when the database announces a change of club data (triggers → NOTIFY club_data with
 * the club's id, so writes of other instances, jobs and direct SQL count too). A read that began
 * before an invalidation of its club never stores what it read. While the change feed is not
 * listening (starting, connection lost), nothing is served nor stored. Entries also expire after
 * `ttlMs`, which bounds how long an answer that depends on the clock (today's events) is reused.
 */
export interface ResponseCache {
  /** The cached body, or undefined. */
  get(key: string): string | undefined;
  /** The epoch to hand back to `set` (read it before computing the answer). */
  epoch(): number;
  /**
   * Stores a body computed since `startedAt` (ignored when its club, or everything, was
   * invalidated meanwhile).
   */
  set(key: string, body: string, startedAt: number): void;
  /** Empties one club's entries, or every entry without a club. */
  invalidate(clubId?: number | string): void;
  /**
   * Single flight: the first miss of a key `claim`s it (true) and must `release` it once answered;
   * later misses of that key get a promise of the claimant's stored body (undefined when it stored
   * nothing: they compute their own answer).
   */
  claim(key: string): true | Promise<string | undefined>;
  release(key: string): void;
  /** The change feed's state: while false, the cache is bypassed. */
  setListening(listening: boolean): void;
  readonly active: boolean;
  readonly size: number;
  /** The length of the bodies kept, all together. */
  readonly bytes: number;
}

export function createResponseCache(opts: {
  ttlMs: number;
  maxEntries?: number;
  /** Bodies larger than this are not kept. */
  maxBodyBytes?: number;
  /**
   * The bodies kept, all together (characters): past it the oldest entries go. The count alone
   * let 5,000 entries of a large club's lists hold well over 100 MB (bench/README.md, "A week").
   */
  maxTotalBytes?: number;
  now?: () => number;
}): ResponseCache {
  const {
    ttlMs,
    maxEntries = 5_000,
    maxBodyBytes = 256 * 1024,
    maxTotalBytes = 24 * 1024 * 1024,
    now = Date.now,
  } = opts;
  const entries = new Map<string, { body: string; expires: number; club: string }>();
  /** The keys of each club's entries (an invalidation of one club touches only those). */
  const byClub = new Map<string, Set<string>>();
  const inFlight = new Map<string, { promise: Promise<string | undefined>; done: () => void }>();
  // Every invalidation moves `epoch`; `allAt` and `clubAt` remember the epoch of the last one of
  // everything and of each club, so that a read begun before it stores nothing.
  let epoch = 0;
  let allAt = 0;
  const clubAt = new Map<string, number>();
  let listening = false;
  /** The length of every body kept. */
  let total = 0;
  const active = () => ttlMs > 0 && listening;
  const clubOf = (key: string) => {
    const colon = key.indexOf(':');
    return colon === -1 ? '' : key.slice(0, colon);
  };
  const invalidatedAt = (club: string) => Math.max(allAt, clubAt.get(club) ?? 0);
  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    total -= entry.body.length;
    const keys = byClub.get(entry.club);
    keys?.delete(key);
    if (keys?.size === 0) byClub.delete(entry.club);
  };
  const invalidate = (clubId?: number | string) => {
    epoch++;
    if (clubId === undefined) {
      allAt = epoch;
      clubAt.clear();
      entries.clear();
      byClub.clear();
      total = 0;
      return;
    }
    const club = String(clubId);
    clubAt.set(club, epoch);
    for (const key of byClub.get(club) ?? []) {
      total -= entries.get(key)?.body.length ?? 0;
      entries.delete(key);
    }
    byClub.delete(club);
  };
  return {
    get(key) {
      if (!active()) return undefined;
      const hit = entries.get(key);
      if (!hit) return undefined;
      if (hit.expires > now()) return hit.body;
      remove(key);
      return undefined;
    },
    epoch: () => epoch,
    set(key, body, startedAt) {
      const club = clubOf(key);
      if (!active() || invalidatedAt(club) > startedAt || body.length > maxBodyBytes) return;
      remove(key);
      // Oldest first: a Map iterates in insertion order.
      while (entries.size && (entries.size >= maxEntries || total + body.length > maxTotalBytes))
        remove(entries.keys().next().value!);
      entries.set(key, { body, expires: now() + ttlMs, club });
      total += body.length;
      let keys = byClub.get(club);
      if (!keys) byClub.set(club, (keys = new Set()));
      keys.add(key);
    },
    invalidate,
    claim(key) {
      const pending = inFlight.get(key);
      if (pending) return pending.promise;
      let done!: () => void;
      const startedAt = epoch;
      const promise = new Promise<string | undefined>((resolve) => {
        // What the claimant stored, if its club was not invalidated since the claim.
        done = () =>
          resolve(invalidatedAt(clubOf(key)) > startedAt ? undefined : entries.get(key)?.body);
      });
      inFlight.set(key, { promise, done });
      return true;
    },
    release(key) {
      const pending = inFlight.get(key);
      if (!pending) return;
      inFlight.delete(key);
      pending.done();
    },
    setListening(value) {
      // Whatever happened while the feed was down is unknown: start afresh either way.
      invalidate();
      listening = value;
    },
    get active() {
      return active();
    },
    get size() {
      return entries.size;
    },
    get bytes() {
      return total;
    },
  };
}
