import { expect, test } from '../../fixtures.ts';
import { open } from './helpers.ts';

/** Spec §2 public layout and §9: the burger menu, and the 1024 px auto-close. */
test.describe('[public] top navigation', () => {
  test('small screens: the burger opens and closes the menu, a link click closes it', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await open(page, '/');
    const burger = page.getByRole('button', { name: 'Ouvrir le menu' });
    const menu = page.locator('nav[aria-label="Navigation principale"]');
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    await expect(burger).toHaveAttribute('aria-controls', (await menu.getAttribute('id'))!);
    await expect(menu).toBeHidden();

    await burger.click();
    const close = page.getByRole('button', { name: 'Fermer le menu' });
    await expect(close).toHaveAttribute('aria-expanded', 'true');
    await expect(menu).toBeVisible();
    await close.click();
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeHidden();

    await burger.click();
    await menu.getByRole('link', { name: 'Fonctionnalités' }).click();
    await expect(page).toHaveURL(/\/fonctionnalites$/);
    await expect(page.locator('h1')).toHaveText('Fonctionnalités');
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeHidden();

    // The current route's link is marked active.
    await burger.click();
    await expect(menu.getByRole('link', { name: 'Fonctionnalités' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(menu.getByRole('link', { name: 'Accueil' })).not.toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('the open menu closes by itself when the window grows past 1024 px', async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 800 });
    await open(page, '/contact');
    const burger = page.getByRole('button', { name: 'Ouvrir le menu' });
    await burger.click();
    await expect(page.getByRole('button', { name: 'Fermer le menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    // Exactly 1024 px is not "wider than 1024": still open.
    await page.setViewportSize({ width: 1024, height: 800 });
    await expect(page.getByRole('button', { name: 'Fermer le menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await page.setViewportSize({ width: 1025, height: 800 });
    await expect(page.locator('button[aria-controls]')).toHaveAttribute('aria-expanded', 'false');
    // Wide screens: no burger, the links are always shown.
    await expect(page.locator('button[aria-controls]')).toBeHidden();
    const menu = page.locator('nav[aria-label="Navigation principale"]');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Contact' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // Back to a small screen: the menu is closed.
    await page.setViewportSize({ width: 800, height: 800 });
    await expect(menu).toBeHidden();
  });

  test('wide screens: the links of spec §2 in the bar, active link marked', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await open(page, '/accueil');
    const menu = page.locator('nav[aria-label="Navigation principale"]');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Accueil' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(menu.getByRole('link', { name: 'Se connecter' })).toHaveAttribute(
      'href',
      '/connexion',
    );
    await expect(menu.getByRole('link', { name: 'Inscrire un club' })).toHaveAttribute(
      'href',
      '/inscrireClub',
    );
    await menu.getByRole('link', { name: 'Contact' }).click();
    await expect(menu.getByRole('link', { name: 'Contact' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(menu.getByRole('link', { name: 'Accueil' })).not.toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});
