import type { FastifyBaseLogger } from 'fastify';
import { Redis, type RedisOptions } from 'ioredis';
import { SERVER_MESSAGES } from '@club/contract';
import { HttpError } from './http-error.ts';

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

/**
 * The throttle store cannot be reached (Redis down, restarting, too slow): the throttled operation
 * is refused with 503 and the French message rather than run unthrottled (a lockout in force must
 * not be lifted) — docs/decisions/0014-throttle-store-outage.md.
 */
export class RateLimiterUnavailableError extends HttpError {
  constructor(cause: unknown) {
    super(503, SERVER_MESSAGES.unavailable, undefined, { 'retry-after': '5' });
    this.name = 'RateLimiterUnavailableError';
    this.cause = cause;
  }
}

/** Fail fast: no offline queue, no retried command, a short timeout; reconnect forever. */
export const REDIS_OPTIONS = {
  lazyConnect: false,
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  commandTimeout: 300,
  connectTimeout: 1_000,
  retryStrategy: (times: number) => Math.min(times * 100, 1_000),
} satisfies RedisOptions;

interface Seen {
  count: number;
  resetAt: number;
}

/**
 * Counters in Redis, shared by every instance. Redis errors become RateLimiterUnavailableError.
 *
 * Each instance also remembers the counters it last saw (in memory, until their window ends). When
 * Redis comes back as a new server (its run_id changed: restarted without persistence, or failed
 * over), those are written back before any command runs, so that a restart of Redis does not lift
 * a lockout or reset a count this instance knew.
 */
export function redisRateLimiter(
  redis: Redis,
  opts: {
    prefix?: string;
    log?: Pick<FastifyBaseLogger, 'warn' | 'info'>;
    now?: () => number;
  } = {},
): RateLimiter {
  const { prefix = 'club:rl:', log, now = Date.now } = opts;
  const seen = new Map<string, Seen>();
  const remember = (key: string, count: number, ms: number) =>
    seen.set(key, { count, resetAt: now() + ms });
  const sweep = setInterval(() => {
    const t = now();
    for (const [k, w] of seen) if (w.resetAt <= t) seen.delete(k);
  }, 60_000);
  sweep.unref();

  let runId: string | null = null;
  let restoring: Promise<void> | null = null;
  let down = false;
  async function restore() {
    const t = now();
    const pipeline = redis.pipeline();
    for (const [key, w] of seen) {
      const ms = w.resetAt - t;
      // Only into an empty slot: what instances wrote since the restart is newer.
      if (ms > 0) pipeline.set(prefix + key, String(w.count), 'PX', ms, 'NX');
    }
    await pipeline.exec();
  }
  redis.on('ready', () => {
    if (down) log?.info('stockage des limiteurs (Redis) de nouveau joignable');
    down = false;
    const check = redis
      .info('server')
      .then(async (info) => {
        const id = /run_id:(\w+)/.exec(info)?.[1] ?? null;
        if (runId && id !== runId) {
          log?.warn('Redis a redémarré : compteurs connus de cette instance restaurés');
          await restore();
        }
        runId = id;
      })
      .catch(() => {})
      .finally(() => {
        if (restoring === check) restoring = null;
      });
    restoring = check;
  });
  // Without a listener ioredis prints every failed reconnection; one warning per outage instead.
  redis.on('error', (err: Error) => {
    if (!down) log?.warn({ err }, 'stockage des limiteurs (Redis) injoignable');
    down = true;
  });

  // The first commands of a starting process wait (a little) for the first connection.
  let firstConnection: Promise<void> | null = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, REDIS_OPTIONS.connectTimeout);
    timer.unref();
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  }).then(() => {
    firstConnection = null;
  });

  async function run<T>(op: () => Promise<T>): Promise<T> {
    try {
      if (firstConnection) await firstConnection;
      if (restoring) await restoring;
      return await op();
    } catch (err) {
      throw new RateLimiterUnavailableError(err);
    }
  }
  return {
    hit: (key, windowSeconds) =>
      run(async () => {
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
        remember(key, count, ms);
        return { count, retryAfter: Math.max(1, Math.ceil(ms / 1000)) };
      }),
    peek: (key) =>
      run(async () => {
        const k = prefix + key;
        const [[, count], [, ttl]] = (await redis.multi().get(k).pttl(k).exec()) as [
          [null, string | null],
          [null, number],
        ];
        if (count === null) {
          seen.delete(key);
          return null;
        }
        remember(key, Number(count), Math.max(ttl, 0));
        return {
          count: Number(count),
          retryAfter: Math.max(1, Math.ceil(Math.max(ttl, 0) / 1000)),
        };
      }),
    reset: (key) =>
      run(async () => {
        seen.delete(key);
        await redis.del(prefix + key);
      }),
    async close() {
      clearInterval(sweep);
      redis.disconnect();
    },
  };
}

/** The Redis limiter of REDIS_URL, with the fail-fast options. */
export function createRedisRateLimiter(
  url: string,
  log?: Pick<FastifyBaseLogger, 'warn' | 'info'>,
  commandTimeout: number = REDIS_OPTIONS.commandTimeout,
): RateLimiter {
  return redisRateLimiter(new Redis(url, { ...REDIS_OPTIONS, commandTimeout }), { log });
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
