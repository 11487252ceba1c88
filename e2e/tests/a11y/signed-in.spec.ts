import type { Page } from '@playwright/test';
import {
  clubUrl,
  createTeamWithPlayer,
  expect,
  expectNoA11yViolationsInThemes,
  memberEntry,
  test,
  uniqueEmail,
} from '../../fixtures.ts';

/**
 * axe-core (WCAG 2.0/2.1 A and AA) on the states of the account screens and of a signed-in
 * leader's club management screens (validation errors, cooldown, menus, dialogs, the date picker),
 * in the three themes on the same page (decision 0081), once, at 375 px (this file runs in the
 * 'mobile' project only, decision 0056). The screens as they open are checked by
 * every-route.spec.ts. Data is created through the real API.
 */

const check = expectNoA11yViolationsInThemes;

async function open(page: Page, url: string, heading: string | RegExp) {
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.getByText('Chargement...')).toHaveCount(0);
}

test.describe('[a11y] account and club screens in their states', () => {
  test('login, with validation errors', async ({ page }) => {
    await open(page, '/connexion', 'Se connecter');
    await page.getByLabel('Email').fill('pas-un-email');
    await page.getByLabel('Email').blur();
    await expect(page.getByText("L'email est incorrect.")).toBeVisible();
    await check(page);
  });

  test('login during a cooldown (three failures)', async ({ page }) => {
    await page.goto('/connexion');
    await page.getByLabel('Email').fill(uniqueEmail('inconnu'));
    const password = page.getByLabel('Mot de passe', { exact: true });
    const submit = page.getByRole('button', { name: 'Se connecter' });
    for (let i = 0; i < 3; i++) {
      await password.fill('Mauvais-mot-de-passe-1');
      await expect(submit).toBeEnabled();
      await submit.click();
      await expect(page.getByText('Email ou mot de passe incorrect.')).toBeVisible();
    }
    await expect(page.getByText(/Trop de tentatives\. Réessayez dans \d+s\./)).toBeVisible();
    await check(page);
  });

  test('club registration, with validation errors', async ({ page }) => {
    await page.goto('/inscrireClub');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByLabel('Email').fill('x@');
    await page.getByLabel('Email').blur();
    await expect(page.getByText('Email invalide (format attendu : {email}).')).toBeVisible();
    await check(page);
  });

  test('password reset form (a link’s token)', async ({ page }) => {
    await page.goto('/mdpOublie?token=jeton-de-test-qui-n-existe-pas');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await check(page);
  });

  test('club members with the row menu, the confirmation, the add form and its date picker; the team members’ edit form; the signed-in menu', async ({
    leaderPage: page,
    api,
  }) => {
    // Several pages and scans in one journey: more than the default 30 s on a loaded machine.
    test.slow();
    const me = await createTeamWithPlayer(api);

    await open(page, clubUrl(me.nomClub, 'membres'), 'Membres du Club');
    await expect(memberEntry(page, 'Leroy')).toBeVisible();
    // The row menu and the deletion's confirmation dialog.
    await page.getByRole('button', { name: 'Actions pour Hugo Leroy' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await check(page);
    await page.getByRole('menuitem', { name: 'Supprimer' }).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await check(page);
    await page.getByRole('alertdialog').getByRole('button', { name: 'Annuler' }).click();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await page.getByRole('button', { name: '+ Ajouter un membre' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await check(page);
    // The French date picker's calendar.
    await page
      .getByRole('dialog')
      .getByRole('button', { name: 'Choisir une date dans le calendrier' })
      .click();
    await expect(page.getByRole('grid')).toBeVisible();
    await check(page);

    await open(page, clubUrl(me.nomClub, 'Seniors', 'membres'), /Membres de l'équipe/);
    await expect(memberEntry(page, 'Leroy')).toBeVisible();
    await page.getByRole('button', { name: 'Actions pour Hugo Leroy' }).click();
    await page.getByRole('menuitem', { name: 'Modifier' }).click();
    await expect(page.getByRole('dialog', { name: 'Modifier le membre' })).toBeVisible();
    await check(page);
    await page.keyboard.press('Escape');

    // The signed-in navigation bar with its burger menu open (small screens).
    await open(page, clubUrl(me.nomClub, 'profil'), 'Mon Profil');
    const burger = page.getByRole('button', { name: 'Menu' });
    await expect(burger).toBeVisible();
    await burger.click();
    await expect(page.getByRole('link', { name: 'Équipes' })).toBeVisible();
    await check(page);
  });
});
