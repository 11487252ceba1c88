import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COOKIE_XSRF_TOKEN, SERVER_MESSAGES, api, routeKey } from '@club/contract';
import { buildTestApp, signIn, type TestContext } from '../../test/helper.ts';
import { createClub, createMember } from '../../db/factories.ts';

/**
 * Walks EVERY registered route (app.registeredRoutes, filled by an onRoute hook in buildApp), so
 * a state-changing route added later by any feature is covered without editing this file.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const concreteUrl = (url: string) => url.replace(/:[A-Za-z0-9_]+/g, '999999').replace(/\*/g, 'x');

describe('[auth] CSRF on every state-changing route', () => {
  it('finds the account and sign-up routes among the state-changing ones (the walk is not empty)', () => {
    const urls = ctx.app.registeredRoutes
      .filter((r) => STATE_CHANGING.has(r.method))
      .map((r) => r.url);
    for (const endpoint of [
      api.auth.login,
      api.auth.refresh,
      api.auth.logout,
      api.auth.forgotPassword,
      api.auth.resetPassword,
      api.publicSite.register,
      api.auth.changePassword,
      api.auth.activate,
    ])
      expect(urls).toContain(endpoint.path);
  });

  it('only the e-mail link routes skip it (their signed token is the proof)', () => {
    const exempt = ctx.app.registeredRoutes
      .filter((r) => r.csrfExempt)
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(exempt).toEqual(
      [api.announcements.readByLink, api.notifications.answerByLink, api.notifications.unsubscribe]
        .map(routeKey)
        .sort(),
    );
  });

  it('each refuses a missing, wrong or cross-site token with 403, and accepts a good one', async () => {
    const routes = ctx.app.registeredRoutes.filter(
      (r) => STATE_CHANGING.has(r.method) && !r.csrfExempt,
    );
    const club = await createClub(ctx.app.db);
    const leader = await createMember(ctx.app.db, club.id, { role: 'DIRIGEANT' });
    for (const route of routes) {
      const url = concreteUrl(route.url);
      const label = `${route.method} ${route.url}`;
      const client = await signIn(ctx.app, leader);
      const good = client.cookies.get(COOKIE_XSRF_TOKEN)!;
      const cookie = client.cookieHeader();
      const base = { method: route.method as 'POST', url, payload: {} };
      const attempts: Record<string, Record<string, string>> = {
        missing: { cookie },
        wrong: { cookie, 'x-xsrf-token': `${good.split('.')[0]}.forged` },
        'cookie≠header': { cookie: `${cookie.replace(good, 'a.b')}`, 'x-xsrf-token': good },
        'cross-site origin': { cookie, 'x-xsrf-token': good, origin: 'https://evil.example' },
        'sec-fetch-site': { cookie, 'x-xsrf-token': good, 'sec-fetch-site': 'cross-site' },
        'null origin': { cookie, 'x-xsrf-token': good, origin: 'null' },
      };
      for (const [name, headers] of Object.entries(attempts)) {
        const res = await ctx.app.inject({ ...base, headers });
        expect(res.statusCode, `${label} (${name})`).toBe(403);
        expect(res.json(), `${label} (${name})`).toEqual({ message: SERVER_MESSAGES.csrf });
      }
      // Proof that the 403s above come from the anti-forgery check: the good token passes it.
      const ok = await ctx.app.inject({
        ...base,
        headers: {
          cookie,
          'x-xsrf-token': good,
          origin: 'http://localhost:3000',
          'sec-fetch-site': 'same-origin',
        },
      });
      let message: unknown;
      try {
        const answer: unknown = JSON.parse(ok.body);
        if (typeof answer === 'object' && answer !== null && 'message' in answer)
          message = answer.message;
      } catch {
        message = undefined; // not JSON: certainly not the anti-forgery refusal
      }
      expect(message, `${label} (good token)`).not.toBe(SERVER_MESSAGES.csrf);
    }
  });

  it('a token issued for another session is refused', async () => {
    const club = await createClub(ctx.app.db);
    const a = await signIn(ctx.app, await createMember(ctx.app.db, club.id));
    const b = await signIn(ctx.app, await createMember(ctx.app.db, club.id));
    b.cookies.set(COOKIE_XSRF_TOKEN, a.cookies.get(COOKIE_XSRF_TOKEN)!);
    const res = await b.send(api.auth.logout, { body: {} });
    expect(res.status).toBe(403);
  });
});
