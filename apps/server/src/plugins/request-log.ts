import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Request logging that does not dominate a busy server (issue 14, decision 00XX): Fastify's own
 * two lines per request are off; one line per answered request is written at `info` for a sample
 * (REQUEST_LOG_SAMPLE, 0–1), and always for server errors (5xx, at `error`) and slow answers
 * (≥ REQUEST_LOG_SLOW_MS, at `warn`). The line holds no cookie, token or body.
 */
export default fp(
  async (app: FastifyInstance, opts: { sample: number; slowMs: number }) => {
    app.addHook('onResponse', async (request, reply) => {
      const status = reply.statusCode;
      const ms = reply.elapsedTime;
      const level =
        status >= 500
          ? 'error'
          : ms >= opts.slowMs
            ? 'warn'
            : Math.random() < opts.sample
              ? 'info'
              : null;
      if (!level) return;
      request.log[level](
        {
          method: request.method,
          url: request.routeOptions.url ?? request.url.split('?')[0],
          status,
          ms: Math.round(ms * 10) / 10,
        },
        'requête traitée',
      );
    });
  },
  { name: 'request-log' },
);
