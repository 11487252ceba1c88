import type { Page } from '@playwright/test';
import {
  Api,
  clubUrl,
  expect,
  expectNoA11yViolations,
  test,
  uniqueEmail,
  waitForMail,
  type RegisteredClub,
} from '../../fixtures.ts';
import { api as endpoints } from '@club/contract';

/**
 * Settings journeys: the settings page (spec §2, §4, §6, §8) — themes that survive a reload, the
 * club logo (drag and drop, preview, save, cancel), the read-only view of a JOUEUR, the password
 * change, the club deletion, and axe in the three themes. Data comes from the real API.
 */

const THEMES = [
  { id: 'light', label: 'Clair' },
  { id: 'dark', label: 'Sombre' },
  { id: 'daltonien', label: 'Daltonien' },
] as const;

/** A 64 × 64 orange PNG. */
const LOGO_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAIAAAAlC+aJAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAn0lEQVRoge2SQQkAQRDD+qrl0xo3K+IeYaAQAWlo+Hqa6AZsQPWK7EK9S3QDNqB6RXah3iW6ARtQvSK7UO8S3YANqF6RXah3iW7ABlSvyC7Uu0Q3YAOqV2QX6l2iG7AB1SuyC/Uu0Q3YgOoV2YV6l+gGbED1iuxCvUt0AzagekV2od4lugEbUL0iu1DvEt2ADahekV2od4luwAZUr/iHB5nZYTyVQ4dfAAAAAElFTkSuQmCC';

const settingsUrl = (club: Pick<RegisteredClub, 'nomClub'>) => clubUrl(club.nomClub, 'parametre');

async function openSettings(page: Page, club: Pick<RegisteredClub, 'nomClub'>) {
  await page.goto(settingsUrl(club));
  await expect(page.getByRole('heading', { level: 1, name: 'Paramètres' })).toBeVisible();
  await expect(page.getByLabel('Nom du club *')).toBeVisible();
}

/** Drops a PNG on the logo zone as a file dragged from the desktop does. */
async function dropLogo(page: Page) {
  const dataTransfer = await page.evaluateHandle((b64) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const dt = new DataTransfer();
    dt.items.add(new File([bytes], 'logo.png', { type: 'image/png' }));
    return dt;
  }, LOGO_PNG);
  const zone = page.getByTestId('logo-drop-zone');
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
}

test.describe('[settings] club settings', () => {
  for (const theme of THEMES) {
    test(`theme ${theme.id}: chosen in the settings, it survives a reload, the dashboard, the calendar and the public pages follow it; axe finds nothing`, async ({
      leaderPage: page,
      club,
    }, testInfo) => {
      test.slow();
      await openSettings(page, club);
      await page.getByRole('radio', { name: new RegExp(theme.label) }).check();
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme.id);
      // No flash: the theme is on <html> before the app's scripts run (module scripts run after
      // the document turns 'interactive').
      await page.addInitScript(() => {
        document.addEventListener('readystatechange', () => {
          if (document.readyState === 'interactive')
            (window as unknown as { themeBeforeApp?: string }).themeBeforeApp =
              document.documentElement.dataset.theme;
        });
      });
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme.id);
      expect(
        await page.evaluate(
          () => (window as unknown as { themeBeforeApp?: string }).themeBeforeApp,
        ),
      ).toBe(theme.id);
      await expect(page.getByRole('radio', { name: new RegExp(theme.label) })).toBeChecked();
      await expect(page.getByLabel('Nom du club *')).toHaveValue(club.nomClub);
      await expectNoA11yViolations(page);
      await page.screenshot({
        path: testInfo.outputPath(`parametre-${theme.id}.png`),
        fullPage: true,
      });
      // The password modal too.
      await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
      await expect(page.getByRole('dialog', { name: 'Changer le mot de passe' })).toBeVisible();
      await expectNoA11yViolations(page);
      await page.keyboard.press('Escape');

      // The dashboard, the calendar and the public pages follow it.
      for (const [screen, heading] of [
        ['dashboard', /./],
        ['calendrier', /Calendrier/],
      ] as const) {
        await page.goto(clubUrl(club.nomClub, screen));
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme.id);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({
          timeout: 20_000,
        });
        await page.screenshot({
          path: testInfo.outputPath(`${screen}-${theme.id}.png`),
          fullPage: true,
        });
      }
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme.id);
    });
  }

  test('logo: dropped and previewed, Cancel restores, Save uploads; the logo background shows it', async ({
    leaderPage: page,
    club,
  }, testInfo) => {
    await openSettings(page, club);
    await expect(page.getByText('Aucun logo')).toBeVisible();
    await dropLogo(page);
    const preview = page.getByAltText('Aperçu du nouveau logo');
    await expect(preview).toBeVisible();
    await expect(preview).toHaveAttribute('src', /^blob:/);
    await page.getByLabel('Ville').fill('Saint-Herblain');
    await page.getByRole('button', { name: 'Annuler' }).click();
    await expect(preview).toHaveCount(0);
    await expect(page.getByText('Aucun logo')).toBeVisible();
    await expect(page.getByLabel('Ville')).not.toHaveValue('Saint-Herblain');

    await dropLogo(page);
    await expect(preview).toBeVisible();
    await page.getByLabel('Ville').fill('Saint-Herblain');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    const saved = page.getByText('✅ Modifications enregistrées !');
    await expect(saved).toBeVisible();
    const stored = page.getByAltText('Logo du club');
    await expect(stored).toHaveAttribute('src', /\/api\/clubs\/\d+\/logo\?v=/);
    await expect.poll(() => stored.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
    // The status message vanishes after 3 s.
    await expect(saved).toBeHidden({ timeout: 5_000 });

    await page.reload();
    await expect(page.getByLabel('Ville')).toHaveValue('Saint-Herblain');
    await expect(page.getByAltText('Logo du club')).toBeVisible();

    // The file picker is reached and opened with the keyboard.
    const pick = page.getByRole('button', { name: 'Choisir une image' });
    await pick.focus();
    const chooser = page.waitForEvent('filechooser');
    await page.keyboard.press('Enter');
    await (
      await chooser
    ).setFiles({
      name: 'clavier.png',
      mimeType: 'image/png',
      buffer: Buffer.from(LOGO_PNG, 'base64'),
    });
    await expect(page.getByAltText('Aperçu du nouveau logo')).toBeVisible();
    await page.getByRole('button', { name: 'Annuler' }).click();
    await expect(page.getByAltText('Logo du club')).toBeVisible();

    await page.getByRole('checkbox', { name: /logo du club en arrière-plan/ }).check();
    await expect(page.getByTestId('logo-background')).toHaveCount(1);
    await page.goto(clubUrl(club.nomClub, 'membres'));
    await expect(page.getByTestId('logo-background')).toHaveCount(1);
    await page.screenshot({ path: testInfo.outputPath('fond-logo.png'), fullPage: true });
    expect(await page.evaluate(() => localStorage.getItem('logoBackgroundEnabled'))).toBe('true');
  });

  test('a JOUEUR sees the read-only view', async ({ page, playwright, baseURL, club }) => {
    const request = await playwright.request.newContext({ baseURL });
    const leader = new Api(request, baseURL!);
    const me = await leader.client.auth.login({
      body: {
        email: club.email,
        password: club.password,
        deviceFingerprint: 'e2e-leader',
      },
    });
    await leader.client.teams.create({
      body: {
        nom: 'Seniors',
        division: 'R1',
        category: 'Senior',
        idClub: me.idClub,
      },
    });
    const email = uniqueEmail('joueur');
    await leader.client.members.create({
      body: {
        nom: 'Leroy',
        prenom: 'Hugo',
        dateDeNaissance: '2001-02-03',
        genre: 'Homme',
        numeroTelephone: '0611223344',
        email,
        role: 'JOUEUR',
        nomEquipe: 'Seniors',
        clubId: me.idClub,
      },
    });
    await request.dispose();
    const mail = await waitForMail(email, /Invitation/);
    const token = new URL(
      mail.links.find((l) => l.includes('/activation?token='))!,
    ).searchParams.get('token');
    const password = 'Joueur-Solide-2025';
    const api = new Api(page.request, baseURL!);
    await api.client.auth.activate({ body: { token: token!, password } });
    await api.client.auth.login({ body: { email, password, deviceFingerprint: 'e2e-joueur' } });

    await page.goto(clubUrl(club.nomClub, 'Seniors', 'parametre'));
    await expect(page.getByLabel('Nom du club *')).toHaveValue(club.nomClub);
    for (const label of ['Nom du club *', 'Pays', 'Ville', 'Adresse', 'Téléphone', 'Description'])
      await expect(page.getByLabel(label, { exact: true })).toBeDisabled();
    await expect(page.getByText('Modification réservée au dirigeant')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Enregistrer' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Choisir une image' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Supprimer le club' })).toHaveCount(0);
    // The server refuses too, with the spec's message.
    const res = await api.send(endpoints.clubs.update, {
      params: { id: me.idClub },
      body: { nom: 'Pris' },
    });
    expect(res.status).toBe(403);
    expect(res.error.message).toBe('Seul le dirigeant peut modifier le club.');
    await expectNoA11yViolations(page);
  });

  test('password change, then sign-in with the new password', async ({
    leaderPage: page,
    club,
  }) => {
    await openSettings(page, club);
    await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
    const dialog = page.getByRole('dialog', { name: 'Changer le mot de passe' });
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(dialog.getByText('Veuillez saisir votre mot de passe actuel.')).toBeVisible();
    const next = 'Nouveau-Passe-Club-7';
    await dialog.getByLabel('Mot de passe actuel').fill(club.password);
    await dialog.getByLabel('Nouveau mot de passe', { exact: true }).fill(next);
    await dialog.getByLabel('Confirmation du nouveau mot de passe').fill(next);
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('✅ Mot de passe mis à jour.')).toBeVisible();
    await expect(dialog).toHaveCount(0);

    const burger = page.getByRole('button', { name: /Menu/ });
    if (await burger.isVisible()) await burger.click();
    await page.getByRole('button', { name: 'Déconnexion' }).click();
    await page.waitForURL('**/connexion');
    await expect(page.getByRole('heading', { name: 'Se connecter', level: 1 })).toBeVisible();
    await page.getByLabel('Email').fill(club.email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(club.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page.getByText('Email ou mot de passe incorrect.')).toBeVisible();
    await page.getByLabel('Mot de passe', { exact: true }).fill(next);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL(`${clubUrl(club.nomClub, 'dashboard')}`);
  });

  test('club deletion: box, SUPPRIMER, password, confirmation; then / and the club is gone', async ({
    leaderPage: page,
    club,
    api,
  }) => {
    await openSettings(page, club);
    const remove = page.getByRole('button', { name: 'Supprimer le club' });
    await remove.click();
    await expect(
      page.getByText('❌ Confirme d’abord la suppression (case + taper SUPPRIMER).'),
    ).toBeVisible();
    await page.getByRole('checkbox', { name: /suppression est définitive/ }).check();
    const word = page.getByLabel('Tapez SUPPRIMER pour confirmer');
    await word.pressSequentially('supprimer');
    await expect(word).toHaveValue('SUPPRIMER');
    await page.evaluate(() => localStorage.setItem('token', 'ancien-jeton'));
    // The password again (re-authentication): missing, then wrong, then right.
    await remove.click();
    const password = page.getByLabel('Votre mot de passe *');
    await expect(password).toHaveAccessibleDescription(
      'Saisissez votre mot de passe pour confirmer.',
    );
    await password.fill('Pas-le-bon-mot-2026!');
    await remove.click();
    const confirm = page.getByRole('alertdialog', { name: 'Supprimer le club' });
    await confirm.getByRole('button', { name: 'Supprimer définitivement' }).click();
    await expect(password).toHaveAccessibleDescription('Mot de passe incorrect.');
    await password.fill(club.password);
    await remove.click();
    // Confirmed in an accessible dialog (no window.confirm, decision 0031); Annuler keeps the club.
    await expect(confirm).toContainText(club.nomClub);
    await confirm.getByRole('button', { name: 'Annuler' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(remove).toBeFocused();
    await remove.click();
    await confirm.getByRole('button', { name: 'Supprimer définitivement' }).click();
    await expect(page.getByText('Club supprimé définitivement.')).toBeVisible();
    expect(
      await page.evaluate(() => [
        localStorage.getItem('token'),
        localStorage.getItem('deviceFingerprint'),
      ]),
    ).toEqual([null, null]);
    await page.waitForURL((url) => url.pathname === '/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // The account and the club are gone; the name is free again.
    const login = await api.send(endpoints.auth.login, {
      body: { email: club.email, password: club.password, deviceFingerprint: 'e2e-after' },
    });
    expect(login.status).toBe(401);
    const exists = await api.client.publicSite.clubExists({ query: { nomClub: club.nomClub } });
    expect(exists).toEqual({ exists: false });
  });
});
