import { expect, expectNoA11yViolations, test } from '../../fixtures.ts';
import { open, PUBLIC_ROUTES, THEMES, useTheme } from './helpers.ts';

/**
 * axe-core, WCAG 2.0/2.1 A and AA, on every public page in each of the three themes, once, at phone
 * width (where the burger menu opens too); the desktop layout is driven by pages.spec.ts.
 */
for (const theme of THEMES) {
  test.describe(`[a11y] theme ${theme}`, () => {
    for (const path of PUBLIC_ROUTES) {
      test(path, async ({ page }) => {
        test.skip(test.info().project.name !== 'mobile', 'axe once per page and theme, at 375 px');
        await useTheme(page, theme);
        await open(page, path);
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        await expect(page.locator('h1')).toBeVisible();
        if (path === '/contact') {
          // Check the captcha widget too: it loads when the form is first used.
          await page.getByLabel('Nom', { exact: true }).focus();
          await expect(page.locator('altcha-widget').getByRole('checkbox')).toBeVisible();
        }
        if (path === '/' || path === '/accueil')
          await expect(page.getByText('Chargement...')).toHaveCount(0);
        await expectNoA11yViolations(page);
        // The open burger menu too (small screens).
        const burger = page.getByRole('button', { name: 'Ouvrir le menu' });
        if (await burger.isVisible()) {
          await burger.click();
          await expectNoA11yViolations(page);
        }
      });
    }
  });
}
