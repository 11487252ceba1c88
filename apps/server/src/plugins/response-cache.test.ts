import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp } from '../app.ts';
import { openPostgres } from '../db/client.ts';
import { createClub, createMember, createTeam, setMemberTeams } from '../db/factories.ts';
import { buildTestApp, signIn, TestClient, type TestContext } from '../test/helper.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({ RESPONSE_CACHE_MS: '60000' });
});
afterAll(async () => {
  await ctx?.close();
});

async function until(check: () => boolean, what: string, ms = 5_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timeout: ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const names = (res: { json(): unknown }) =>
  (res.json() as { nom: string }[]).map((m) => m.nom).sort();

async function demoClub(app: FastifyInstance) {
  const club = await createClub(app.db);
  const team = await createTeam(app.db, club.id, { nom: 'Seniors' });
  const other = await createTeam(app.db, club.id, { nom: 'U15' });
  const boss = await createMember(app.db, club.id, { role: 'DIRIGEANT', nom: 'Boss' });
  const player = await createMember(app.db, club.id, { role: 'JOUEUR', nom: 'Joueur' });
  await setMemberTeams(app.db, club.id, player.id, [team.id]);
  const outsider = await createMember(app.db, club.id, { role: 'JOUEUR', nom: 'Autre' });
  await setMemberTeams(app.db, club.id, outsider.id, [other.id]);
  return { club, team, other, boss, player, outsider };
}

describe('[perf] response cache of the hot lists', () => {
  it('listens to the club-data feed once the app is ready', () => {
    expect(ctx.app.responseCache.active).toBe(true);
  });

  it('every table of club data announces its changes (migration 0008_club_data_notify)', async () => {
    const { rows } = await ctx.database.executeSql(
      `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p')
          and not exists (select 1 from pg_trigger t
                           where t.tgrelid = c.oid and t.tgname = 'club_data_changed')
        order by 1`,
      [],
    );
    // Writes to these change no cached list; a new table must be added to one list or the other.
    expect(rows.map((r) => r.relname)).toEqual([
      'announcement_reads',
      'announcement_teams',
      'announcements',
      'audit_log',
      // Carpooling is read by its own route, which is not cached.
      'carpool_offers',
      'carpool_seats',
      'contact_messages',
      'idempotency_keys',
      // A deleted member's snapshot (decision 0087): the deletion itself changes `members`.
      'member_deletions',
      'pending_match_notifications',
      'push_subscriptions',
      'sessions',
    ]);
  });

  it('answers the second read from the cache with the same body and headers', async () => {
    const { club, boss } = await demoClub(ctx.app);
    const client = await signIn(ctx.app, boss);
    const url = `/api/membres/club/${club.id}`;
    const first = await client.get(url);
    expect(first.statusCode).toBe(200);
    // Writes made by the factories above may still be announced: wait for the feed to settle.
    await new Promise((r) => setTimeout(r, 100));
    const stored = await client.get(url);
    expect(ctx.app.responseCache.get(`${club.id}:${boss.id}:${url}`)).toBe(stored.body);
    const again = await client.get(url);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(stored.body);
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.headers['cache-control']).toBe('no-store');
  });

  it('concurrent misses of one list all get the same answer (single flight)', async () => {
    const { club, boss } = await demoClub(ctx.app);
    const client = await signIn(ctx.app, boss);
    const url = `/api/membres/club/${club.id}`;
    await new Promise((r) => setTimeout(r, 100));
    const answers = await Promise.all(Array.from({ length: 5 }, () => client.get(url)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((r) => r.body)).size).toBe(1);
    expect(names(answers[0]!)).toEqual(['Autre', 'Boss', 'Joueur']);
  });

  it('a write through the API is visible on the very next read (same instance)', async () => {
    const { club, boss, outsider } = await demoClub(ctx.app);
    const client = await signIn(ctx.app, boss);
    const url = `/api/membres/club/${club.id}`;
    await client.get(url);
    await new Promise((r) => setTimeout(r, 100));
    expect(names(await client.get(url))).toContain('Autre');
    const del = await client.delete(`/api/membres/${outsider.id}`);
    expect(del.statusCode).toBeLessThan(300);
    expect(names(await client.get(url))).not.toContain('Autre');
  });

  it('a write made directly in the database (a job, another instance) empties the cache', async () => {
    const { club, boss } = await demoClub(ctx.app);
    const client = await signIn(ctx.app, boss);
    const url = `/api/membres/club/${club.id}`;
    await client.get(url);
    await new Promise((r) => setTimeout(r, 100));
    await client.get(url);
    expect(ctx.app.responseCache.size).toBeGreaterThan(0);
    await ctx.app.db.execute(sql`update members set nom = 'Renommé' where id = ${boss.id}`);
    await until(() => ctx.app.responseCache.size === 0, 'notification club_data');
    expect(names(await client.get(url))).toContain('Renommé');
  });

  it('two members never share an entry: a player is refused what the leader was served', async () => {
    const { club, other, boss, player } = await demoClub(ctx.app);
    const leader = await signIn(ctx.app, boss);
    const joueur = await signIn(ctx.app, player);
    const url = `/api/dashboard/membres/${other.id}`;
    await new Promise((r) => setTimeout(r, 100));
    expect((await leader.get(url)).statusCode).toBe(200);
    expect((await leader.get(url)).statusCode).toBe(200);
    expect(ctx.app.responseCache.get(`${club.id}:${boss.id}:${url}`)).toBeDefined();
    // The player is not in that team: 403, never the leader's stored answer.
    expect((await joueur.get(url)).statusCode).toBe(403);
    expect((await joueur.get(`/api/membres/club/${club.id}`)).statusCode).toBe(403);
  });

  it('bypasses the cache while the change feed is down', async () => {
    const { club, boss } = await demoClub(ctx.app);
    const client = await signIn(ctx.app, boss);
    const url = `/api/equipes/club/${club.id}`;
    await new Promise((r) => setTimeout(r, 100));
    await client.get(url);
    ctx.app.responseCache.setListening(false);
    try {
      expect(ctx.app.responseCache.active).toBe(false);
      await client.get(url);
      expect(ctx.app.responseCache.size).toBe(0);
    } finally {
      ctx.app.responseCache.setListening(true);
    }
    // The ETag still comes with a stored answer.
    await client.get(url);
    const hit = await client.get(url);
    expect(hit.headers.etag).toMatch(/^W\/".+"$/);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  '[perf] response cache across two instances (PostgreSQL)',
  () => {
    let second: FastifyInstance;
    beforeAll(async () => {
      const url = (ctx.database as { url?: string }).url!;
      second = await buildApp({
        config: ctx.config,
        database: openPostgres(url, 3),
      });
      await second.ready();
      await until(() => second.responseCache.active, 'second instance listening');
    });
    afterAll(async () => {
      const database = second?.database;
      await second?.close();
      await database?.close();
    });

    it('a write answered by one instance empties the other one as soon as its notification arrives', async () => {
      const { club, boss, outsider } = await demoClub(ctx.app);
      const onA = await signIn(ctx.app, boss);
      const onB = new TestClient(second);
      onB.cookies = new Map(onA.cookies);
      const url = `/api/membres/club/${club.id}`;
      await new Promise((r) => setTimeout(r, 100));
      expect(names(await onB.get(url))).toContain('Autre');
      expect(names(await onB.get(url))).toContain('Autre');
      expect(second.responseCache.size).toBeGreaterThan(0);
      expect((await onA.delete(`/api/membres/${outsider.id}`)).statusCode).toBeLessThan(300);
      await until(() => second.responseCache.size === 0, 'notification on the other instance');
      expect(names(await onB.get(url))).not.toContain('Autre');
    });
  },
);
