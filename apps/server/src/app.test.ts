import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SERVER_MESSAGES } from '@club/contract';
import { buildTestApp, TestClient, type TestContext } from './test/helper.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({}, (app) => {
    // A probe route that accepts JSON, to exercise the real pipeline (CSRF, parsing, validation).
    app.withTypeProvider<ZodTypeProvider>().post(
      '/auth/csrf-probe',
      {
        schema: {
          body: z.object({ email: z.string().optional(), x: z.string().optional() }).strict(),
        },
      },
      async () => ({ ok: true }),
    );
  });
});
afterAll(async () => {
  await ctx?.close();
});

describe('[foundation] application shell', () => {
  it('GET /api/health answers 200 while the database answers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    // Nothing queued yet: the mail queue's counts (decision 0020) are zero.
    expect(res.json()).toEqual({
      status: 'ok',
      database: 'up',
      mail: { pending: 0, retrying: 0, failed: 0 },
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('liveness answers without a database round trip, even while the database is down', async () => {
    const ping = vi.spyOn(ctx.app.database, 'ping').mockRejectedValue(new Error('down'));
    const executeSql = vi.spyOn(ctx.app.database, 'executeSql');
    const transaction = vi.spyOn(ctx.app.db, 'transaction');
    try {
      const live = await ctx.app.inject({ method: 'GET', url: '/api/health/live' });
      expect(live.statusCode).toBe(200);
      expect(live.json()).toEqual({ status: 'ok' });
      expect(live.headers['cache-control']).toBe('no-store');
      expect(ping).not.toHaveBeenCalled();
      expect(executeSql).not.toHaveBeenCalled();
      expect(transaction).not.toHaveBeenCalled();
      // Readiness keeps the database test: 503 with the French message, /api/health alike.
      for (const url of ['/api/health/ready', '/api/health']) {
        const res = await ctx.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({
          status: 'degraded',
          database: 'down',
          message: SERVER_MESSAGES.unavailable,
        });
      }
      expect(ping).toHaveBeenCalledTimes(2);
    } finally {
      ping.mockRestore();
      executeSql.mockRestore();
      transaction.mockRestore();
    }
  });

  it('readiness answers like /api/health; callers during one check share it', async () => {
    const ready = await ctx.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ok',
      database: 'up',
      mail: { pending: 0, retrying: 0, failed: 0 },
    });
    const ping = vi.spyOn(ctx.app.database, 'ping');
    try {
      const answers = await Promise.all(
        ['/api/health/ready', '/api/health', '/api/health/ready'].map((url) =>
          ctx.app.inject({ method: 'GET', url }),
        ),
      );
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
      expect(ping).toHaveBeenCalledTimes(1);
      // The next call checks again (nothing is kept once a check is over).
      await ctx.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ping).toHaveBeenCalledTimes(2);
    } finally {
      ping.mockRestore();
    }
  });

  it('an unknown API route answers a French JSON 404', async () => {
    for (const url of ['/api/nope', '/auth/nope']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: SERVER_MESSAGES.routeNotFound });
    }
  });

  it('security headers are set on every answer', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "form-action 'self'",
      "worker-src 'self' blob:",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('serves the OpenAPI description at /api/docs', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths['/api/health']).toBeDefined();
  });
});

describe('[foundation] bad requests get a French 4xx JSON answer', () => {
  // A route that accepts JSON, registered only for this test through the real pipeline (CSRF, parsing).
  async function client() {
    const c = new TestClient(ctx.app);
    await c.ensureXsrf();
    return c;
  }

  it('malformed JSON → 400', async () => {
    const c = await client();
    const res = await c.post('/auth/csrf-probe', '{"email": ', {
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: SERVER_MESSAGES.malformedJson });
  });

  it('a body over 100 KB → 413', async () => {
    const c = await client();
    const res = await c.post('/auth/csrf-probe', JSON.stringify({ x: 'a'.repeat(110 * 1024) }), {
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: SERVER_MESSAGES.payloadTooLarge });
  });

  it('a wrong content type → 415', async () => {
    const c = await client();
    const res = await c.post('/auth/csrf-probe', 'email=a', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: SERVER_MESSAGES.unsupportedMediaType });
  });

  it('a state-changing request without the anti-forgery token → 403', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/auth/csrf-probe',
      payload: { a: 1 },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: SERVER_MESSAGES.csrf });
  });

  it('a schema violation → 400 with the field and its French message', async () => {
    const c = await client();
    const res = await c.post('/auth/csrf-probe', { email: 42 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(SERVER_MESSAGES.validation);
    expect(res.json().errors.email).toBeTypeOf('string');
  });
});
