import type { Locator, Page } from '@playwright/test';
import { clubUrl, createTeamWithPlayer, expect, memberEntry, test } from '../../fixtures.ts';

/**
 * Keyboard use of the overlays of the club management screens: opened from the keyboard, focus
 * moves into the dialog and stays there on Tab, Escape closes it, focus returns to the opener.
 */

const focusIsInside = (dialog: Locator) =>
  dialog.evaluate((node) => node.contains(document.activeElement));

/**
 * Opens the dialog from `opener` with the keyboard (through its menu's first item when
 * `viaMenu`), checks focus handling, closes with Escape.
 */
async function checkDialog(page: Page, opener: Locator, name: string, viaMenu = false) {
  await opener.focus();
  await page.keyboard.press('Enter');
  if (viaMenu) {
    await expect(page.getByRole('menuitem', { name: 'Modifier' })).toBeFocused();
    await page.keyboard.press('Enter');
  }
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  expect(await focusIsInside(dialog)).toBe(true);
  // The first focused control is a form field, not the close button.
  await expect(dialog.locator(':focus')).not.toHaveClass(/modal-close/);
  // Tab and Shift+Tab stay inside the dialog.
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press('Tab');
    expect(await focusIsInside(dialog)).toBe(true);
  }
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press('Shift+Tab');
    expect(await focusIsInside(dialog)).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
}

test('[keyboard] member, team and team-member overlays', async ({ leaderPage: page, api }) => {
  test.slow(); // five dialogs, each walked 25 times with Tab and Shift+Tab
  const me = await createTeamWithPlayer(api);

  await page.goto(clubUrl(me.nomClub, 'membres'));
  await expect(memberEntry(page, 'Leroy')).toBeVisible();
  await checkDialog(
    page,
    page.getByRole('button', { name: '+ Ajouter un membre' }),
    'Ajouter un membre',
  );
  await checkDialog(
    page,
    page.getByRole('button', { name: 'Actions pour Hugo Leroy' }),
    'Modifier un membre',
    true,
  );

  await page.goto(clubUrl(me.nomClub, 'equipes'));
  await expect(page.getByRole('heading', { name: 'Seniors' })).toBeVisible();
  await checkDialog(
    page,
    page.getByRole('button', { name: '+ Ajouter une équipe' }),
    'Créer une équipe',
  );
  await checkDialog(
    page,
    page.getByRole('button', { name: "Actions pour l'équipe Seniors" }),
    "Modifier l'équipe",
    true,
  );

  await page.goto(clubUrl(me.nomClub, 'Seniors', 'membres'));
  await expect(memberEntry(page, 'Leroy')).toBeVisible();
  await checkDialog(
    page,
    page.getByRole('button', { name: 'Actions pour Hugo Leroy' }),
    'Modifier le membre',
    true,
  );
});
