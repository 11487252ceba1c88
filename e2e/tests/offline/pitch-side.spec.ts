import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  clubUrl,
  createActiveMember,
  expect,
  parisDay,
  signIn,
  test,
  infos,
} from '../../fixtures.ts';
import { api as endpoints } from '@club/contract';

/**
 * The installable app and its pitch-side mode in Chromium: the service worker registers from the
 * signed-in area; the browser finds the app installable (Chrome's own installability check, the
 * one Lighthouse reported); offline, the dashboard still opens and says so; a training's attendance
 * marked offline is kept on the device and reaches the server once the network is back (checked
 * through the API).
 */

test('offline: the dashboard opens, and attendance marked offline reaches the server once back online', async ({
  leaderPage,
  api,
  browser,
}) => {
  test.setTimeout(120_000);
  const me = await infos(api);
  const seniors = await api.client.teams.create({
    body: {
      nom: 'Seniors',
      division: 'R1',
      category: 'Senior',
      idClub: me.idClub,
    },
  });
  const player = await createActiveMember(api, browser, me.idClub, {
    nom: 'Leroy',
    prenom: 'Hugo',
    role: 'JOUEUR',
    nomEquipe: 'Seniors',
  });
  const day = parisDay(1);
  const training = await api.client.events.create({
    body: {
      nom: 'Séance du bord de terrain',
      type: 'ENTRAINEMENT',
      dateDebut: `${day}T18:00:00`,
      dateFin: `${day}T19:30:00`,
      lieux: 'Stade annexe',
      equipesIds: [seniors.id],
      clubId: me.idClub,
    },
  });
  await leaderPage.close();

  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await signIn(page, player);
  await page.goto(clubUrl(me.nomClub, 'Seniors', 'dashboard'));
  await expect(page.getByRole('heading', { level: 1, name: /Bienvenue, Hugo/ })).toBeVisible();

  // The service worker registers from the signed-in area and takes control of the page.
  await page.waitForFunction(() => !!navigator.serviceWorker?.controller, null, {
    timeout: 20_000,
  });
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(
    /\/sw\.js$/,
  );

  // Online once: the calendar (on the training's day) and the training's attendance.
  const openTraining = async () => {
    await page.goto(clubUrl(me.nomClub, 'Seniors', 'calendrier'));
    await expect(page.getByRole('heading', { level: 1, name: /Calendrier/ })).toBeVisible({
      timeout: 20_000,
    });
    // Today has no event: the phone's day view opens on the next day that has one (decision 0088).
    await page
      .locator('.club-event-content', { hasText: 'Séance du bord de terrain' })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Séance du bord de terrain' });
    await expect(dialog.getByRole('heading', { name: 'Présences' })).toBeVisible();
    return dialog;
  };
  let dialog = await openTraining();
  await expect(dialog.getByText('Hugo Leroy (vous)')).toBeVisible();
  await dialog.getByRole('button', { name: 'Fermer' }).first().click();

  // Offline: the dashboard opens from the device and says it is offline.
  await context.setOffline(true);
  await page.goto(clubUrl(me.nomClub, 'Seniors', 'dashboard'));
  await expect(page.getByRole('heading', { level: 1, name: /Bienvenue, Hugo/ })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Vous êtes hors ligne' })).toBeVisible();
  // Truly offline, service worker included: an answer it never kept cannot be fetched.
  expect(
    await page.evaluate(
      (url) =>
        fetch(url).then(
          (r) => r.status,
          () => 'hors ligne',
        ),
      `${endpoints.dashboard.infos.path}?sonde=1`,
    ),
  ).toBe('hors ligne');

  // Attendance marked offline is kept on the device.
  dialog = await openTraining();
  await dialog.getByLabel('Présent').check();
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(
    dialog.getByText('Enregistré sur cet appareil : envoyé dès le retour du réseau.'),
  ).toBeVisible();
  await expect(page.getByText('1 saisie en attente d’envoi sur cet appareil.')).toBeVisible();
  const presences = () => api.client.events.presences({ params: { id: training.id } });
  expect((await presences()).find((p) => p.joueur.prenom === 'Hugo')!.statutPresence).toBeNull();

  // Back online: it is sent (with its Idempotency-Key) and the server has it.
  await context.setOffline(false);
  await expect
    .poll(async () => (await presences()).find((p) => p.joueur.prenom === 'Hugo')!.statutPresence, {
      timeout: 20_000,
    })
    .toBe('DISPONIBLE');
  await expect(page.getByText(/saisie en attente/)).toHaveCount(0);
  await context.close();
});

test('the signed-in app is installable: Chrome finds no installability error', async ({
  playwright,
  club,
  baseURL,
}) => {
  test.setTimeout(60_000);
  // A browser profile on disk: Chrome never offers to install from an incognito-like context,
  // which is what a test context is; the check is otherwise the browser's own.
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'club-pwa-'));
  const context = await playwright.chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
    baseURL,
    locale: 'fr-FR',
    viewport: { width: 375, height: 812 },
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await signIn(page, club);
    await page.goto(clubUrl(club.nomClub, 'dashboard'));
    await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible({
      timeout: 20_000,
    });
    await page.waitForFunction(() => !!navigator.serviceWorker?.controller, null, {
      timeout: 20_000,
    });
    const cdp = await context.newCDPSession(page);
    const manifest = (await cdp.send('Page.getAppManifest')) as {
      url: string;
      errors: unknown[];
    };
    expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
    expect(manifest.errors).toEqual([]);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors.map((e) => e.errorId)).toEqual([]);
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});
