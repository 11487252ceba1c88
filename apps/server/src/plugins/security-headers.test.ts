import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, urlOf } from '@club/contract';
import { TestClient, buildTestApp, offContract, type TestContext } from '../test/helper.ts';

/**
 * helmet's headers are computed once at start (plugins/security-headers.ts) and still sent, with
 * helmet's values, on API answers, on pages and on errors.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const CSP =
  "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;" +
  "font-src 'self';connect-src 'self';object-src 'none';base-uri 'none';frame-ancestors 'none';" +
  "form-action 'self';worker-src 'self' blob:";

const HELMET_HEADERS = {
  'content-security-policy': CSP,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

describe('security headers (helmet, computed once)', () => {
  it.each([
    ['an API answer', urlOf(api.publicSite.health)],
    ['a page', '/connexion'],
    ['an unknown API route (404)', offContract.missingApi],
    ['a signed-in route refused (401)', urlOf(api.dashboard.infos)],
  ])('on %s', async (_what, url) => {
    const res = await ctx.app.inject({ method: 'GET', url });
    expect(res.headers).toMatchObject(HELMET_HEADERS);
    // HTTP only (PUBLIC_URL http://…): no HSTS.
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('the same headers on two answers in a row (nothing consumed per request)', async () => {
    const visitor = new TestClient(ctx.app);
    const first = await visitor.call(api.publicSite.health);
    const second = await visitor.call(api.publicSite.health);
    for (const name of Object.keys(HELMET_HEADERS))
      expect(second.headers[name], name).toBe(first.headers[name]);
  });
});
