import type { Browser, Locator, Page } from '@playwright/test';
import { TEAMS_MESSAGES } from '@club/contract';
import {
  clubUrl,
  createActiveMember,
  expect,
  infos,
  signIn,
  test,
  type Api,
} from '../../fixtures.ts';

/**
 * The app shell of signed-in URLs (docs/decisions/0092-signed-in-app-shell.md): the server's HTML
 * already draws the layout's frame and the screen's heading; React's first render replaces it with
 * the same heading at the same place, and the screen's data then fill their room. From the first
 * paint to the loaded screen: one h1 whose text and place never change, one main, one navigation,
 * and the page does not move (layout shifts summed as CLS counts them).
 */

interface Watched {
  shifts: number;
  moved: string[];
  /** Every h1 state met while loading: its text and place (rounded px). */
  headings: string[];
  headingLost: number;
}

/** Installs the observers before the page's HTML is parsed (every navigation of `page`). */
async function watch(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { watched: Watched };
    w.watched = { shifts: 0, moved: [], headings: [], headingLost: 0 };
    type Shift = PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as Shift[]) {
        if (e.hadRecentInput) continue;
        w.watched.shifts += e.value;
        // What moved, for the failure message.
        for (const s of e.sources)
          w.watched.moved.push(
            `${(s.node as Element | undefined)?.className || s.node?.nodeName} y ${s.previousRect.y} → ${s.currentRect.y}`,
          );
      }
    }).observe({ type: 'layout-shift', buffered: true });
    // Each h1 met (the shell's, then the screen's): text and place. Once there, never gone.
    let seen = false;
    new MutationObserver(() => {
      const h1s = Array.from(document.querySelectorAll('#root h1'));
      if (!h1s.length) {
        if (seen) w.watched.headingLost++;
        return;
      }
      seen = true;
      const state = h1s
        .map((h) => {
          const r = h.getBoundingClientRect();
          return `${h.textContent} @ ${Math.round(r.x)},${Math.round(r.y)}`;
        })
        .join(' | ');
      if (w.watched.headings.at(-1) !== state) w.watched.headings.push(state);
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

/** Opens `url` at `width` px, waits for `loaded` and the network, and reads what was watched. */
async function open(page: Page, url: string, width: number, loaded: Locator): Promise<Watched> {
  await page.setViewportSize({ width, height: width < 600 ? 812 : 800 });
  await page.goto(url);
  await expect(page.locator('[data-app-shell]')).toHaveCount(0);
  await expect(
    page.getByRole('navigation', { name: 'Navigation de l’espace membre' }),
  ).toBeVisible();
  await expect(loaded).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('h1')).toHaveCount(1);
  await expect(page.locator('main')).toHaveCount(1);
  // One signed-in bar (the shell's is gone; settings have a section menu of their own).
  await expect(page.getByRole('navigation', { name: 'Navigation de l’espace membre' })).toHaveCount(
    1,
  );
  return page.evaluate(() => (window as unknown as { watched: Watched }).watched);
}

/** The shell's h1 text in the server's HTML for `url` (null: a frame without heading). */
async function shellHeading(page: Page, url: string): Promise<string | null> {
  const html = await (await page.request.get(url)).text();
  expect(html).toContain('data-app-shell');
  const h1s = [...html.matchAll(/<h1>(.*?)<\/h1>/g)].map((m) => m[1]!.replace(/&#x27;/g, "'"));
  expect(h1s.length).toBeLessThanOrEqual(1);
  return h1s[0] ?? null;
}

/** The heading never changed from the first paint (the shell's) to the loaded screen. */
function expectSteadyHeading(w: Watched, text: string, at: string) {
  expect(w.headingLost, at).toBe(0);
  expect(w.headings.length, `${at}: ${w.headings.join(' → ')}`).toBe(1);
  expect(w.headings[0], at).toMatch(new RegExp(`^${text} @ `));
}

test('the dashboard opens on its app shell and React replaces it: one h1, no layout shift', async ({
  leaderPage: page,
  club,
}) => {
  const url = clubUrl(club.nomClub, 'dashboard');
  // The frame only: the club dashboard's heading depends on the member's role.
  const html = await (await page.request.get(url)).text();
  expect(html).toContain('data-app-shell');
  expect(html).toContain(`<strong>${club.nomClub}</strong>`);
  expect(html).toContain('<main id="contenu"');
  expect(await shellHeading(page, url)).toBeNull();

  await watch(page);
  const w = await open(page, url, 1280, page.getByText(TEAMS_MESSAGES.empty));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tableau de bord');
  expectSteadyHeading(w, 'Tableau de bord', 'dashboard');
  expect(w.shifts, w.moved.join('; ')).toBeLessThanOrEqual(0.01);
});

/** A team, and one of its players (JOUEUR) signed in `page`; `api` is the leader's. */
async function signInPlayer(api: Api, page: Page, browser: Browser) {
  const me = await infos(api);
  await api.client.teams.create({
    body: { nom: 'Seniors', division: 'R1', category: 'Senior', idClub: me.idClub },
  });
  const player = await createActiveMember(api, browser, me.idClub, {
    nom: 'Leroy',
    prenom: 'Hugo',
    role: 'JOUEUR',
    nomEquipe: 'Seniors',
  });
  await signIn(page, player);
}

test('a team member: the club dashboard URL never shows the leaders’ heading, the calendar no add button', async ({
  leaderPage,
  api,
  browser,
  baseURL,
  club,
}) => {
  test.setTimeout(90_000);
  const dashboard = clubUrl(club.nomClub, 'dashboard');
  const calendar = clubUrl(club.nomClub, 'calendrier');
  // The shells do not depend on who asks: the leader's request reads them.
  expect(await shellHeading(leaderPage, dashboard)).toBeNull();
  expect(await shellHeading(leaderPage, calendar)).toBe('Calendrier du club');
  expect(await (await leaderPage.request.get(calendar)).text()).not.toContain(
    'Ajouter un événement',
  );

  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signInPlayer(api, page, browser);
  await watch(page);
  for (const width of [375, 1280]) {
    let w = await open(page, dashboard, width, page.getByText('Événements à venir'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bienvenue, Hugo !');
    expectSteadyHeading(w, 'Bienvenue, Hugo !', `dashboard at ${width} px`);
    expect(w.shifts, `dashboard at ${width} px: ${w.moved.join('; ')}`).toBeLessThanOrEqual(0.01);

    w = await open(page, calendar, width, page.getByRole('region', { name: 'Calendrier' }));
    await expect(page.getByRole('button', { name: '+ Ajouter un événement' })).toHaveCount(0);
    expectSteadyHeading(w, 'Calendrier du club', `calendar at ${width} px`);
    expect(w.shifts, `calendar at ${width} px: ${w.moved.join('; ')}`).toBeLessThanOrEqual(0.02);
  }
  await context.close();
});

test('profile, settings and calendar: the shell’s heading stays, nothing moves while the data load', async ({
  leaderPage: page,
  club,
}) => {
  test.setTimeout(90_000);
  await watch(page);
  const screens = [
    {
      url: clubUrl(club.nomClub, 'profil'),
      // The last part to settle: this device's notifications (the sections come together).
      loaded: page.getByRole('group', { name: 'Notifications sur cet appareil' }),
    },
    { url: clubUrl(club.nomClub, 'parametre'), loaded: page.getByLabel('Nom du club *') },
    {
      url: clubUrl(club.nomClub, 'calendrier'),
      loaded: page.getByRole('button', { name: '+ Ajouter un événement' }),
    },
  ];
  for (const { url, loaded } of screens) {
    const heading = await shellHeading(page, url);
    expect(heading, url).not.toBeNull();
    for (const width of [375, 1280]) {
      const at = `${decodeURIComponent(url)} at ${width} px`;
      const w = await open(page, url, width, loaded);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading!);
      expectSteadyHeading(w, heading!, at);
      expect(w.shifts, `${at}: ${w.moved.join('; ')}`).toBeLessThanOrEqual(0.02);
    }
  }
});
