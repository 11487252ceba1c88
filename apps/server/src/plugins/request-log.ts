import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** At most this many slow-request lines a second. */
const SLOW_PER_SECOND = 10;

/**
 * Request logging that does not dominate a busy server (decision 0030): Fastify's own
 * two lines per request are off; one line per answered request is written at `info` for a sample
 * (REQUEST_LOG_SAMPLE, 0–1), and always for server errors (5xx, at `error`) and slow answers
 * (≥ REQUEST_LOG_SLOW_MS, at `warn`; an overloaded server answers everything slowly, so at most
 * SLOW_PER_SECOND of those a second, the next one telling how many were left out). The line holds
 * no cookie, token or body.
 */
export default fp(
  async (app: FastifyInstance, opts: { sample: number; slowMs: number }) => {
    let windowStart = 0;
    let slowInWindow = 0;
    let slowSkipped = 0;
    const slowAllowed = () => {
      const now = Date.now();
      if (now - windowStart >= 1000) {
        windowStart = now;
        slowInWindow = 0;
      }
      if (++slowInWindow <= SLOW_PER_SECOND) return true;
      slowSkipped++;
      return false;
    };
    app.addHook('onResponse', async (request, reply) => {
      const status = reply.statusCode;
      const ms = reply.elapsedTime;
      let level: 'error' | 'warn' | 'info' | null = null;
      if (status >= 500) level = 'error';
      else if (ms >= opts.slowMs) level = slowAllowed() ? 'warn' : null;
      else if (Math.random() < opts.sample) level = 'info';
      if (!level) return;
      const skipped = level === 'warn' ? slowSkipped : 0;
      if (skipped) slowSkipped = 0;
      request.log[level](
        {
          method: request.method,
          url: request.routeOptions.url ?? request.url.split('?')[0],
          status,
          ms: Math.round(ms * 10) / 10,
          ...(skipped ? { lentesNonJournalisees: skipped } : {}),
        },
        'requête traitée',
      );
    });
  },
  { name: 'request-log' },
);
