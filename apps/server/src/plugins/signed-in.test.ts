import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { api } from '@club/contract';
import {
  buildTestApp,
  offContract,
  signIn,
  type TestClient,
  type TestContext,
} from '../test/helper.ts';
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

/** The routes this file registers: the plugin's behaviour, no endpoint of the contract. */
const route = {
  noDatabase: offContract.testRoute('sans-base'),
  noDatabaseQuery: offContract.testRoute('sans-base-requete'),
  noDatabaseJob: offContract.testRoute('sans-base-tache'),
  jobOutsideTransaction: offContract.testRoute('tache-hors-transaction'),
  withDatabase: offContract.testRoute('avec-base'),
};

const probeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(route.noDatabase, { config: { database: false } }, async ({ actor }) => ({
    id: actor.id,
  }));
  // The refusal's name is answered so that the test knows which error stopped the access.
  const refusal = (err: unknown) => ({ refus: (err as Error).name });
  app.get(route.noDatabaseQuery, { config: { database: false } }, async (request) => {
    try {
      return (await request.db.execute(sql`select current_user as role`)).rows[0];
    } catch (err) {
      return refusal(err);
    }
  });
  app.get(route.noDatabaseJob, { config: { database: false } }, async () => {
    try {
      await app.jobs.boss.send('test-sans-base', {});
      return { ok: true };
    } catch (err) {
      return refusal(err);
    }
  });
  app.get(route.jobOutsideTransaction, async () => {
    try {
      await app.jobs.boss.send('test-hors-transaction', {});
      return { ok: true };
    } catch (err) {
      return refusal(err);
    }
  });
  app.get(route.withDatabase, async (request) => {
    const result = await request.db.execute(
      sql`select current_user as role, current_setting('app.club_id', true) as club`,
    );
    return result.rows[0];
  });
};

/** Reads one of the routes above as the signed-in member. */
const probe = (url: string) => client.raw({ method: 'GET', url });

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
  it(`${api.dashboard.infos.method} ${api.dashboard.infos.path} and a flagged route open no transaction; an unflagged one does`, async () => {
    const transaction = vi.spyOn(ctx.database.db, 'transaction');
    try {
      const infos = await client.send(api.dashboard.infos);
      expect(infos.status).toBe(200);
      expect(infos.body).toMatchObject({ idClub: clubId, role: 'DIRIGEANT' });
      const flagged = await probe(route.noDatabase);
      expect(flagged.statusCode).toBe(200);
      expect(transaction).not.toHaveBeenCalled();

      const scoped = await probe(route.withDatabase);
      expect(scoped.statusCode).toBe(200);
      expect(transaction).toHaveBeenCalledTimes(1);
    } finally {
      transaction.mockRestore();
    }
  });

  it('an unflagged route still runs as the member’s club (row-level security)', async () => {
    const res = await probe(route.withDatabase);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ role: TENANT_ROLE, club: String(clubId) });
  });

  it('a database query from a flagged route fails instead of using the owner role', async () => {
    const res = await probe(route.noDatabaseQuery);
    expect(res.json()).toEqual({ refus: 'NoDatabaseScopeError' });
  });

  it('a job sent without the request’s transaction is refused (it would use the owner role)', async () => {
    const res = await probe(route.jobOutsideTransaction);
    expect(res.json()).toEqual({ refus: 'JobOutsideRequestTransactionError' });
  });

  it('a job sent from a flagged route fails too (the queue would use the owner role)', async () => {
    const res = await probe(route.noDatabaseJob);
    expect(res.json()).toEqual({ refus: 'NoDatabaseScopeError' });
  });

  it('a flagged route still requires a session', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: route.noDatabase });
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
      const teams = () => session.send(api.teams.listClub, { params: { clubId: club.id } });
      const first = await teams();
      expect(first.status).toBe(200);
      const transaction = vi.spyOn(cached.database.db, 'transaction');
      try {
        const hit = await teams();
        expect(hit.status).toBe(200);
        expect(hit.text).toBe(first.text);
        expect(transaction).not.toHaveBeenCalled();
      } finally {
        transaction.mockRestore();
      }
    } finally {
      await cached.close();
    }
  });
});
