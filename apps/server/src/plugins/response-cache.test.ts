import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { api, urlOf, type CallResult } from '@club/contract';
import { buildApp } from '../app.ts';
import { openPostgres } from '../db/client.ts';
import { createClub, createMember, createTeam, setMemberTeams } from '../db/factories.ts';
import { buildTestApp, signIn, TestClient, type TestContext } from '../test/helper.ts';
import { CLUB_DATA_CHANNEL, clubOfNotification } from './response-cache.ts';

let ctx: TestContext & { database: { url?: string } };
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

/** The names of a member list asked without page nor size: the plain list. */
const names = (res: CallResult<typeof api.members.listClub | typeof api.members.listTeam>) => {
  const listed = res.body;
  if (!Array.isArray(listed)) throw new Error(`une liste attendue : ${res.text}`);
  return listed.map((m) => m.nom).sort();
};
/** A club's members, the cached list the tests read most (its URL is the cache key's end). */
const clubList = (clubId: number) => ({ params: { clubId } });
const clubListUrl = (clubId: number) => urlOf(api.members.listClub, clubList(clubId));
const readClubList = (client: TestClient, clubId: number) =>
  client.send(api.members.listClub, clubList(clubId));
/** A team's members (by the team's name), cached like the club's list. */
const teamList = (clubId: number) => ({ params: { clubId, nomEquipe: 'Seniors' } });
const removeMember = (client: TestClient, id: number) =>
  client.send(api.members.remove, { params: { id } });

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
      // Conversations are read by their own routes, which are not cached; what the other screens
      // show of them (the unread count) comes through the live stream (decisions 0120, 0121).
      'conversation_members',
      'conversations',
      // A team's duty templates are read by their own route; they change no cached list (the
      // duties they add to an event are written to duties, which announces it).
      'duty_templates',
      // Fees are read by their own routes, which are not cached (decision 0135).
      'fee_exemptions',
      'fee_seasons',
      'fee_tariffs',
      'idempotency_keys',
      // The live stream's events (decision 0120): sent to the streams, never a cached list.
      'live_events',
      'live_presence',
      // The public live link (decision 0127): read by its own, uncached route.
      'match_public_links',
      // A deleted member's snapshot (decision 0087): the deletion itself changes `members`.
      'member_deletions',
      'message_reports',
      'messages',
      'payments',
      'pending_match_notifications',
      'push_subscriptions',
      'sessions',
    ]);
  });

  it('answers the second read from the cache with the same body and headers', async () => {
    const { club, boss } = await demoClub(ctx.app);
    const client = await signIn(ctx.app, boss);
    const first = await readClubList(client, club.id);
    expect(first.status).toBe(200);
    expect(first.headers['x-cache']).toBe('miss');
    // Writes made by the factories above may still be announced: wait for the feed to settle.
    await new Promise((r) => setTimeout(r, 100));
    const stored = await readClubList(client, club.id);
    expect(ctx.app.responseCache.get(`${club.id}:${boss.id}:${clubListUrl(club.id)}`)).toBe(
      stored.text,
    );
    const again = await readClubList(client, club.id);
    expect(again.status).toBe(200);
    expect(again.headers['x-cache']).toBe('hit');
    expect(again.text).toBe(stored.text);
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.headers['cache-control']).toBe('no-store');
  });

  it('concurrent misses of one list all get the same answer (single flight)', async () => {
    const { club, boss } = await demoClub(ctx.app);
    const client = await signIn(ctx.app, boss);
    await new Promise((r) => setTimeout(r, 100));
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => readClubList(client, club.id)),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((r) => r.text)).size).toBe(1);
    expect(names(answers[0]!)).toEqual(['Autre', 'Boss', 'Joueur']);
  });

  it('a write through the API is visible on the very next read (same instance)', async () => {
    const { club, boss, outsider } = await demoClub(ctx.app);
    const client = await signIn(ctx.app, boss);
    await readClubList(client, club.id);
    await new Promise((r) => setTimeout(r, 100));
    expect(names(await readClubList(client, club.id))).toContain('Autre');
    const del = await removeMember(client, outsider.id);
    expect(del.status).toBeLessThan(300);
    expect(names(await readClubList(client, club.id))).not.toContain('Autre');
  });

  it('a write made directly in the database (a job, another instance) empties the cache', async () => {
    const { club, boss } = await demoClub(ctx.app);
    const client = await signIn(ctx.app, boss);
    await readClubList(client, club.id);
    await new Promise((r) => setTimeout(r, 100));
    await readClubList(client, club.id);
    const key = `${club.id}:${boss.id}:${clubListUrl(club.id)}`;
    expect(ctx.app.responseCache.get(key)).toBeDefined();
    await ctx.app.db.execute(sql`update members set nom = 'Renommé' where id = ${boss.id}`);
    await until(() => ctx.app.responseCache.get(key) === undefined, 'notification club_data');
    expect(names(await readClubList(client, club.id))).toContain('Renommé');
  });

  it('two members never share an entry: a player is refused what the leader was served', async () => {
    const { club, other, boss, player } = await demoClub(ctx.app);
    const leader = await signIn(ctx.app, boss);
    const joueur = await signIn(ctx.app, player);
    const team = { params: { id: other.id } };
    await new Promise((r) => setTimeout(r, 100));
    expect((await leader.send(api.dashboard.members, team)).status).toBe(200);
    expect((await leader.send(api.dashboard.members, team)).status).toBe(200);
    expect(
      ctx.app.responseCache.get(`${club.id}:${boss.id}:${urlOf(api.dashboard.members, team)}`),
    ).toBeDefined();
    // The player is not in that team: 403, never the leader's stored answer.
    expect((await joueur.send(api.dashboard.members, team)).status).toBe(403);
    expect((await readClubList(joueur, club.id)).status).toBe(403);
  });

  it('bypasses the cache while the change feed is down', async () => {
    const { club, boss } = await demoClub(ctx.app);
    const client = await signIn(ctx.app, boss);
    const teams = () => client.send(api.teams.listClub, { params: { clubId: club.id } });
    await new Promise((r) => setTimeout(r, 100));
    await teams();
    ctx.app.responseCache.setListening(false);
    try {
      expect(ctx.app.responseCache.active).toBe(false);
      await teams();
      expect(ctx.app.responseCache.size).toBe(0);
    } finally {
      ctx.app.responseCache.setListening(true);
    }
    // The ETag still comes with a stored answer.
    await teams();
    const hit = await teams();
    expect(hit.headers.etag).toMatch(/^W\/".+"$/);
  });
});

const settle = () => new Promise((r) => setTimeout(r, 150));

describe('[perf] invalidation per club (decision 0089)', () => {
  it('the change feed names the club; an empty or unknown payload stands for every club', () => {
    expect(clubOfNotification('42')).toBe(42);
    expect(clubOfNotification(' 7 ')).toBe(7);
    for (const payload of ['', undefined, 'abc', '0', '-1', '1,2', '1.5', '99999999999'])
      expect(clubOfNotification(payload)).toBeUndefined();
  });

  it('a write in a club announces that club’s id; a change of the shared sports, every club', async () => {
    const { club, team, boss } = await demoClub(ctx.app);
    const seen: (string | undefined)[] = [];
    const stop = await ctx.app.database.listen(
      CLUB_DATA_CHANNEL,
      (payload) => seen.push(payload),
      () => {},
    );
    try {
      await ctx.app.db.execute(sql`update members set nom = 'Renommé' where id = ${boss.id}`);
      await until(() => seen.includes(String(club.id)), 'members: the club’s id');
      seen.length = 0;
      await ctx.app.db.execute(sql`delete from team_memberships where team_id = ${team.id}`);
      await until(() => seen.includes(String(club.id)), 'team_memberships: the club’s id');
      seen.length = 0;
      await ctx.app.db.execute(sql`update clubs set nom = nom where id = ${club.id}`);
      await until(() => seen.includes(String(club.id)), 'clubs: its id');
      expect(seen).toEqual([String(club.id)]);
      seen.length = 0;
      await ctx.app.db.execute(sql`update sports set nom = nom where false`);
      await until(() => seen.includes(''), 'sports: every club');
    } finally {
      await stop();
    }
  });

  it('a write in club A empties club A’s entries and keeps club B’s', async () => {
    const a = await demoClub(ctx.app);
    const b = await demoClub(ctx.app);
    const onA = await signIn(ctx.app, a.boss);
    const onB = await signIn(ctx.app, b.boss);
    const cache = ctx.app.responseCache;
    const teamB = teamList(b.club.id);
    const keyA = `${a.club.id}:${a.boss.id}:${clubListUrl(a.club.id)}`;
    const keyB = `${b.club.id}:${b.boss.id}:${clubListUrl(b.club.id)}`;
    const keyTeamB = `${b.club.id}:${b.boss.id}:${urlOf(api.members.listTeam, teamB)}`;
    await settle();
    await readClubList(onA, a.club.id);
    const servedB = await readClubList(onB, b.club.id);
    const servedTeamB = await onB.send(api.members.listTeam, teamB);
    expect(names(servedTeamB)).toEqual(['Joueur']);
    expect(cache.get(keyA)).toBeDefined();
    expect(cache.get(keyB)).toBe(servedB.text);
    // The team's members are kept like the club's list.
    expect(cache.get(keyTeamB)).toBe(servedTeamB.text);

    // Through the API: A's entries go before the answer leaves, B's stay, also once the change
    // feed has announced the write.
    expect((await removeMember(onA, a.outsider.id)).status).toBeLessThan(300);
    expect(cache.get(keyA)).toBeUndefined();
    expect(cache.get(keyB)).toBe(servedB.text);
    await settle();
    expect(cache.get(keyB)).toBe(servedB.text);
    expect(cache.get(keyTeamB)).toBe(servedTeamB.text);
    expect(names(await readClubList(onA, a.club.id))).not.toContain('Autre');

    // Directly in the database (a job, another instance): the notification names club A.
    await settle();
    await readClubList(onA, a.club.id);
    expect(cache.get(keyA)).toBeDefined();
    await ctx.app.db.execute(sql`update members set nom = 'Renommé' where id = ${a.boss.id}`);
    await until(() => cache.get(keyA) === undefined, 'notification of club A');
    expect(cache.get(keyB)).toBe(servedB.text);
    expect(names(await readClubList(onA, a.club.id))).toContain('Renommé');

    // And the other way round: B's team changes, its team list is read afresh.
    await ctx.app.db.execute(sql`update members set nom = 'Joueuse' where id = ${b.player.id}`);
    await until(() => cache.get(keyTeamB) === undefined, 'notification of club B');
    expect(names(await onB.send(api.members.listTeam, teamB))).toEqual(['Joueuse']);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  '[perf] response cache across two instances (PostgreSQL)',
  () => {
    let second: FastifyInstance;
    beforeAll(async () => {
      const url = ctx.database.url!;
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
      await new Promise((r) => setTimeout(r, 100));
      expect(names(await readClubList(onB, club.id))).toContain('Autre');
      expect(names(await readClubList(onB, club.id))).toContain('Autre');
      const key = `${club.id}:${boss.id}:${clubListUrl(club.id)}`;
      expect(second.responseCache.get(key)).toBeDefined();
      expect((await removeMember(onA, outsider.id)).status).toBeLessThan(300);
      await until(
        () => second.responseCache.get(key) === undefined,
        'notification on the other instance',
      );
      expect(names(await readClubList(onB, club.id))).not.toContain('Autre');
    });

    it('a write in club A on one instance empties club A on the other and keeps club B', async () => {
      const a = await demoClub(ctx.app);
      const b = await demoClub(ctx.app);
      const writer = await signIn(ctx.app, a.boss);
      const readerA = new TestClient(second);
      readerA.cookies = new Map(writer.cookies);
      const readerB = new TestClient(second);
      readerB.cookies = new Map((await signIn(ctx.app, b.boss)).cookies);
      const teamB = teamList(b.club.id);
      const keyA = `${a.club.id}:${a.boss.id}:${clubListUrl(a.club.id)}`;
      const keyB = `${b.club.id}:${b.boss.id}:${urlOf(api.members.listTeam, teamB)}`;
      await settle();
      expect(names(await readClubList(readerA, a.club.id))).toContain('Autre');
      const servedB = await readerB.send(api.members.listTeam, teamB);
      expect(second.responseCache.get(keyA)).toBeDefined();
      expect(second.responseCache.get(keyB)).toBe(servedB.text);
      expect((await removeMember(writer, a.outsider.id)).status).toBeLessThan(300);
      await until(
        () => second.responseCache.get(keyA) === undefined,
        'club A on the other instance',
      );
      expect(second.responseCache.get(keyB)).toBe(servedB.text);
      expect(names(await readClubList(readerA, a.club.id))).not.toContain('Autre');
    });
  },
);
