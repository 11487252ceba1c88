import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A rarely-changing, non-personal list: answered with an ETag and `private, no-cache` (the
     * browser keeps it and revalidates each time; 304 without a body when unchanged) instead of
     * `no-store` (decision 0030-request-path-caching).
     */
    etag?: boolean;
  }
}

/** ETag / If-None-Match for GET routes with `config: { etag: true }`; registered before compression. */
export default fp(
  async (app: FastifyInstance) => {
    app.addHook('onSend', async (request, reply, payload) => {
      if (
        !request.routeOptions.config.etag ||
        request.method !== 'GET' ||
        reply.statusCode !== 200 ||
        typeof payload !== 'string'
      )
        return payload;
      const tag = `W/"${createHash('sha256').update(payload).digest('base64url').slice(0, 32)}"`;
      reply.header('etag', tag).header('cache-control', 'private, no-cache');
      const ifNoneMatch = request.headers['if-none-match'];
      if (ifNoneMatch && ifNoneMatch.split(',').some((t) => t.trim() === tag)) {
        reply.code(304);
        return '';
      }
      return payload;
    });
  },
  { name: 'etag' },
);
