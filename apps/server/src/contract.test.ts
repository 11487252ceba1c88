import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, listEndpoints, routeKey } from '@club/contract';
import { buildTestApp, type TestContext } from './test/helper.ts';
import { isInfrastructureRoute } from './test/policy-grid.ts';

/**
 * Decision 0043: every endpoint is declared once in packages/contract (src/api) and the server
 * registers its routes from those declarations. A route added on one side only fails here.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const declared = listEndpoints(api);

describe('[contract] the server and the endpoint declarations', () => {
  it('every server route is declared in the contract, and registered from its declaration', () => {
    const routes = ctx.app.registeredRoutes.filter(
      (r) => !isInfrastructureRoute(`${r.method} ${r.url}`),
    );
    const keys = new Set(declared.map(([, e]) => routeKey(e)));
    expect(routes.map((r) => `${r.method} ${r.url}`).filter((r) => !keys.has(r))).toEqual([]);
    expect(routes.filter((r) => r.endpoint !== `${r.method} ${r.url}`).map((r) => r.url)).toEqual(
      [],
    );
  });

  it('every declaration has its route on the server', () => {
    const registered = new Set(ctx.app.registeredRoutes.map((r) => `${r.method} ${r.url}`));
    expect(declared.filter(([, e]) => !registered.has(routeKey(e))).map(([n]) => n)).toEqual([]);
  });

  it('no two declarations share a method and a path', () => {
    const keys = declared.map(([, e]) => routeKey(e));
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });

  it('a declaration is public exactly when its route sits outside the signed-in scope', () => {
    for (const [name, e] of declared)
      expect(ctx.app.signedInRoutes.has(routeKey(e)), name).toBe(e.access.kind !== 'public');
  });
});
