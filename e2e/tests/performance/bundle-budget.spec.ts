import fs from 'node:fs';
import zlib from 'node:zlib';
import { Api, createTeamWithPlayer, expect, test } from '../../fixtures.ts';
import { SIGNED_IN_APP_ROUTES } from '../ui/routes.ts';

/**
 * The JavaScript a signed-in route makes the browser fetch, gzip -9, counted from the network as
 * the page opens and settles (bench/README.md, "JavaScript per signed-in route"): every script of
 * this origin, whether named in the HTML, imported, or loaded lazily by the screen. The service
 * worker is blocked so that each script shows as a response of its own.
 */
/**
 * kB gzip per route: what it fetched on 2026-11-27 after decision 0094 (bench/README.md,
 * "JavaScript per signed-in route") plus about 3 kB, so that a route growing fails here; raised by
 * 1–3 kB on 2026-12-07 for the live stream and the Messages entry of the navigation on every
 * signed-in route (decision 0120) and the minor's birth-date rule on the profile (decision 0103);
 * then by up to 2 kB more for match day (decisions 0105–0108: the sidelined statuses, the
 * status control, the account-deleted notice) — every route fetched 0.3–0.5 kB more; then set
 * to what each route fetched on 2026-12-07 17:00, rounded up, plus 1 kB, after the hats on the
 * member form (decision 0138), the coach's home and the phone's week list (0139), the duty tally
 * on the team's statistics (0134: +1.4 kB there) and the playing-time bars (0140). The goal
 * is 120 kB (calendar 180 kB); not met yet: the shared entry (react-dom and react-router, 84 kB,
 * also the public site's) with the HTTP layer (4 kB) and the signed-in core chunk (TanStack Query, the UI
 * components and icons, 23 kB) are on every route, react-hook-form (13 kB) on the screens that
 * show a form, and FullCalendar's month grid (71 kB with its temporal polyfill) on the calendar
 * (docs/decisions/0094-route-javascript-composition.md; `node bench/bundle-composition.mjs`).
 */
const BUDGET_KB: Record<string, number> = {
  ':nomClub/dashboard/*': 136,
  ':nomClub/:nomEquipe/dashboard/*': 136,
  ':nomClub/statistiques/*': 129,
  ':nomClub/cotisations/*': 134,
  ':nomClub/:nomEquipe/statistiques/*': 131,
  ':nomClub/equipes/*': 127,
  ':nomClub/parametre/*': 152,
  ':nomClub/:nomEquipe/parametre/*': 152,
  ':nomClub/annonces/*': 150,
  ':nomClub/messages/*': 131,
  ':nomClub/profil/*': 159,
  profil: 159,
  ':nomClub/:nomEquipe/membres/*': 138,
  ':nomClub/membres/*': 143,
  ':nomClub/:nomEquipe/matche/*': 136,
  ':nomClub/calendrier/*': 204,
  ':nomClub/:nomEquipe/calendrier/*': 204,
};

test.use({ serviceWorkers: 'block' });

test('every signed-in route stays within its JavaScript budget', async ({
  leaderPage: page,
  baseURL,
}) => {
  // Fifteen routes opened one after the other: up to a minute and a half on a loaded 2-core machine.
  test.setTimeout(240_000);
  const api = new Api(page.request, baseURL!);
  const me = await createTeamWithPlayer(api);
  const data = { nomClub: me.nomClub, nomEquipe: 'Seniors', answerLink: '', unsubscribeLink: '' };
  const rows: { path: string; kB: number; budget: number }[] = [];
  const files: Record<string, string[]> = {};
  for (const route of SIGNED_IN_APP_ROUTES) {
    const sizes = new Map<string, number>();
    const tab = await page.context().newPage();
    tab.on('response', async (res) => {
      if (res.request().resourceType() !== 'script' || !res.url().startsWith(baseURL!)) return;
      const body = await res.body().catch(() => null);
      if (body) sizes.set(res.url(), zlib.gzipSync(body, { level: 9 }).length);
    });
    await tab.goto(route.url(data));
    await expect(tab.locator('h1').first()).toBeVisible();
    await tab.waitForLoadState('networkidle');
    if (process.env.BUNDLE_DETAIL)
      console.log(
        route.path,
        [...sizes].map(([u, s]) => `${u.split('/').pop()} ${(s / 1024).toFixed(1)}`).join('\n  '),
      );
    await tab.close();
    const fetched = [...sizes.keys()].map((u) => new URL(u).pathname.slice(1));
    files[route.path] = fetched;
    // The month view (1280 px) draws no week or day grid: FullCalendar's time grid is not fetched
    // (docs/decisions/0094-route-javascript-composition.md).
    if (route.path.includes('calendrier'))
      expect(fetched.filter((f) => /^assets\/timegrid-/.test(f))).toEqual([]);
    const kB = [...sizes.values()].reduce((a, b) => a + b, 0) / 1024;
    rows.push({
      path: route.path,
      kB: Math.round(kB * 10) / 10,
      budget: BUDGET_KB[route.path] ?? 0,
    });
  }
  console.table(rows);
  // The files of each route, for bench/bundle-composition.mjs (bench/README.md).
  if (process.env.BUNDLE_ROUTES)
    fs.writeFileSync(process.env.BUNDLE_ROUTES, JSON.stringify(files, null, 1));
  // A route without a budget fails too (0 kB): a new screen names its budget here.
  expect(rows.filter((r) => r.kB > r.budget)).toEqual([]);
});
