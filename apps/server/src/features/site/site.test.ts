import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../test/helper.ts';

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

describe('[site] GET /api/site', () => {
  it('gives the editor details and only the configured http(s) social links', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/site' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
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
