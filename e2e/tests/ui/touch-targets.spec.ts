import type { Browser, Page } from '@playwright/test';
import {
  Api,
  DEVICE_FINGERPRINT,
  clubUrl,
  createActiveMember,
  createTeamWithPlayer,
  expect,
  parisDay,
  registerClub,
  screenshotInThemes,
  signIn,
  test,
  type Account,
} from '../../fixtures.ts';
import { SIGNED_IN_APP_ROUTES } from './routes.ts';

/**
 * The signed-in shell at the widths its people use (decision 0084): every signed-in route at 375 px
 * as a leader and as a parent of two children in two teams, one visit per route, failing on
 * (a) a visible control smaller than 44 × 44 px and (b) an emoji or dingbat in the page's text; and
 * the navigation bar in one row at 1280 px with a long club name, a long member name and the team
 * switcher. The accessibility walk (every-route.spec.ts) runs axe on the same routes; no axe here.
 */

/** Emoji and pictographic dingbats (☰ ⚠ ✏ ✓ ★ 📩 …) and the emoji presentation selector. */
const EMOJI = /[\u{1F000}-\u{1FAFF}\u{2600}-\u{27BF}\u{2B00}-\u{2BFF}]|\u{FE0F}/u;
const MIN = 44;

interface Shared {
  nomClub: string;
  leader: Account;
  parent: Account;
}
let shared: Shared;

async function setUp(browser: Browser, baseURL: string): Promise<Shared> {
  const context = await browser.newContext({ baseURL });
  const api = new Api(context.request, baseURL);
  const leader = await registerClub(api, {
    nomClub: `Association sportive et culturelle des Coteaux de Loire ${Date.now()}`,
    prenom: 'Marie-Bernadette',
    nom: 'de La Villemarqué-Kerjean',
  });
  await api.client.auth.login({
    body: {
      email: leader.email,
      password: leader.password,
      deviceFingerprint: DEVICE_FINGERPRINT,
    },
  });
  const me = await createTeamWithPlayer(api);
  await api.client.teams.create({
    body: { nom: 'U15', division: 'D1', category: 'U15', idClub: me.idClub },
  });
  const teams = await api.client.teams.listClub({ params: { clubId: me.idClub } });
  const seniors = teams.find((t) => t.nom === 'Seniors')!;
  const child = (prenom: string, nomEquipe: string) =>
    api.client.members.create({
      body: {
        nom: 'Nicolas',
        prenom,
        dateDeNaissance: '2011-05-06',
        genre: 'Femme',
        numeroTelephone: '0611223344',
        email: `${prenom.toLowerCase()}.${Date.now()}@example.org`,
        role: 'JOUEUR',
        nomEquipe,
        clubId: me.idClub,
      },
    });
  const emma = await child('Emma', 'U15');
  const hugo = await child('Hugo', 'Seniors');
  const parent = await createActiveMember(api, browser, me.idClub, {
    nom: 'Nicolas-Delacroix de Montmorency',
    prenom: 'Chloé-Anne',
    role: 'PARENT',
    nomEquipe: 'Seniors',
    enfantsIds: [emma.id, hugo.id],
  });
  const at = (days: number, hour: number) =>
    `${parisDay(days)}T${String(hour).padStart(2, '0')}:00:00`;
  await api.client.events.create({
    body: {
      nom: 'Séance collective',
      type: 'ENTRAINEMENT',
      lieux: 'Gymnase Nord',
      dateDebut: at(0, 18),
      dateFin: at(0, 20),
      equipesIds: [seniors.id],
      clubId: me.idClub,
    },
  });
  await api.client.events.create({
    body: {
      nom: 'Championnat J7',
      type: 'MATCH',
      lieux: 'Stade de la Beaujoire',
      dateDebut: at(2, 15),
      dateFin: at(2, 17),
      equipesIds: [seniors.id],
      adversaireNom: 'FC Rivière',
      clubId: me.idClub,
    },
  });
  await context.close();
  return { nomClub: me.nomClub, leader, parent };
}

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  shared = await setUp(browser, baseURL!);
});

/** Opens a route and waits for its heading and the end of loading. */
async function open(page: Page, url: string) {
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1 }), url).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(/^Chargement/), url).toHaveCount(0, { timeout: 20_000 });
}

/**
 * The visible controls smaller than 44 × 44 px: links, buttons, fields, [role=button], summaries;
 * a checkbox or radio counts with its label (the label is the target). Not counted: hidden or
 * zero-size elements, and links inside running text (WCAG 2.5.8's inline exception: a link in a
 * sentence is as tall as the line; making it 44 px would break the paragraph).
 */
function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return (
        r.width > 0 &&
        r.height > 0 &&
        style.visibility !== 'hidden' &&
        !el.closest('[hidden], [aria-hidden="true"], .visually-hidden')
      );
    };
    const inRunningText = (el: HTMLElement) => {
      if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false;
      const block = el.parentElement?.closest('p, li, dd, td, figcaption, small');
      const text = block?.textContent?.trim() ?? '';
      return text.length > (el.textContent?.trim().length ?? 0);
    };
    const describe = (el: HTMLElement, w: number, h: number) =>
      `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}" ${Math.round(w)}×${Math.round(h)}`;
    const found: string[] = [];
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], summary';
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      if (!visible(el) || inRunningText(el)) continue;
      let rect = el.getBoundingClientRect();
      let target: HTMLElement = el;
      if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) {
        const label = el.labels?.[0];
        if (label && visible(label)) {
          const l = label.getBoundingClientRect();
          const left = Math.min(rect.left, l.left);
          const top = Math.min(rect.top, l.top);
          rect = new DOMRect(
            left,
            top,
            Math.max(rect.right, l.right) - left,
            Math.max(rect.bottom, l.bottom) - top,
          );
          target = label;
        }
      }
      if (rect.width + 0.5 < min || rect.height + 0.5 < min)
        found.push(describe(target, rect.width, rect.height));
    }
    return [...new Set(found)];
  }, MIN);
}

async function emojiIn(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => document.body.innerText);
  return [...new Set([...text].filter((c) => EMOJI.test(c)))];
}

/** Every signed-in route at 375 px: targets and emoji, the burger menu opened once. */
async function walk(page: Page, nomEquipe: string) {
  await page.setViewportSize({ width: 375, height: 812 });
  const faults: string[] = [];
  for (const route of SIGNED_IN_APP_ROUTES) {
    const url = route.url({
      nomClub: shared.nomClub,
      nomEquipe,
      answerLink: '',
      unsubscribeLink: '',
    });
    await open(page, url);
    for (const t of await smallTargets(page)) faults.push(`${url} — cible ${t}`);
    for (const c of await emojiIn(page)) faults.push(`${url} — émoji ${c}`);
  }
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('button', { name: 'Déconnexion' })).toBeVisible();
  for (const t of await smallTargets(page)) faults.push(`menu ouvert — cible ${t}`);
  for (const c of await emojiIn(page)) faults.push(`menu ouvert — émoji ${c}`);
  return faults;
}

/** The bar at the current width: its height and every control's, and whether they share one row. */
async function headerRows(page: Page) {
  return page.evaluate(() => {
    const bar = document.querySelector<HTMLElement>('.app-nav-inner')!;
    const items = [
      ...Array.from(
        bar.querySelectorAll<HTMLElement>(
          '.app-nav-brand, .team-switcher-button, .app-nav-menu a, .app-nav-menu button',
        ),
      ),
    ].filter((el) => el.getBoundingClientRect().height > 0 && !el.closest('[hidden]'));
    const rects = items.map((el) => el.getBoundingClientRect());
    const top = Math.max(...rects.map((r) => r.top));
    const bottom = Math.min(...rects.map((r) => r.bottom));
    return {
      height: Math.round(bar.getBoundingClientRect().height),
      // Every item overlaps every other vertically: they sit on one row.
      oneRow: top < bottom,
      tallest: Math.round(Math.max(...rects.map((r) => r.height))),
      // Nothing pushed out of the window (the page does not scroll sideways).
      fits:
        Math.max(...rects.map((r) => r.right)) <= window.innerWidth &&
        document.documentElement.scrollWidth <= document.documentElement.clientWidth,
      labels: items.map((el) => el.textContent?.trim()),
    };
  });
}

test.describe('[ui] signed-in shell: touch targets, emoji, one-row header', () => {
  test('leader: every signed-in route at 375 px, no control under 44 × 44 px, no emoji', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await signIn(page, shared.leader);
    expect(await walk(page, 'Seniors')).toEqual([]);
  });

  test('parent of two children in two teams: every route at 375 px, both teams open', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await signIn(page, shared.parent);
    expect(await walk(page, 'U15')).toEqual([]);
    // The child's other team opened by its URL: accepted, not sent back to the parent's team.
    await open(page, clubUrl(shared.nomClub, 'U15', 'matche'));
    expect(new URL(page.url()).pathname).toBe(clubUrl(shared.nomClub, 'U15', 'matche'));
  });

  test('the bar is one row at 1280 px (long names, team switcher); header screenshots', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    for (const [who, url] of [
      ['leader', clubUrl(shared.nomClub, 'dashboard')],
      ['parent', clubUrl(shared.nomClub, 'Seniors', 'membres')],
    ] as const) {
      // Leave the previous member's app first: running on while its cookies change, its session
      // watcher could sign the next member out.
      await page.goto('about:blank');
      await page.context().clearCookies();
      await signIn(page, shared[who]);
      await page.setViewportSize({ width: 1280, height: 800 });
      await open(page, url);
      if (who === 'parent')
        await expect(page.getByRole('button', { name: /Changer d'équipe/ })).toBeVisible();
      const bar = await headerRows(page);
      expect(bar, JSON.stringify(bar)).toMatchObject({ oneRow: true, fits: true });
      expect(bar.height, JSON.stringify(bar)).toBeLessThanOrEqual(72);
      expect(bar.tallest, JSON.stringify(bar)).toBeLessThanOrEqual(48);
      await screenshotInThemes(page, `header-1280-${who}`);
      if (who === 'parent') {
        // The switcher lists her team and her other child's, named by the child.
        await page.getByRole('button', { name: /Changer d'équipe/ }).click();
        await expect(page.getByRole('link', { name: 'U15 (Emma)' })).toBeVisible();
        await screenshotInThemes(page, 'header-1280-parent-switcher');
        await page.keyboard.press('Escape');
      }
      await page.setViewportSize({ width: 375, height: 812 });
      // At 375 px the bar's first row holds the brand and the Menu button side by side.
      const phone = await headerRows(page);
      expect(phone.height, JSON.stringify(phone)).toBeLessThanOrEqual(72);
      await screenshotInThemes(page, `header-375-${who}`);
    }
  });

  test('focus on the page heading after sign-in and after a link; a signed-in 404 in the app', async ({
    page,
  }) => {
    await page.goto('/connexion');
    // A first load: the public layout and the sign-in page are chunks of their own, which a
    // machine busy with the other worker's axe scans served in over 7 s (as the routes above).
    await expect(page.getByRole('heading', { name: 'Se connecter', level: 1 })).toBeVisible({
      timeout: 20_000,
    });
    await page.getByLabel('Email').fill(shared.parent.email);
    await page.getByLabel('Mot de passe').fill(shared.parent.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL(clubUrl(shared.nomClub, 'Seniors', 'dashboard'));
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Calendrier', exact: true }).click();
    await page.waitForURL(clubUrl(shared.nomClub, 'Seniors', 'calendrier'));
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    await expect(page.getByRole('heading', { level: 1 })).toHaveAttribute('tabindex', '-1');

    await page.goto(clubUrl(shared.nomClub, 'Seniors', 'page-inconnue'));
    await expect(page.getByRole('heading', { level: 1, name: 'Page introuvable' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Navigation de l’espace membre' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Retour au tableau de bord' })).toHaveAttribute(
      'href',
      clubUrl(shared.nomClub, 'Seniors', 'dashboard'),
    );
  });
});
