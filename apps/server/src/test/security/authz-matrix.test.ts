import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestClient, type TestContext } from '../helper.ts';
import {
  PRINCIPALS,
  buildGridWorld,
  isInfrastructureRoute,
  send,
  type Principal,
} from '../policy-grid.ts';
import {
  MATRIX,
  targetsOf,
  buildMatrixWorld,
  expected,
  refFor,
  type MatrixEntry,
  type MatrixWorld,
  type Target,
} from './authz-matrix.ts';

/**
 * Issue 16, the authorization matrix: every registered route (read from the server) × the grid's
 * ten principals × four targets (own team, same club other team, other club, missing id), each
 * expectation derived from the contract's permission tables (authz-matrix.ts). A route without an
 * entry fails the first test.
 */
let ctx: TestContext;
let m: MatrixWorld;
let clients: Record<Principal, TestClient>;
beforeAll(async () => {
  ctx = await buildTestApp();
  const built = await buildGridWorld(ctx.app);
  clients = built.clients;
  m = await buildMatrixWorld(built.world);
}, 180_000); // the world is built through the factories: slow on a loaded machine
afterAll(async () => {
  await ctx?.close();
});

const routesOf = (c: TestContext) =>
  c.app.registeredRoutes
    .map((r) => `${r.method} ${r.url}`)
    .filter((r) => !isInfrastructureRoute(r));

interface Cell {
  route: string;
  entry: MatrixEntry;
  p: Principal;
  t: Target;
}

describe('[security] authorization matrix', () => {
  it('every registered route has an entry, every entry a route', () => {
    const routes = routesOf(ctx);
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.filter((r) => !(r in MATRIX))).toEqual([]);
    expect(Object.keys(MATRIX).filter((r) => !routes.includes(r))).toEqual([]);
    // the public ones are exactly those the signed-in scope leaves open
    for (const r of routes) expect(ctx.app.signedInRoutes.has(r), r).toBe(MATRIX[r] !== 'public');
  });

  // One test per route (the calls that would destroy the shared world when they succeed — a
  // DIRIGEANT deleting their club — run in the last one); the route list is the matrix's own,
  // which the first test proves equal to the registered routes.
  const cellsOf = (route: string): Cell[] => {
    const entry = MATRIX[route];
    if (!entry || entry === 'public') return [];
    return PRINCIPALS.flatMap((p) => targetsOf(entry).map((t) => ({ route, entry, p, t })));
  };
  const destroys = (c: Cell) =>
    !!c.entry.destroysWorld && expected(m, c.entry, c.p, c.t) === c.entry.ok;
  let checks = 0;
  const foreign = new Map<string, number>();

  async function run(cells: Cell[]): Promise<string[]> {
    const mismatches: string[] = [];
    for (const c of cells) {
      const res = await send(clients[c.p], await c.entry.call(m, refFor(m, c.p, c.t), c.p));
      const want = expected(m, c.entry, c.p, c.t);
      checks++;
      // another club's id and a missing one must look the same (never reveal that it exists)
      if (c.t === 'otherClub' || c.t === 'missing') {
        const key = `${c.route} · ${c.p}`;
        const seen = foreign.get(key);
        if (seen !== undefined && seen !== res.statusCode)
          mismatches.push(`${key}: other club ${seen} / missing ${res.statusCode}`);
        foreign.set(key, res.statusCode);
      }
      if (res.statusCode !== want)
        mismatches.push(
          `${c.route} · ${c.p} · ${c.t}: ${res.statusCode} ≠ ${want} ${res.body.slice(0, 160)}`,
        );
      else if (res.statusCode >= 400) expect(res.json().message, c.route).toMatch(/\S/);
    }
    return mismatches;
  }

  for (const route of Object.keys(MATRIX).filter((r) => MATRIX[r] !== 'public')) {
    it(`${route}: principals × targets, 0 mismatches`, { timeout: 120_000 }, async () => {
      expect(await run(cellsOf(route).filter((c) => !destroys(c)))).toEqual([]);
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
