import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets with these options, computed once: helmet's middleware only writes
 * constant values (no nonce, no directive computed per request), so running it on a recording
 * response gives the exact headers. @fastify/helmet rebuilt the middleware, hence the CSP text,
 * on every request (a CPU profile showed `dashify` and the hook; decision 0037).
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let done = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
    done = true;
  });
  // helmet's middleware is synchronous; anything else would make the recording incomplete.
  if (!done) throw new Error('helmet: en-têtes non calculés de façon synchrone');
  return headers;
}

/** Sets helmet's headers (computed once at start) on every answer, in one onRequest hook. */
export default fp(
  async (app: FastifyInstance, options: HelmetOptions) => {
    const headers = helmetHeaders(options);
    app.addHook('onRequest', (_request, reply, next) => {
      reply.headers(headers);
      next();
    });
  },
  { name: 'security-headers' },
);
