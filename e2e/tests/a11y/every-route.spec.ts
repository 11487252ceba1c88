import type { Browser, Page } from '@playwright/test';
import {
  Api,
  DEVICE_FINGERPRINT,
  createActiveMember,
  createTeamWithPlayer,
  expect,
  expectNoA11yViolations,
  expectNoA11yViolationsInThemes,
  registerClub,
  signIn,
  test,
  waitForMail,
  type Account,
  parisDay,
} from '../../fixtures.ts';
import {
  APP_ROUTES,
  PUBLIC_APP_ROUTES,
  SIGNED_IN_APP_ROUTES,
  routerPaths,
  type RouteData,
} from '../ui/routes.ts';

/**
 * The axe-core check (WCAG 2.0/2.1 A and AA) on every route of the router, in the three themes
 * (every rule in the light theme, the colour rules in the other two on the same page, decision
 * 0081), with data present (a team, a player, a training, a match with its convocations), the dialogs
 * that make up a screen opened (event, convocation, confirmation), as a leader, a player and a
 * parent. The data is created once per worker through the real API and the real e-mails.
 */

test('the route list covers every path of the router, and only those', () => {
  expect([...routerPaths()].sort()).toEqual(APP_ROUTES.map((r) => r.path).sort());
});

interface Shared extends RouteData {
  leader: Account;
  player: Account;
  parent: Account;
}
let shared: Shared;

/** 'YYYY-MM-DDThh:mm:ss', the club's wall clock, `days` from today at `hour`:00. */
function clubDate(days: number, hour: number): string {
  return `${parisDay(days)}T${String(hour).padStart(2, '0')}:00:00`;
}

async function setUp(browser: Browser, baseURL: string): Promise<Shared> {
  const context = await browser.newContext({ baseURL });
  const api = new Api(context.request, baseURL);
  const leader = await registerClub(api);
  await api.client.auth.login({
    body: {
      email: leader.email,
      password: leader.password,
      deviceFingerprint: DEVICE_FINGERPRINT,
    },
  });
  const me = await createTeamWithPlayer(api);
  const teams = await api.client.teams.listClub({ params: { clubId: me.idClub } });
  const seniors = teams.find((t) => t.nom === 'Seniors')!;
  const player = await createActiveMember(api, browser, me.idClub, {
    nom: 'Moreau',
    prenom: 'Léo',
    role: 'JOUEUR',
    nomEquipe: 'Seniors',
  });
  const parent = await createActiveMember(api, browser, me.idClub, {
    nom: 'Moreau',
    prenom: 'Claire',
    role: 'PARENT',
    enfantsIds: [player.id],
  });
  await api.client.events.create({
    body: {
      nom: 'Séance collective',
      type: 'ENTRAINEMENT',
      lieux: 'Gymnase Nord',
      dateDebut: clubDate(0, 10),
      dateFin: clubDate(0, 12),
      equipesIds: [seniors.id],
      clubId: me.idClub,
    },
  });
  const since = Date.now();
  await api.client.events.create({
    body: {
      nom: 'Championnat J7',
      type: 'MATCH',
      lieux: 'Stade de la Beaujoire',
      dateDebut: clubDate(2, 15),
      dateFin: clubDate(2, 17),
      equipesIds: [seniors.id],
      adversaireNom: 'FC Rivière',
      clubId: me.idClub,
    },
  });
  const mail = await waitForMail(player.email, /./, { since, timeout: 30_000 });
  const local = (l: string | undefined) => {
    expect(l, `liens du mail : ${mail.links.join(' ')}`).toBeTruthy();
    const u = new URL(l!);
    return `${u.pathname}${u.search}`;
  };
  await context.close();
  return {
    nomClub: me.nomClub,
    nomEquipe: 'Seniors',
    answerLink: local(mail.links.find((l) => l.includes('/convocation/reponse?'))),
    unsubscribeLink: local(mail.links.find((l) => l.includes('/notifications/desabonnement?'))),
    leader,
    player,
    parent,
  };
}

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  shared = await setUp(browser, baseURL!);
});

/**
 * Opens a route, waits for its heading and the end of loading, then runs axe in the three themes
 * (`inThemes`, or the light theme only); on the public site also with the captcha widget shown
 * (contact) and with the burger menu open.
 */
async function openAndCheck(page: Page, url: string, inThemes = true) {
  const check = inThemes ? expectNoA11yViolationsInThemes : expectNoA11yViolations;
  await page.goto(url);
  // Generous waits: a screen's code and data may take seconds on a loaded 2-core machine.
  await expect(page.getByRole('heading', { level: 1 }), url).toBeVisible({ timeout: 20_000 });
  // The design-system page shows the loading skeleton as one of its components.
  if (!url.startsWith('/systeme-de-design'))
    await expect(page.getByText(/^Chargement/), url).toHaveCount(0, { timeout: 20_000 });
  if (url === '/contact') {
    // The captcha widget loads when the hydrated form is first used.
    await expect(page.locator('form[data-ready="true"]')).toBeAttached();
    await page.getByLabel('Nom', { exact: true }).focus();
    await expect(page.locator('altcha-widget').getByRole('checkbox')).toBeVisible();
  }
  await check(page);
  const burger = page.getByRole('button', { name: 'Ouvrir le menu' });
  if (await burger.isVisible()) {
    await burger.click();
    await check(page);
  }
}

/** The public routes in three groups of a few pages each, so that one test stays short. */
const PUBLIC_GROUPS: { title: string; paths: string[] }[] = [
  {
    title: 'public site pages',
    paths: ['/', 'accueil', 'fonctionnalites', 'tarifs', 'contact', 'apropos'],
  },
  {
    title: 'legal pages, design system, 404',
    paths: ['mentions-legales', 'cgu', 'protection-des-donnees', 'systeme-de-design', '*'],
  },
  {
    title: 'a match’s public live page',
    paths: ['direct/:jeton'],
  },
  {
    title: 'account pages and e-mail links',
    paths: [
      'connexion',
      'inscrireClub',
      'mdpOublie',
      'activation',
      'convocation/reponse',
      'notifications/desabonnement',
      'annonce/lecture',
    ],
  },
];

test('the public groups hold every public route once', () => {
  expect(PUBLIC_GROUPS.flatMap((g) => g.paths).sort()).toEqual(
    PUBLIC_APP_ROUTES.map((r) => r.path).sort(),
  );
});

/**
 * What runs where, to keep the suite's time reasonable: this file runs at phone width only (the
 * 'mobile' project, playwright.config.ts: cards, menus and the narrow layouts, where most contrast
 * and overflow faults show); the public pages and the leader's screens in the three themes, the
 * player's and the parent's screens, which show fewer controls than the leader's, in the light
 * theme. The desktop layout is driven by the journeys that run at 1280 px.
 */
test.describe('[a11y] every route', () => {
  for (const group of PUBLIC_GROUPS)
    test(group.title, async ({ page }) => {
      test.setTimeout(120_000);
      for (const path of group.paths)
        await openAndCheck(page, APP_ROUTES.find((r) => r.path === path)!.url(shared));
    });

  test('leader: every signed-in route, with the event, convocation and confirmation dialogs', async ({
    page,
  }) => {
    test.setTimeout(300_000); // twelve pages and four dialogs
    await signIn(page, shared.leader);
    for (const route of SIGNED_IN_APP_ROUTES) await openAndCheck(page, route.url(shared));

    // The calendar's event dialog and its deletion's confirmation.
    await page.goto(APP_ROUTES.find((r) => r.path === ':nomClub/calendrier/*')!.url(shared));
    await page.locator('.club-event-content', { hasText: 'Séance collective' }).first().click();
    // Today's training opens its roll call first (decision 0101), then the form.
    const roll = page.getByRole('dialog', { name: /^Présences : Séance collective/ });
    await expect(roll.getByRole('button', { name: 'Tous présents' })).toBeVisible();
    await expectNoA11yViolationsInThemes(page);
    await roll.getByRole('button', { name: "Modifier l'événement" }).click();
    const edit = page.getByRole('dialog', { name: 'Modifier un événement' });
    await expect(edit).toBeVisible();
    await expectNoA11yViolationsInThemes(page);
    await edit.getByRole('button', { name: 'Supprimer' }).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await expectNoA11yViolationsInThemes(page);
    await page.getByRole('alertdialog').getByRole('button', { name: 'Annuler' }).click();

    // The matches page's convocation dialog.
    await page.goto(APP_ROUTES.find((r) => r.path === ':nomClub/:nomEquipe/matche/*')!.url(shared));
    await page
      .getByRole('button', { name: /Convocation/ })
      .first()
      .click();
    await expect(page.getByRole('dialog', { name: 'Convocation' })).toBeVisible();
    await expect(page.getByText(/^Chargement/)).toHaveCount(0);
    await expectNoA11yViolationsInThemes(page);
  });

  for (const role of ['player', 'parent'] as const)
    test(`${role}: every signed-in route as they see it`, async ({ page }) => {
      test.setTimeout(300_000); // twelve pages and a dialog
      await signIn(page, shared[role]);
      for (const route of SIGNED_IN_APP_ROUTES) await openAndCheck(page, route.url(shared), false);
      // The event as a read-only detail.
      await page.goto(APP_ROUTES.find((r) => r.path === ':nomClub/calendrier/*')!.url(shared));
      await page.locator('.club-event-content', { hasText: 'Séance collective' }).first().click();
      await expect(page.getByRole('dialog', { name: 'Séance collective' })).toBeVisible();
      await expectNoA11yViolations(page);
    });
});
