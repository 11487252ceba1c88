import { describe, expect, it } from 'vitest';
import { createResponseCache } from './response-cache.ts';

function listening(opts: { ttlMs?: number; now?: () => number } = {}) {
  const cache = createResponseCache({ ttlMs: opts.ttlMs ?? 1_000, now: opts.now });
  cache.setListening(true);
  return cache;
}

describe('[perf] response cache (unit)', () => {
  it('keeps a body until it expires', () => {
    let t = 0;
    const cache = listening({ ttlMs: 100, now: () => t });
    cache.set('k', '[1]', cache.epoch());
    expect(cache.get('k')).toBe('[1]');
    t = 100;
    expect(cache.get('k')).toBeUndefined();
  });

  it('never stores what was read before an invalidation', () => {
    const cache = listening();
    const startedAt = cache.epoch();
    cache.invalidate();
    cache.set('k', '[stale]', startedAt);
    expect(cache.get('k')).toBeUndefined();
  });

  it('is neither read nor written while the change feed is down, and restarts empty', () => {
    const cache = listening();
    cache.set('k', '[1]', cache.epoch());
    cache.setListening(false);
    expect(cache.active).toBe(false);
    expect(cache.get('k')).toBeUndefined();
    cache.set('k', '[2]', cache.epoch());
    cache.setListening(true);
    expect(cache.get('k')).toBeUndefined();
  });

  it('is off with a zero lifetime', () => {
    const cache = listening({ ttlMs: 0 });
    cache.set('k', '[1]', cache.epoch());
    expect(cache.active).toBe(false);
    expect(cache.get('k')).toBeUndefined();
  });

  it('single flight: later misses wait for the first one and get what it stored', async () => {
    const cache = listening();
    expect(cache.claim('k')).toBe(true);
    const waiting = cache.claim('k');
    expect(waiting).toBeInstanceOf(Promise);
    cache.set('k', '[1]', cache.epoch());
    cache.release('k');
    await expect(waiting).resolves.toBe('[1]');
    // Released: the next miss claims again.
    expect(cache.claim('k')).toBe(true);
  });

  it('single flight: waiters get nothing when the first one stored nothing or was invalidated', async () => {
    const cache = listening();
    expect(cache.claim('a')).toBe(true);
    const a = cache.claim('a');
    cache.release('a');
    await expect(a).resolves.toBeUndefined();

    expect(cache.claim('b')).toBe(true);
    const b = cache.claim('b');
    const startedAt = cache.epoch();
    cache.invalidate();
    cache.set('b', '[stale]', startedAt);
    cache.release('b');
    await expect(b).resolves.toBeUndefined();
  });

  it('an invalidation of one club empties its entries and keeps every other club’s', () => {
    const cache = listening();
    cache.set('1:10:/a', '[a1]', cache.epoch());
    cache.set('1:11:/a', '[a1 bis]', cache.epoch());
    cache.set('2:20:/a', '[b]', cache.epoch());
    cache.invalidate(1);
    expect(cache.get('1:10:/a')).toBeUndefined();
    expect(cache.get('1:11:/a')).toBeUndefined();
    expect(cache.get('2:20:/a')).toBe('[b]');
    expect(cache.size).toBe(1);
    // The club's id as the change feed's text names the same club.
    cache.invalidate('2');
    expect(cache.get('2:20:/a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('a read begun before its club was invalidated is not stored; another club’s read is', async () => {
    const cache = listening();
    const startedAt = cache.epoch();
    cache.invalidate(1);
    cache.set('1:10:/a', '[stale]', startedAt);
    cache.set('2:20:/a', '[fresh]', startedAt);
    expect(cache.get('1:10:/a')).toBeUndefined();
    expect(cache.get('2:20:/a')).toBe('[fresh]');
    // Read after the invalidation: stored.
    cache.set('1:10:/a', '[new]', cache.epoch());
    expect(cache.get('1:10:/a')).toBe('[new]');
    // Single flight follows the same rule.
    expect(cache.claim('1:10:/b')).toBe(true);
    const waiting = cache.claim('1:10:/b');
    const claimedAt = cache.epoch();
    cache.invalidate(1);
    cache.set('1:10:/b', '[stale]', claimedAt);
    cache.release('1:10:/b');
    await expect(waiting).resolves.toBeUndefined();
    // A whole invalidation still empties every club.
    cache.invalidate();
    expect(cache.get('2:20:/a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('evicting the oldest entry keeps the per-club index right', () => {
    const cache = createResponseCache({ ttlMs: 1_000, maxEntries: 2 });
    cache.setListening(true);
    cache.set('1:1:/a', '[1]', cache.epoch());
    cache.set('2:2:/a', '[2]', cache.epoch());
    cache.set('3:3:/a', '[3]', cache.epoch());
    expect(cache.get('1:1:/a')).toBeUndefined();
    cache.invalidate(2);
    expect(cache.size).toBe(1);
    expect(cache.get('3:3:/a')).toBe('[3]');
  });

  it('keeps the bodies under their total size, dropping the oldest, and counts what leaves', () => {
    const cache = createResponseCache({ ttlMs: 1_000, maxTotalBytes: 10 });
    cache.setListening(true);
    cache.set('1:1:/a', 'aaaa', cache.epoch());
    cache.set('1:1:/b', 'bbbb', cache.epoch());
    expect(cache.bytes).toBe(8);
    cache.set('2:2:/a', 'cccc', cache.epoch());
    // 12 > 10: the oldest went.
    expect(cache.get('1:1:/a')).toBeUndefined();
    expect(cache.get('1:1:/b')).toBe('bbbb');
    expect(cache.bytes).toBe(8);
    cache.set('1:1:/b', 'bb', cache.epoch());
    expect(cache.bytes).toBe(6);
    cache.invalidate(1);
    expect(cache.bytes).toBe(4);
    cache.invalidate();
    expect(cache.bytes).toBe(0);
    expect(cache.size).toBe(0);
  });
});
