/**
 * In-process cache of serialised answers of hot signed-in GET lists (decision
 * 0032-response-cache). An entry is a JSON body keyed by the caller (club and member: two members
 * never share an entry) and the request's URL.
 *
 * Correctness: `invalidate()` empties everything and moves an epoch. It is called when this
 * process answers a state-changing request (before the answer leaves) and when the database
 * announces a change of club data (statement-level triggers → NOTIFY club_data, so writes of other
 * instances, jobs and direct SQL count too). A read that began before an invalidation never stores
 * what it read. While the change feed is not listening (starting, connection lost), nothing is
 * served nor stored. Entries also expire after `ttlMs`, which bounds how long an answer that
 * depends on the clock (today's events) is reused.
 */
export interface ResponseCache {
  /** The cached body, or undefined. */
  get(key: string): string | undefined;
  /** The epoch to hand back to `set` (read it before computing the answer). */
  epoch(): number;
  /** Stores a body computed since `startedAt` (ignored when an invalidation happened meanwhile). */
  set(key: string, body: string, startedAt: number): void;
  invalidate(): void;
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
}

export function createResponseCache(opts: {
  ttlMs: number;
  maxEntries?: number;
  /** Bodies larger than this are not kept. */
  maxBodyBytes?: number;
  now?: () => number;
}): ResponseCache {
  const { ttlMs, maxEntries = 5_000, maxBodyBytes = 256 * 1024, now = Date.now } = opts;
  const entries = new Map<string, { body: string; expires: number }>();
  const inFlight = new Map<string, { promise: Promise<string | undefined>; done: () => void }>();
  let epoch = 0;
  let listening = false;
  const active = () => ttlMs > 0 && listening;
  const invalidate = () => {
    epoch++;
    entries.clear();
  };
  return {
    get(key) {
      if (!active()) return undefined;
      const hit = entries.get(key);
      if (!hit) return undefined;
      if (hit.expires > now()) return hit.body;
      entries.delete(key);
      return undefined;
    },
    epoch: () => epoch,
    set(key, body, startedAt) {
      if (!active() || startedAt !== epoch || body.length > maxBodyBytes) return;
      // Oldest first: a Map iterates in insertion order.
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.delete(key);
      entries.set(key, { body, expires: now() + ttlMs });
    },
    invalidate,
    claim(key) {
      const pending = inFlight.get(key);
      if (pending) return pending.promise;
      let done!: () => void;
      const startedAt = epoch;
      const promise = new Promise<string | undefined>((resolve) => {
        // What the claimant stored, if nothing was invalidated since the claim.
        done = () => resolve(startedAt === epoch ? entries.get(key)?.body : undefined);
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
  };
}
