import { SERVER_MESSAGES, api as endpoints, urlOf } from '@club/contract';
import { Api, expect, expectNoA11yViolations, test } from '../fixtures.ts';

const health = endpoints.publicSite.health;

test.describe('[foundation] production build served by the real server', () => {
  test('the landing page is the French app shell with a heading', async ({ page }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toContain('text/html');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test(`${health.method} ${health.path} answers ok from the browser`, async ({ page }) => {
    await page.goto('/');
    const body = await page.evaluate(async (url) => {
      const res = await fetch(url, { credentials: 'include' });
      return { status: res.status, json: await res.json() };
    }, urlOf(health));
    expect(body).toMatchObject({ status: 200, json: { status: 'ok', database: 'up' } });
    // The mail queue's counts (decision 0020); other tests' mails may be in flight.
    expect(body.json.mail).toEqual({
      pending: expect.any(Number),
      retrying: expect.any(Number),
      failed: 0,
    });
  });

  test('an unknown API route answers a French JSON 404', async ({ page }) => {
    await page.goto('/');
    const body = await page.evaluate(async (url) => {
      const res = await fetch(url);
      return {
        status: res.status,
        type: res.headers.get('content-type'),
        json: await res.json(),
      };
    }, Api.missingPath);
    expect(body.status).toBe(404);
    expect(body.type).toContain('application/json');
    expect(body.json).toEqual({ message: SERVER_MESSAGES.routeNotFound });
  });

  test('a client route deep link is served the app shell', async ({ page }) => {
    const response = await page.goto('/une/route/du/client');
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  });
});
