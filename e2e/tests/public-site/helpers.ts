import { randomUUID } from 'node:crypto';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { expect, type Page } from '@playwright/test';
import { api as endpoints } from '@club/contract';
import type { Api } from '../../fixtures.ts';

/** Every public page of spec §2 that the site itself renders (login, registration, reset have their own issue). */
export const PUBLIC_ROUTES = [
  '/',
  '/accueil',
  '/fonctionnalites',
  '/tarifs',
  '/contact',
  '/apropos',
  '/mentions-legales',
  '/cgu',
  '/protection-des-donnees',
  '/page-qui-n-existe-pas',
] as const;

/** Solves the ALTCHA widget as a visitor does: tick the box, wait until the form accepts it. */
export async function solveCaptcha(page: Page) {
  const form = page.locator('form', { has: page.getByRole('button', { name: 'Envoyer' }) });
  // The widget's code is fetched when the visitor starts using the form.
  await form.getByLabel('Nom', { exact: true }).focus();
  const box = page.locator('altcha-widget').getByRole('checkbox');
  await box.click();
  await expect(box).toBeChecked({ timeout: 20_000 });
  await expect(page.locator('#captcha-hint')).toHaveCount(0);
}

/** A solved captcha payload obtained like the widget does, for API-level tests. */
export async function captchaPayload(api: Api): Promise<string> {
  const res = await api.send(endpoints.publicSite.captcha);
  expect(res.status).toBe(200);
  // The contract's challenge is altcha's own format.
  const challenge: Challenge = res.body;
  const solution = await solveChallenge({ challenge, deriveKey });
  expect(solution).not.toBeNull();
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

export function contactBody(overrides: Record<string, string> = {}) {
  return {
    nom: 'Martin',
    prenom: 'Léa',
    email: 'lea.martin@example.org',
    sujet: `Sujet ${randomUUID()}`,
    message: 'Bonjour, je voudrais inscrire mon club.',
    token: randomUUID(),
    ...overrides,
  };
}

/** Opens a public page and waits until the prerendered HTML has become interactive. */
export async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  if (path === '/contact') await expect(page.locator('form[data-ready="true"]')).toBeAttached();
}
