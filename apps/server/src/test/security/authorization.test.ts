import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  permits,
  routeKey,
  type PermissionTable,
  type PermissionTarget,
} from '@club/contract';
import { buildTestApp, type TestClient, type TestContext } from '../helper.ts';
import {
  PRINCIPALS,
  buildGridWorld,
  send,
  type GridRow,
  type GridWorld,
  type Principal,
} from '../policy-grid.ts';
import {
  ENDPOINTS,
  MATRIX,
  SINGLE_ROLE_PRINCIPALS,
  buildMatrixWorld,
  expected,
  refFor,
  singleRoleSubjectOf,
  subjectOf,
  targetsOf,
  type MatrixEntry,
  type MatrixWorld,
  type Target,
} from './authz-matrix.ts';

/**
 * The authorization suite, one for the whole API (docs/security.md):
 * 1. the matrix: every endpoint of the contract × ten principals × five targets (own team, second
 *    team, a team of nobody's, another club, a missing id), each expected status derived from the
 *    endpoint's declared access and the tenant rule (authz-matrix.ts);
 * 2. the scenarios the matrix cannot express — value rules (who may grant a leader role, which
 *    fields a coach may change, a crafted body naming a team the caller may not touch, a match of
 *    two teams): rows in features/<feature>/<feature>.grid.ts, each × ten principals.
 * A new endpoint fails the first test until it has a matrix entry (or is declared public).
 */
const SCENARIOS: GridRow[] = Object.values(
  import.meta.glob<{ gridRows: GridRow[] }>('../../features/**/*.grid.ts', { eager: true }),
).flatMap((m) => m.gridRows);

let ctx: TestContext;
let world: GridWorld;
let m: MatrixWorld;
let clients: Record<Principal, TestClient>;
beforeAll(async () => {
  ctx = await buildTestApp();
  const built = await buildGridWorld(ctx.app);
  world = built.world;
  clients = built.clients;
  m = await buildMatrixWorld(world);
}, 180_000); // the world is built through the factories: slow on a loaded machine
afterAll(async () => {
  await ctx?.close();
});

const signedInEndpoints = [...ENDPOINTS].filter(([, e]) => e.access.kind !== 'public');

describe('[security] the authorization suite covers the contract', () => {
  it('every endpoint that is not public has a matrix entry, every entry an endpoint', () => {
    expect(signedInEndpoints.length).toBeGreaterThan(40);
    expect(signedInEndpoints.map(([n]) => n).filter((n) => !(n in MATRIX))).toEqual([]);
    expect(
      Object.keys(MATRIX).filter(
        (n) => !ENDPOINTS.has(n) || ENDPOINTS.get(n)!.access.kind === 'public',
      ),
    ).toEqual([]);
  });

  it('hats leave today’s members where they were: every action of every table, the same answer as one role over their teams', () => {
    const tables = new Set<PermissionTable>();
    for (const [, e] of ENDPOINTS) if (e.access.kind === 'permission') tables.add(e.access.table);
    const { w } = m;
    const people = [w.player1, w.player2, w.player3, ...Object.values(w.me)];
    const teamSets = [[], [w.t1.id], [w.t2.id], [w.t3.id], [w.t1.id, w.t2.id], [w.t2.id, w.t3.id]];
    const targets: (PermissionTarget | undefined)[] = [
      undefined,
      ...teamSets.map((teamIds) => ({ teamIds })),
      ...people.flatMap((p) => teamSets.map((teamIds) => ({ memberId: p.id, teamIds }))),
    ];
    let compared = 0;
    const differences: string[] = [];
    for (const table of tables)
      for (const action of Object.keys(table))
        for (const p of SINGLE_ROLE_PRINCIPALS)
          for (const target of targets) {
            compared++;
            const before = permits(table, singleRoleSubjectOf(m, p), action, target);
            const now = permits(table, subjectOf(m, p), action, target);
            if (before !== now) differences.push(`${action} · ${p} · ${JSON.stringify(target)}`);
          }
    expect(differences).toEqual([]);
    expect(compared).toBeGreaterThan(10_000);
  });

  it('every scenario names a route of the contract', () => {
    const keys = new Set([...ENDPOINTS.values()].map(routeKey));
    expect(SCENARIOS.map((r) => r.route).filter((r) => !keys.has(r))).toEqual([]);
  });
});

// Before the matrix: its last test deletes club A, and every session with it.
describe('[security] authorization scenarios the matrix cannot express', () => {
  for (const row of SCENARIOS) {
    it(`${row.name}: every principal`, async () => {
      const mismatches: string[] = [];
      for (const p of PRINCIPALS) {
        const res = await send(clients[p], await row.request(world, p));
        if (res.statusCode !== row.expect[p])
          mismatches.push(`${p}: ${res.statusCode} ≠ ${row.expect[p]} ${res.body.slice(0, 160)}`);
        else if (res.statusCode >= 400) expect(res.json().message).toMatch(/\S/);
      }
      expect(mismatches, row.route).toEqual([]);
    });
  }

  it('by-cat-div only ever returns the caller’s club teams', async () => {
    const res = await clients.AUTRE_CLUB.send(api.teams.byCategoryDivision, {
      query: { categorie: 'Senior', division: 'R1' },
    });
    expect(res.status).toBe(200);
    expect(res.body.map((t) => t.nom)).toEqual(['Beta 1']);
    const own = await clients.JOUEUR.send(api.teams.byCategoryDivision, {
      query: { categorie: 'senior', division: 'r1', excludeId: world.t1.id },
    });
    expect(own.status).toBe(200);
    expect(own.body).toEqual([]);
  });
});

interface Cell {
  name: string;
  entry: MatrixEntry;
  p: Principal;
  t: Target;
}

describe('[security] authorization matrix', () => {
  // One test per endpoint (the calls that would destroy the shared world when they succeed — a
  // DIRIGEANT deleting their club — run in the last one).
  const cellsOf = (name: string): Cell[] => {
    const entry = MATRIX[name];
    if (!entry) return [];
    return PRINCIPALS.flatMap((p) => targetsOf(entry).map((t) => ({ name, entry, p, t })));
  };
  const destroys = (c: Cell) =>
    !!c.entry.destroysWorld && expected(m, c.name, c.entry, c.p, c.t) === c.entry.ok;
  let checks = 0;
  const foreign = new Map<string, number>();

  async function run(cells: Cell[]): Promise<string[]> {
    const mismatches: string[] = [];
    for (const c of cells) {
      const res = await send(clients[c.p], await c.entry.call(m, refFor(m, c.p, c.t), c.p));
      const want = expected(m, c.name, c.entry, c.p, c.t);
      checks++;
      // another club's id and a missing one must look the same (never reveal that it exists)
      if (c.t === 'otherClub' || c.t === 'missing') {
        const key = `${c.name} · ${c.p}`;
        const seen = foreign.get(key);
        if (seen !== undefined && seen !== res.statusCode)
          mismatches.push(`${key}: other club ${seen} / missing ${res.statusCode}`);
        foreign.set(key, res.statusCode);
      }
      if (res.statusCode !== want)
        mismatches.push(
          `${c.name} · ${c.p} · ${c.t}: ${res.statusCode} ≠ ${want} ${res.body.slice(0, 160)}`,
        );
      else if (res.statusCode >= 400) expect(res.json().message, c.name).toMatch(/\S/);
    }
    return mismatches;
  }

  for (const name of Object.keys(MATRIX)) {
    it(`${name}: principals × targets, 0 mismatches`, { timeout: 120_000 }, async () => {
      expect(await run(cellsOf(name).filter((c) => !destroys(c)))).toEqual([]);
    });
  }

  it(
    'last, the calls that destroy the world; in all ≥ 1,000 checks',
    { timeout: 120_000 },
    async () => {
      const last = Object.keys(MATRIX).flatMap(cellsOf).filter(destroys);
      expect(last.length).toBeGreaterThan(0);
      expect(await run(last)).toEqual([]);
      console.info(`[security] authorization matrix: ${checks} checks, 0 mismatches`);
      expect(checks).toBeGreaterThan(1000);
    },
  );
});
