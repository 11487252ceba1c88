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
});
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

  it('routes × principals × targets: 0 mismatches', async () => {
    const cells: Cell[] = [];
    for (const route of routesOf(ctx)) {
      const entry = MATRIX[route];
      if (!entry || entry === 'public') continue;
      for (const p of PRINCIPALS)
        for (const t of targetsOf(entry)) cells.push({ route, entry, p, t });
    }
    // calls that would destroy the shared world when they succeed go last
    const destroys = (c: Cell) =>
      !!c.entry.destroysWorld && expected(m, c.entry, c.p, c.t) === c.entry.ok;
    const ordered = [...cells.filter((c) => !destroys(c)), ...cells.filter(destroys)];
    const mismatches: string[] = [];
    const foreign = new Map<string, number>();
    for (const c of ordered) {
      const res = await send(clients[c.p], await c.entry.call(m, refFor(m, c.p, c.t), c.p));
      const want = expected(m, c.entry, c.p, c.t);
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
    console.info(
      `[security] authorization matrix: ${ordered.length} checks, ${mismatches.length} mismatches`,
    );
    expect(mismatches).toEqual([]);
    expect(ordered.length).toBeGreaterThan(1000);
  });
});
