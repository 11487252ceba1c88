/**
 * Scale: every query that the hot signed-in calls run reads tenant tables through an
 * index. The calls go through the real application on PostgreSQL; the SQL text and parameters
 * the repositories send are captured at the driver (pg's Client#query), then each statement is
 * planned with EXPLAIN (FORMAT JSON) on a database of a few hundred generated clubs after ANALYZE,
 * with enable_seqscan left on. A Seq Scan of a tenant table fails the test (a sequential scan there
 * grows with the number of clubs). Only meaningful on a real PostgreSQL with its planner and
 * statistics: always runs on PostgreSQL, in `npm test` too (on the machine's own server, or
 * TEST_DATABASE_URL's when set), never on PGlite.
 */
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, urlOf, type EndpointInput, type EndpointSpec } from '@club/contract';
import { bulkLoad } from './bulk-load.ts';
import {
  LOCAL_POSTGRES_URL,
  buildTestApp,
  signIn,
  type TestClient,
  type TestContext,
} from '../test/helper.ts';

/** Tables with a club_id (and clubs itself): the rows that grow with the number of clubs. */
const TENANT_TABLES = new Set([
  'clubs',
  'teams',
  'members',
  'team_memberships',
  'guardians',
  'sessions',
  'one_time_tokens',
  'calendar_feeds',
  'events',
  'event_teams',
  'matches',
  'convocations',
  'audit_log',
]);

// Enough clubs for the planner to prefer the indexes (below a few pages a table is read whole,
// rightly), few rows each so that the load takes a few seconds.
const CLUBS = 1000;
const MEMBERS = 16;
const TEAMS = 3;
const EVENTS = 16;

interface Captured {
  text: string;
  values: unknown[];
  call: string;
}
interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

let ctx: TestContext;
let planner: pg.Client;
let probe: { clubId: number; teamId: number; teamNom: string; dirigeantId: number };
let asDirigeant: TestClient;
let asPlayer: TestClient;
let asParent: TestClient;
let capturing: string | null = null;
const captured: Captured[] = [];
const originalQuery = pg.Client.prototype.query;

/** A hot read: the URL it requests (the capture's name) and the call through its declaration. */
interface HotCall {
  url: string;
  send(client: TestClient): Promise<{ status: number }>;
}
function hot<S extends EndpointSpec>(endpoint: S, input: EndpointInput<S>): HotCall {
  return {
    url: urlOf<EndpointSpec>(endpoint, input),
    send: (client) => client.send<EndpointSpec>(endpoint, input),
  };
}

function seqScans(node: PlanNode, out: string[] = []): string[] {
  if (node['Node Type'] === 'Seq Scan' && TENANT_TABLES.has(node['Relation Name'] ?? ''))
    out.push(node['Relation Name']!);
  for (const child of node.Plans ?? []) seqScans(child, out);
  return out;
}

describe('plans of the hot queries (PostgreSQL)', () => {
  beforeAll(async () => {
    ctx = await buildTestApp({}, undefined, {
      postgresUrl: process.env.TEST_DATABASE_URL ?? LOCAL_POSTGRES_URL,
    });
    const db = ctx.database.db;
    const { firstClubId } = await bulkLoad(db, {
      clubs: CLUBS,
      teamsPerClub: TEAMS,
      membersPerClub: MEMBERS,
      eventsPerClub: EVENTS,
      guardiansPerClub: 2,
      convocationsPerMatch: 4,
    });
    // One session per member, as a club in use has: the session check reads this table.
    await db.execute(sql`
      insert into sessions (member_id, club_id, family_id, token_hash, expires_at,
                            absolute_expires_at)
      select id, club_id, gen_random_uuid(), md5('bench' || id), now() + interval '1 day',
             now() + interval '30 days'
      from members`);
    await db.execute(sql`analyze`);
    const clubId = firstClubId + CLUBS / 2;
    const rows = (await db.execute(sql`
      select m.id, m.role, m.team_id, t.nom as team_nom
      from members m left join teams t on t.id = m.team_id
      where m.club_id = ${clubId} order by m.id`)) as unknown as {
      rows: { id: number; role: string; team_id: number | null; team_nom: string | null }[];
    };
    const list = rows.rows;
    const dirigeant = list.find((m) => m.role === 'DIRIGEANT')!;
    const player = list.find((m) => m.role === 'JOUEUR')!;
    // The last PARENT is the guardian of the first JOUEUR (bulk-load.ts).
    const parent = list.findLast((m) => m.role === 'PARENT')!;
    probe = {
      clubId,
      teamId: player.team_id!,
      teamNom: player.team_nom!,
      dirigeantId: dirigeant.id,
    };
    const who = (m: { id: number; role: string }) => ({ ...m, clubId, statut: 'Actif' });
    asDirigeant = await signIn(ctx.app, who(dirigeant));
    asPlayer = await signIn(ctx.app, who(player));
    asParent = await signIn(ctx.app, who(parent));
    planner = new pg.Client({ connectionString: (ctx.database as { url?: string }).url });
    await planner.connect();
    // Captures what the application sends, never the planner's own EXPLAIN statements.
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const [first, second] = args as [unknown, unknown];
      if (capturing && this !== planner) {
        // query(text, values?) or query({ text, values? }, values?) (drizzle passes the latter).
        const text = typeof first === 'string' ? first : (first as { text: string }).text;
        const values = Array.isArray(second)
          ? second
          : typeof first === 'string'
            ? []
            : ((first as { values?: unknown[] }).values ?? []);
        captured.push({ text, values, call: capturing });
      }
      return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof pg.Client.prototype.query;
  });

  afterAll(async () => {
    pg.Client.prototype.query = originalQuery;
    await planner?.end();
    await ctx?.close();
  });

  it('reads tenant tables through indexes only, for every hot call and role', async () => {
    const { clubId, teamId, teamNom } = probe;
    const calls: [string, TestClient, HotCall][] = [];
    for (const [who, client] of [
      ['DIRIGEANT', asDirigeant],
      ['JOUEUR', asPlayer],
      ['PARENT', asParent],
    ] as const) {
      calls.push(
        [who, client, hot(api.dashboard.infos, {})],
        [who, client, hot(api.dashboard.members, { params: { id: teamId } })],
        [
          who,
          client,
          hot(api.dashboard.events, { params: { id: teamId }, query: { date: '2026-03-10' } }),
        ],
        [
          who,
          client,
          hot(api.dashboard.events, {
            params: { id: teamId },
            query: { aVenir: 'true', limite: 5 },
          }),
        ],
        [
          who,
          client,
          hot(api.events.listClub, {
            params: { clubId },
            query: { from: '2026-03-01', to: '2026-03-31' },
          }),
        ],
        [who, client, hot(api.matches.listTeam, { params: { id: teamId } })],
        [who, client, hot(api.teams.listClub, { params: { clubId } })],
        [who, client, hot(api.members.listTeam, { params: { clubId, nomEquipe: teamNom } })],
      );
    }
    calls.push(
      ['DIRIGEANT', asDirigeant, hot(api.members.listClub, { params: { clubId } })],
      [
        'DIRIGEANT',
        asDirigeant,
        hot(api.members.listClub, { params: { clubId }, query: { page: 0, size: 20 } }),
      ],
      [
        'DIRIGEANT',
        asDirigeant,
        hot(api.members.searchClub, { params: { clubId }, query: { nom: 'lefevre' } }),
      ],
      [
        'DIRIGEANT',
        asDirigeant,
        hot(api.members.searchClub, { params: { clubId }, query: { prenom: 'helene' } }),
      ],
    );
    for (const [who, client, call] of calls) {
      capturing = `${who} GET ${call.url}`;
      const res = await call.send(client);
      capturing = null;
      expect(res.status, `${who} GET ${call.url}`).toBe(200);
    }

    const reads = captured.filter((q) => /^\s*(select|with)\b/i.test(q.text));
    // Every call ran at least one query of its own (the capture works).
    expect(new Set(reads.map((q) => q.call)).size).toBe(calls.length);
    const tenantReads = reads.filter((q) =>
      [...TENANT_TABLES].some((t) => new RegExp(`"${t}"|\\b${t}\\b`).test(q.text)),
    );
    expect(tenantReads.length).toBeGreaterThanOrEqual(calls.length);

    const offenders = new Map<string, string>();
    for (const q of tenantReads) {
      const res = await planner.query(`explain (format json) ${q.text}`, q.values);
      const plan = (res.rows[0] as { 'QUERY PLAN': { Plan: PlanNode }[] })['QUERY PLAN'][0]!.Plan;
      const scans = seqScans(plan);
      const key = q.text.replace(/\s+/g, ' ');
      if (scans.length && !offenders.has(key))
        offenders.set(key, `${q.call}: Seq Scan on ${scans.join(', ')}\n  ${key.slice(0, 300)}`);
    }
    expect([...offenders.values()], [...offenders.values()].join('\n\n')).toEqual([]);
  });
});
