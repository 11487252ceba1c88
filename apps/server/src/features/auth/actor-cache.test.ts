import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { SERVER_MESSAGES, api } from '@club/contract';
import { buildTestApp, signIn, TestClient, type TestContext } from '../../test/helper.ts';
import { createClub, createMember, createTeam } from '../../db/factories.ts';
import { members } from '../../db/schema.ts';
import type { Actor } from '../../authz/index.ts';
import { createActorCache } from './actor-cache.ts';

/** An actor the cache keeps: only its name matters here. */
const actor = (nom: string): Actor => ({
  id: 1,
  clubId: 1,
  role: 'JOUEUR',
  roleClub: null,
  teamRoles: [],
  statut: 'Actif',
  email: 'acteur@example.org',
  nom,
  prenom: 'Test',
  clubNom: 'Club',
  teams: [],
  teamIds: [],
  primaryTeam: null,
  childIds: [],
  childTeamIds: [],
  sessionId: 's',
});

describe('[auth] actor cache (unit)', () => {
  it('answers from memory within its lifetime, reloads after it', async () => {
    let t = 0;
    let loads = 0;
    const cache = createActorCache({ ttlMs: 1000, now: () => t });
    const load = async () => actor(`v${++loads}`);
    expect((await cache.lookup('s', 1, load))?.nom).toBe('v1');
    t = 999;
    expect((await cache.lookup('s', 1, load))?.nom).toBe('v1');
    t = 1000;
    expect((await cache.lookup('s', 1, load))?.nom).toBe('v2');
    expect((await cache.lookup('s', 2, load))?.nom).toBe('v3');
  });

  it('never keeps a lookup that a write overtook, nor a refused session', async () => {
    const cache = createActorCache({ ttlMs: 60_000 });
    let release!: () => void;
    const slow = cache.lookup('s', 1, () => new Promise((r) => (release = () => r(actor('old')))));
    cache.invalidate();
    release();
    expect((await slow)?.nom).toBe('old');
    expect(cache.size).toBe(0);
    expect(await cache.lookup('s', 1, async () => null)).toBeNull();
    expect(cache.size).toBe(0);
  });

  it('is bounded (oldest entry out first)', async () => {
    const cache = createActorCache({ ttlMs: 60_000, maxEntries: 2 });
    for (const sid of ['a', 'b', 'c']) await cache.lookup(sid, 1, async () => actor(sid));
    expect(cache.size).toBe(2);
    expect((await cache.lookup('a', 1, async () => actor('a2')))?.nom).toBe('a2');
  });
});

describe('[auth] actor cache in the signed-in scope (ACTOR_CACHE_MS=60000)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({ ACTOR_CACHE_MS: '60000' });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  async function setup() {
    const club = await createClub(ctx.app.db);
    const team = await createTeam(ctx.app.db, club.id);
    const member = await createMember(ctx.app.db, club.id, { teamId: team.id, role: 'JOUEUR' });
    return { member, client: await signIn(ctx.app, member) };
  }

  it('reuses the session check, and any write of this instance empties it', async () => {
    const { member, client } = await setup();
    // The set-up's own inserts are announced by the change feed, asynchronously on PostgreSQL:
    // let them arrive before the cache is filled, or they empty it after (a flake seen in CI).
    await new Promise((r) => setTimeout(r, 300));
    expect((await client.send(api.dashboard.infos)).body.nom).toBe(member.nom);
    // A change the change feed does not announce (no trigger fires) is not seen while cached…
    await ctx.app.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(members).set({ nom: 'Renommé' }).where(eq(members.id, member.id));
    });
    expect((await client.send(api.dashboard.infos)).body.nom).toBe(member.nom);
    // …and is once any state-changing request of this instance has answered (even a refused one).
    const other = await setup();
    expect((await other.client.send(api.auth.logout, { body: null })).status).toBeLessThan(300);
    expect((await client.send(api.dashboard.infos)).body.nom).toBe('Renommé');
  });

  it('a change of a club’s data elsewhere (another instance) empties that club’s entries when the change feed announces it', async () => {
    const { member, client } = await setup();
    const stranger = await setup();
    expect((await client.send(api.dashboard.infos)).body.nom).toBe(member.nom);
    const quiet = async (nom: string) =>
      ctx.app.db.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx.update(members).set({ nom }).where(eq(members.id, member.id));
      });
    await quiet('Caché');
    // Another club's change: this club's entry stays.
    await ctx.app.db
      .update(members)
      .set({ prenom: 'Autre' })
      .where(eq(members.id, stranger.member.id));
    await new Promise((r) => setTimeout(r, 300));
    expect((await client.send(api.dashboard.infos)).body.nom).toBe(member.nom);
    // This club's change (a hat removed on another instance, say): seen without any local write.
    await ctx.app.db.update(members).set({ statut: 'Blessé' }).where(eq(members.id, member.id));
    await expect
      .poll(async () => (await client.send(api.dashboard.infos)).body.nom, { timeout: 5_000 })
      .toBe('Caché');
  });

  it('logout refuses the old access token at once', async () => {
    const { client } = await setup();
    expect((await client.send(api.dashboard.infos)).status).toBe(200);
    // The same cookies, kept aside: the old access token after the logout.
    const oldSession = new TestClient(ctx.app);
    oldSession.cookies = new Map(client.cookies);
    expect((await client.send(api.auth.logout, { body: null })).status).toBeLessThan(300);
    const res = await oldSession.send(api.dashboard.infos);
    expect(res.status).toBe(401);
    expect(res.error).toEqual({ message: SERVER_MESSAGES.sessionExpired });
  });
});
