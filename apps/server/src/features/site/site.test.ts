import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@club/contract';
import { buildTestApp, TestClient, type TestContext } from '../../test/helper.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({
    EDITOR_NAME: 'Jean Dupont',
    EDITOR_EMAIL: 'jean@example.org',
    EDITOR_PHONE: '+33 6 12 34 56 78',
    SOCIAL_FACEBOOK: 'https://facebook.com/club',
    SOCIAL_LINKEDIN: 'javascript:alert(1)',
  });
});
afterAll(async () => {
  await ctx?.close();
});

describe(`[site] ${api.publicSite.site.method} ${api.publicSite.site.path}`, () => {
  it('gives the editor details and only the configured http(s) social links', async () => {
    const res = await new TestClient(ctx.app).send(api.publicSite.site);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      editor: {
        name: 'Jean Dupont',
        email: 'jean@example.org',
        phone: '+33 6 12 34 56 78',
        city: 'Nantes',
      },
      social: {
        facebook: 'https://facebook.com/club',
        twitter: null,
        instagram: null,
        linkedin: null,
      },
    });
  });
});
