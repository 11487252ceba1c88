import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_DOCS_PATH, SERVER_MESSAGES, api } from '@club/contract';
import { buildTestApp, offContract, TestClient, type TestContext } from './test/helper.ts';

const { health, healthLive, healthReady } = api.publicSite;
/** The probe route this file registers (no endpoint of the contract). */
const probe = offContract.testRoute('csrf-probe');

let ctx: TestContext;
/** A caller without session nor cookie. */
let visitor: TestClient;
beforeAll(async () => {
  ctx = await buildTestApp({}, (app) => {
    // A probe route that accepts JSON, to exercise the real pipeline (CSRF, parsing, validation).
    app.withTypeProvider<ZodTypeProvider>().post(
      probe,
      {
        schema: {
          body: z.object({ email: z.string().optional(), x: z.string().optional() }).strict(),
        },
      },
      async () => ({ ok: true }),
    );
  });
  visitor = new TestClient(ctx.app);
});
afterAll(async () => {
  await ctx?.close();
});

describe('[foundation] application shell', () => {
  it(`${health.method} ${health.path} answers 200 while the database answers`, async () => {
    const res = await visitor.send(health);
    expect(res.status).toBe(200);
    // Nothing queued yet: the mail queue's counts (decision 0020) are zero.
    expect(res.body).toEqual({
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
      const live = await visitor.send(healthLive);
      expect(live.status).toBe(200);
      expect(live.body).toEqual({ status: 'ok' });
      expect(live.headers['cache-control']).toBe('no-store');
      expect(ping).not.toHaveBeenCalled();
      expect(executeSql).not.toHaveBeenCalled();
      expect(transaction).not.toHaveBeenCalled();
      // Readiness keeps the database test: 503 with the French message, the health endpoint alike.
      for (const endpoint of [healthReady, health]) {
        const res = await visitor.send(endpoint);
        expect(res.status).toBe(503);
        expect(res.error).toEqual({
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

  it('readiness answers like the health endpoint; callers during one check share it', async () => {
    const ready = await visitor.send(healthReady);
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({
      status: 'ok',
      database: 'up',
      mail: { pending: 0, retrying: 0, failed: 0 },
    });
    const ping = vi.spyOn(ctx.app.database, 'ping');
    try {
      const answers = await Promise.all(
        [healthReady, health, healthReady].map((endpoint) => visitor.send(endpoint)),
      );
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
      expect(ping).toHaveBeenCalledTimes(1);
      // The next call checks again (nothing is kept once a check is over).
      await visitor.send(healthReady);
      expect(ping).toHaveBeenCalledTimes(2);
    } finally {
      ping.mockRestore();
    }
  });

  it('an unknown API route answers a French JSON 404', async () => {
    for (const url of [offContract.missingApi, offContract.missingAuth]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: SERVER_MESSAGES.routeNotFound });
    }
  });

  it('security headers are set on every answer', async () => {
    const res = await visitor.call(health);
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

  it(`serves the OpenAPI description at ${API_DOCS_PATH}`, async () => {
    // The OpenAPI page's own routes (swagger-ui under API_DOCS_PATH) are no endpoint of the API.
    const res = await ctx.app.inject({ method: 'GET', url: `${API_DOCS_PATH}/json` });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths[health.path]).toBeDefined();
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
    const res = await c.raw({
      method: 'POST',
      url: probe,
      payload: '{"email": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: SERVER_MESSAGES.malformedJson });
  });

  it('a body over 100 KB → 413', async () => {
    const c = await client();
    const res = await c.raw({
      method: 'POST',
      url: probe,
      payload: JSON.stringify({ x: 'a'.repeat(110 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: SERVER_MESSAGES.payloadTooLarge });
  });

  it('a wrong content type → 415', async () => {
    const c = await client();
    const res = await c.raw({
      method: 'POST',
      url: probe,
      payload: 'email=a',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: SERVER_MESSAGES.unsupportedMediaType });
  });

  it('a state-changing request without the anti-forgery token → 403', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: probe,
      payload: { a: 1 },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: SERVER_MESSAGES.csrf });
  });

  it('a schema violation → 400 with the field and its French message', async () => {
    const c = await client();
    const res = await c.raw({ method: 'POST', url: probe, payload: { email: 42 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(SERVER_MESSAGES.validation);
    expect(res.json().errors.email).toBeTypeOf('string');
  });
});
