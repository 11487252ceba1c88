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
});
