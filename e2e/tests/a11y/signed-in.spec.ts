import type { Page } from '@playwright/test';
import {
  clubUrl,
  createTeamWithPlayer,
  expect,
  expectNoA11yViolations,
  memberEntry,
  test,
  uniqueEmail,
} from '../../fixtures.ts';
import { THEMES, useTheme } from '../public-site/helpers.ts';

/**
 * axe-core (WCAG 2.0/2.1 A and AA) on the account screens and on the club management screens of a
 * signed-in leader, in their states (validation errors, cooldown, open modal), in each of the three
 * themes, once, at 375 px (this file runs in the 'mobile' project only, decisions 0055 and 0056). Data is created through the real API.
 */

async function openAndCheck(page: Page, url: string, heading: string | RegExp) {
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.getByText('Chargement...')).toHaveCount(0);
  await expectNoA11yViolations(page);
}

for (const theme of THEMES) {
  test.describe(`[a11y] account and club screens, theme ${theme}`, () => {
    test.beforeEach(async ({ page }) => {
      await useTheme(page, theme);
    });

    test('login, with validation errors', async ({ page }) => {
      await openAndCheck(page, '/connexion', 'Se connecter');
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await page.getByLabel('Email').fill('pas-un-email');
      await page.getByLabel('Email').blur();
      await expect(page.getByText("L'email est incorrect.")).toBeVisible();
      await expectNoA11yViolations(page);
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
      await expectNoA11yViolations(page);
    });

    test('account activation with an invalid link', async ({ page }) => {
      await openAndCheck(page, '/activation?token=jeton-qui-n-existe-pas', 'Activer mon compte');
      await expect(page.getByRole('link', { name: 'Aller à la connexion' })).toBeVisible();
      await expectNoA11yViolations(page);
    });

    test('club registration, with validation errors', async ({ page }) => {
      await page.goto('/inscrireClub');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoA11yViolations(page);
      await page.getByLabel('Email').fill('x@');
      await page.getByLabel('Email').blur();
      await expect(page.getByText('Email invalide (format attendu : {email}).')).toBeVisible();
      await expectNoA11yViolations(page);
    });

    test('password reset request and reset form', async ({ page }) => {
      await page.goto('/mdpOublie');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoA11yViolations(page);
      await page.goto('/mdpOublie?token=jeton-de-test-qui-n-existe-pas');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoA11yViolations(page);
    });

    test('club members, teams, team members with the edit modal, profile', async ({
      leaderPage: page,
      api,
    }) => {
      // Five pages and six axe scans in one journey: more than the default 30 s on a loaded machine.
      test.slow();
      const me = await createTeamWithPlayer(api);

      await openAndCheck(page, clubUrl(me.nomClub, 'membres'), 'Membres du Club');
      await expect(memberEntry(page, 'Leroy')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      // The row menu and the deletion's confirmation dialog.
      await page.getByRole('button', { name: 'Actions pour Hugo Leroy' }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await expectNoA11yViolations(page);
      await page.getByRole('menuitem', { name: 'Supprimer' }).click();
      await expect(page.getByRole('alertdialog')).toBeVisible();
      await expectNoA11yViolations(page);
      await page.getByRole('alertdialog').getByRole('button', { name: 'Annuler' }).click();
      await expectNoA11yViolations(page);
      await page.getByRole('button', { name: '+ Ajouter un membre' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoA11yViolations(page);
      // The French date picker's calendar.
      await page
        .getByRole('dialog')
        .getByRole('button', { name: 'Choisir une date dans le calendrier' })
        .click();
      await expect(page.getByRole('grid')).toBeVisible();
      await expectNoA11yViolations(page);

      await openAndCheck(page, clubUrl(me.nomClub, 'equipes'), 'Équipes du Club');
      await expect(page.getByRole('heading', { name: 'Seniors' })).toBeVisible();
      await expectNoA11yViolations(page);

      await openAndCheck(page, clubUrl(me.nomClub, 'Seniors', 'membres'), /Membres de l'équipe/);
      await expect(memberEntry(page, 'Leroy')).toBeVisible();
      await expectNoA11yViolations(page);
      await page.getByRole('button', { name: 'Actions pour Hugo Leroy' }).click();
      await page.getByRole('menuitem', { name: 'Modifier' }).click();
      await expect(page.getByRole('dialog', { name: 'Modifier le membre' })).toBeVisible();
      await expectNoA11yViolations(page);
      await page.keyboard.press('Escape');

      await openAndCheck(page, clubUrl(me.nomClub, 'profil'), 'Mon Profil');
      await expect(page.getByRole('textbox', { name: /^Nom\b/ })).not.toHaveValue('');
      await expectNoA11yViolations(page);

      // The signed-in navigation bar with its burger menu open (small screens).
      const burger = page.getByRole('button', { name: 'Menu' });
      if (await burger.isVisible()) {
        await burger.click();
        await expect(page.getByRole('link', { name: 'Équipes' })).toBeVisible();
        await expectNoA11yViolations(page);
      }
    });
  });
}
