import { expect, test } from '../../fixtures.ts';
import { open } from './helpers.ts';

/** Every public route shows its spec texts, its own title, description, one h1 and the landmarks. */

async function expectPageBasics(page: import('@playwright/test').Page, h1: string | RegExp) {
  await expect(page.locator('h1')).toHaveCount(1);
  await expect(page.locator('h1')).toHaveText(h1);
  await expect(page.locator('header')).toHaveCount(1);
  await expect(page.locator('main#contenu')).toHaveCount(1);
  await expect(page.locator('footer')).toHaveCount(1);
  await expect(page.locator('nav[aria-label="Navigation principale"]')).toBeAttached();
  const description = await page.locator('meta[name="description"]').getAttribute('content');
  expect(description?.length ?? 0).toBeGreaterThan(50);
  // Every image has a text alternative.
  expect(await page.locator('img:not([alt])').count()).toBe(0);
}

test.describe('[public] landing page', () => {
  for (const path of ['/', '/accueil']) {
    test(`${path}: hero, counters from the API with '+', sports, why choose`, async ({
      page,
      api,
    }) => {
      await open(page, path);
      await expectPageBasics(page, 'Gérez votre équipe sportive comme un pro');
      await expect(page).toHaveTitle(/Club Manager/);
      const main = page.locator('main');
      await expect(main.getByRole('link', { name: 'Connexion', exact: true })).toHaveAttribute(
        'href',
        '/connexion',
      );
      await expect(main.getByRole('link', { name: 'Inscrire mon club' })).toHaveAttribute(
        'href',
        '/inscrireClub',
      );

      const stats: Record<string, number> = await api.client.publicSite.homeStats();
      for (const [label, key] of [
        ['Membres inscrits', 'members'],
        ['Clubs actifs', 'clubs'],
        ['Équipes', 'equipes'],
      ] as const) {
        const card = main.locator('.stat', { hasText: label });
        await expect(card.locator('.stat-value')).toHaveText(`${stats[key]}+`);
      }

      await expect(main.getByRole('heading', { name: 'Sports disponibles' })).toBeVisible();
      const sports = await api.client.publicSite.sportStats();
      expect(sports.length).toBeGreaterThan(0);
      for (const s of sports) {
        const item = main.locator('.sport', { hasText: s.sportNom });
        await expect(item).toContainText(`${s.nombreEquipes} équipes`);
      }

      await expect(main.getByRole('heading', { name: /Pourquoi choisir/ })).toBeVisible();
      for (const card of ['Gestion simplifiée', 'Planification efficace', 'Suivi complet'])
        await expect(main.getByRole('heading', { name: card })).toBeVisible();
    });
  }
});

test('[public] features page: 8 cards and links to login and registration', async ({ page }) => {
  await open(page, '/fonctionnalites');
  await expectPageBasics(page, 'Fonctionnalités');
  await expect(page).toHaveTitle('Fonctionnalités — Club Manager');
  const main = page.locator('main');
  await expect(main.locator('.cards > li')).toHaveCount(8);
  for (const title of [
    'Gestion des membres',
    'Planning général',
    'Gestion des équipes',
    'Effectifs et fiches joueurs',
    'Planning spécifique',
    'Convocations et présences',
    'Championnat et résultats',
    'Feuille de match',
  ])
    await expect(main.getByRole('heading', { name: title })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Se connecter' })).toHaveAttribute(
    'href',
    '/connexion',
  );
  await expect(main.getByRole('link', { name: 'Inscrire un club' })).toHaveAttribute(
    'href',
    '/inscrireClub',
  );
});

test('[public] pricing: the single free plan Normal', async ({ page }) => {
  await open(page, '/tarifs');
  await expectPageBasics(page, 'Tarifs');
  const plan = page.locator('main .plan');
  await expect(plan.getByRole('heading', { name: 'Normal' })).toBeVisible();
  await expect(plan).toContainText('0.00 €');
  await expect(plan).toContainText('par mois');
  for (const item of ['Membres illimités', 'Agenda', 'Gestion des membres et des équipes'])
    await expect(plan.getByText(item)).toBeVisible();
  await expect(page.locator('main .plan')).toHaveCount(1);
});

test('[public] about: the founder, a personal school project, editor details from configuration', async ({
  page,
  api,
}) => {
  const site = await api.client.publicSite.site();
  await open(page, '/apropos');
  await expectPageBasics(page, 'Qui suis-je ?');
  const main = page.locator('main');
  await expect(main).toContainText('projet scolaire personnel');
  await expect(main).toContainText(site.editor.name);
  await expect(main.getByRole('link', { name: site.editor.email })).toHaveAttribute(
    'href',
    `mailto:${site.editor.email}`,
  );
  await expect(main).toContainText(site.editor.city);
});

test.describe('[public] legal pages dated 5 octobre 2025', () => {
  for (const [path, h1] of [
    ['/mentions-legales', 'Mentions légales'],
    ['/cgu', 'Conditions générales d’utilisation'],
    ['/protection-des-donnees', 'Protection des données'],
  ] as const) {
    test(path, async ({ page }) => {
      await open(page, path);
      await expectPageBasics(page, h1);
      await expect(page.locator('main')).toContainText('Dernière mise à jour : 5 octobre 2025');
      expect((await page.locator('main').innerText()).length).toBeGreaterThan(1500);
    });
  }

  test('data protection lists the cookies, the device fingerprint and the retention periods', async ({
    page,
  }) => {
    await open(page, '/protection-des-donnees');
    const main = page.locator('main');
    const row = (name: string) =>
      main.locator('tr', { has: page.locator(`th:text-is("${name}")`) });
    await expect(row('accessToken')).toContainText('15 minutes');
    await expect(row('refreshToken')).toContainText('7 jours');
    await expect(row('XSRF-TOKEN')).toContainText('session');
    await expect(row('deviceFingerprint')).toContainText('jusqu’à sa suppression');
    await expect(row('deviceFingerprint')).toContainText('12 à 13 mois');
    // The retention periods the daily purge applies (docs/privacy.md).
    await expect(main).toContainText('Journal des modifications faites dans le club : 3 ans.');
    await expect(main).toContainText('Messages du formulaire de contact : 12 mois au plus.');
    await expect(main).toContainText('supprimées 30 jours après leur fin');
  });
});

test('[public] unknown path: French page not found', async ({ page }) => {
  await open(page, '/page-qui-n-existe-pas');
  await expectPageBasics(page, 'Page introuvable');
  await expect(page).toHaveTitle('Page introuvable — Club Manager');
  await expect(page.getByRole('link', { name: 'Retour à l’accueil' })).toHaveAttribute('href', '/');
});

test('[public] footer: brand and social networks, quick navigation, about, contact, legal line', async ({
  page,
}) => {
  await open(page, '/fonctionnalites');
  const footer = page.locator('footer');
  await expect(footer).toContainText('Club Manager');
  // No SOCIAL_* configured in the test server: the four networks are shown, none is a dead link.
  for (const network of ['Facebook', 'Twitter / X', 'Instagram', 'LinkedIn'])
    await expect(footer.getByText(new RegExp(`^${network} \\(pas de lien\\)$`))).toBeAttached();
  await expect(footer.locator('.social-links a')).toHaveCount(0);
  await expect(footer.getByRole('link', { name: 'Tarifs' })).toHaveAttribute('href', '/tarifs');
  // /tarifs is linked from the footer only.
  await expect(page.locator('header a[href="/tarifs"]')).toHaveCount(0);
  await expect(footer.getByRole('link', { name: 'Qui suis-je ?' })).toHaveAttribute(
    'href',
    '/apropos',
  );
  await expect(footer.getByRole('link', { name: 'Nous contacter' })).toHaveAttribute(
    'href',
    '/contact',
  );
  await expect(footer).toContainText('© 2024');
  for (const [name, href] of [
    ['Mentions légales', '/mentions-legales'],
    ['CGU', '/cgu'],
    ['Protection des données', '/protection-des-donnees'],
  ] as const)
    await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);

  await footer.getByRole('link', { name: 'Nous contacter' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.locator('h1')).toHaveText('Contact');
  await expect(page).toHaveTitle('Contact — Club Manager');
});

test('[public] prerendered pages arrive as HTML with their own title and description', async ({
  request,
}) => {
  for (const [path, title] of [
    ['/', 'Club Manager — gestion de clubs sportifs'],
    ['/fonctionnalites', 'Fonctionnalités — Club Manager'],
    ['/tarifs', 'Tarifs — Club Manager'],
    ['/contact', 'Contact — Club Manager'],
    ['/protection-des-donnees', 'Protection des données — Club Manager'],
  ] as const) {
    const html = await (await request.get(path)).text();
    expect(html).toContain(`<title>${title}</title>`);
    expect(html).toMatch(/<main id="contenu"/);
    expect(html).toContain('<html lang="fr"');
  }
});
