import type { Redis } from 'ioredis';

export interface HitResult {
  count: number;
  /** Seconds until the window resets. */
  retryAfter: number;
}

/** Fixed-window counters: in memory for one instance, in Redis when REDIS_URL is set (shared by all). */
export interface RateLimiter {
  hit(key: string, windowSeconds: number): Promise<HitResult>;
  peek(key: string): Promise<HitResult | null>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export function memoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const sweep = setInterval(() => {
    const t = now();
    for (const [k, w] of windows) if (w.resetAt <= t) windows.delete(k);
  }, 60_000);
  sweep.unref();
  const current = (key: string) => {
    const w = windows.get(key);
    if (w && w.resetAt <= now()) {
      windows.delete(key);
      return undefined;
    }
    return w;
  };
  return {
    async hit(key, windowSeconds) {
      let w = current(key);
      if (!w) {
        w = { count: 0, resetAt: now() + windowSeconds * 1000 };
        windows.set(key, w);
      }
      w.count++;
      return { count: w.count, retryAfter: Math.max(1, Math.ceil((w.resetAt - now()) / 1000)) };
    },
    async peek(key) {
      const w = current(key);
      return w
        ? { count: w.count, retryAfter: Math.max(1, Math.ceil((w.resetAt - now()) / 1000)) }
        : null;
    },
    async reset(key) {
      windows.delete(key);
    },
    async close() {
      clearInterval(sweep);
    },
  };
}

export function redisRateLimiter(redis: Redis, prefix = 'club:rl:'): RateLimiter {
  return {
    async hit(key, windowSeconds) {
      const k = prefix + key;
      const [[, count], [, ttl]] = (await redis.multi().incr(k).pttl(k).exec()) as [
        [null, number],
        [null, number],
      ];
      let ms = ttl;
      if (ttl < 0) {
        await redis.pexpire(k, windowSeconds * 1000);
        ms = windowSeconds * 1000;
      }
      return { count, retryAfter: Math.max(1, Math.ceil(ms / 1000)) };
    },
    async peek(key) {
      const k = prefix + key;
      const [[, count], [, ttl]] = (await redis.multi().get(k).pttl(k).exec()) as [
        [null, string | null],
        [null, number],
      ];
      if (count === null) return null;
      return { count: Number(count), retryAfter: Math.max(1, Math.ceil(Math.max(ttl, 0) / 1000)) };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async close() {
      redis.disconnect();
    },
  };
}

/** The /64 network of an IPv6 address (one subscriber), or the IPv4 address itself. */
export function clientNetwork(ip: string): string {
  if (!ip.includes(':') || ip.startsWith('::ffff:')) return ip.replace(/^::ffff:/, '');
  const parts = ip.split('::');
  const head = parts[0] ? parts[0].split(':') : [];
  const tail = parts[1] !== undefined ? (parts[1] ? parts[1].split(':') : []) : [];
  const full = [...head, ...Array(Math.max(0, 8 - head.length - tail.length)).fill('0'), ...tail];
  return `${full.slice(0, 4).join(':')}::/64`;
}
