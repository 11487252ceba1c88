import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestClient, type TestContext } from './helper.ts';
import {
  PRINCIPALS,
  PUBLIC_ROUTES,
  buildGridWorld,
  isInfrastructureRoute,
  send,
  type GridRow,
  type GridWorld,
  type Principal,
} from './policy-grid.ts';

/** Every feature's rows (features/<f>/<f>.grid.ts): a new feature's file is picked up here. */
const ROWS: GridRow[] = Object.values(
  import.meta.glob<{ gridRows: GridRow[] }>('../features/**/*.grid.ts', { eager: true }),
).flatMap((m) => m.gridRows);

let ctx: TestContext;
let world: GridWorld;
let clients: Record<Principal, TestClient>;
beforeAll(async () => {
  ctx = await buildTestApp();
  ({ world, clients } = await buildGridWorld(ctx.app));
});
afterAll(async () => {
  await ctx?.close();
});

describe('[policy] the grid covers every registered route', () => {
  it('each route has a row, or is listed as public', () => {
    const routes = new Set(
      ctx.app.registeredRoutes
        .map((r) => `${r.method} ${r.url}`)
        .filter((r) => !isInfrastructureRoute(r)),
    );
    expect(routes.size).toBeGreaterThan(20);
    const covered = new Set(ROWS.map((r) => r.route));
    expect([...routes].filter((r) => !covered.has(r) && !PUBLIC_ROUTES.has(r))).toEqual([]);
    expect(ROWS.map((r) => r.route).filter((r) => !routes.has(r))).toEqual([]);
    expect([...PUBLIC_ROUTES].filter((r) => !routes.has(r))).toEqual([]);
  });

  it('a route is signed in exactly when it is not public', () => {
    for (const { method, url } of ctx.app.registeredRoutes) {
      const route = `${method} ${url}`;
      if (isInfrastructureRoute(route)) continue;
      expect(ctx.app.signedInRoutes.has(route), route).toBe(!PUBLIC_ROUTES.has(route));
    }
  });
});

describe('[policy] ARCHITECTURE §6, every row × every principal', () => {
  for (const row of ROWS) {
    for (const p of PRINCIPALS) {
      it(`${row.name} · ${p} → ${row.expect[p]}`, async () => {
        const res = await send(clients[p], await row.request(world, p));
        expect(res.statusCode, `${row.route}: ${res.body}`).toBe(row.expect[p]);
        if (res.statusCode >= 400) expect(res.json().message).toMatch(/\S/);
      });
    }
  }
});

describe('[policy] tenant isolation in answers', () => {
  it('by-cat-div only ever returns the caller’s club teams', async () => {
    const res = await clients.AUTRE_CLUB.get(
      '/api/equipes/by-cat-div?categorie=Senior&division=R1',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().map((t: { nom: string }) => t.nom)).toEqual(['Beta 1']);
    const own = await clients.JOUEUR.get(
      `/api/equipes/by-cat-div?categorie=senior&division=r1&excludeId=${world.t1.id}`,
    );
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual([]);
  });
});
