import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { buildTestApp, signIn, type TestClient, type TestContext } from '../test/helper.ts';
import { createClub, createMember } from '../db/factories.ts';
import { TENANT_ROLE } from '../db/tenant-scope.ts';
import { signedIn } from './signed-in.ts';

/**
 * Decision 0041: a signed-in route declared `config: { database: false }`
 * answers without the club-scoped transaction (BEGIN, set_config, COMMIT), and any database
 * access from it fails instead of running on the owner role (which bypasses row-level security).
 * Routes without the flag still run as the member's club, through `request.db`; a job they queue
 * without that transaction is refused.
 */
let ctx: TestContext;
let client: TestClient;
let clubId: number;

const probeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/test/sans-base', { config: { database: false } }, async ({ actor }) => ({
    id: actor.id,
  }));
  // The refusal's name is answered so that the test knows which error stopped the access.
  const refusal = (err: unknown) => ({ refus: (err as Error).name });
  app.get('/api/test/sans-base-requete', { config: { database: false } }, async (request) => {
    try {
      return (await request.db.execute(sql`select current_user as role`)).rows[0];
    } catch (err) {
      return refusal(err);
    }
  });
  app.get('/api/test/sans-base-tache', { config: { database: false } }, async () => {
    try {
      await app.jobs.boss.send('test-sans-base', {});
      return { ok: true };
    } catch (err) {
      return refusal(err);
    }
  });
  app.get('/api/test/tache-hors-transaction', async () => {
    try {
      await app.jobs.boss.send('test-hors-transaction', {});
      return { ok: true };
    } catch (err) {
      return refusal(err);
    }
  });
  app.get('/api/test/avec-base', async (request) => {
    const result = await request.db.execute(
      sql`select current_user as role, current_setting('app.club_id', true) as club`,
    );
    return result.rows[0];
  });
};

beforeAll(async () => {
  ctx = await buildTestApp({}, async (app) => {
    await app.register(signedIn(probeRoutes));
  });
  const club = await createClub(ctx.database.db);
  clubId = club.id;
  const member = await createMember(ctx.database.db, club.id, { role: 'DIRIGEANT' });
  client = await signIn(ctx.app, member);
});
afterAll(async () => {
  await ctx?.close();
});

describe('signed-in routes declared without database', () => {
  it('GET /api/dashboard/infos and a flagged route open no transaction; an unflagged one does', async () => {
    const transaction = vi.spyOn(ctx.database.db, 'transaction');
    try {
      const infos = await client.get('/api/dashboard/infos');
      expect(infos.statusCode).toBe(200);
      expect(infos.json()).toMatchObject({ idClub: clubId, role: 'DIRIGEANT' });
      const probe = await client.get('/api/test/sans-base');
      expect(probe.statusCode).toBe(200);
      expect(transaction).not.toHaveBeenCalled();

      const scoped = await client.get('/api/test/avec-base');
      expect(scoped.statusCode).toBe(200);
      expect(transaction).toHaveBeenCalledTimes(1);
    } finally {
      transaction.mockRestore();
    }
  });

  it('an unflagged route still runs as the member’s club (row-level security)', async () => {
    const res = await client.get('/api/test/avec-base');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ role: TENANT_ROLE, club: String(clubId) });
  });

  it('a database query from a flagged route fails instead of using the owner role', async () => {
    const res = await client.get('/api/test/sans-base-requete');
    expect(res.json()).toEqual({ refus: 'NoDatabaseScopeError' });
  });

  it('a job sent without the request’s transaction is refused (it would use the owner role)', async () => {
    const res = await client.get('/api/test/tache-hors-transaction');
    expect(res.json()).toEqual({ refus: 'JobOutsideRequestTransactionError' });
  });

  it('a job sent from a flagged route fails too (the queue would use the owner role)', async () => {
    const res = await client.get('/api/test/sans-base-tache');
    expect(res.json()).toEqual({ refus: 'NoDatabaseScopeError' });
  });

  it('a flagged route still requires a session', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/test/sans-base' });
    expect(res.statusCode).toBe(401);
  });
});

describe('response-cache hit path', () => {
  it('a cached list is answered without opening the club-scoped transaction', async () => {
    const cached = await buildTestApp({ RESPONSE_CACHE_MS: '60000' });
    try {
      const club = await createClub(cached.database.db);
      const member = await createMember(cached.database.db, club.id, { role: 'DIRIGEANT' });
      const session = await signIn(cached.app, member);
      const url = `/api/equipes/club/${club.id}`;
      const first = await session.get(url);
      expect(first.statusCode).toBe(200);
      const transaction = vi.spyOn(cached.database.db, 'transaction');
      try {
        const hit = await session.get(url);
        expect(hit.statusCode).toBe(200);
        expect(hit.body).toBe(first.body);
        expect(transaction).not.toHaveBeenCalled();
      } finally {
        transaction.mockRestore();
      }
    } finally {
      await cached.close();
    }
  });
});
