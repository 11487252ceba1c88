import type { Page } from '@playwright/test';
import {
  Api,
  clubUrl,
  createActiveMember,
  expect,
  expectNoA11yViolationsInThemes,
  signIn,
  test,
  waitForMail,
  infos,
} from '../../fixtures.ts';

/**
 * Announcements in Chromium: a coach writes to their team, a player opens it on the dashboard
 * (which marks it read), the coach then sees "Lu par 1/2" and who has not read it; the text stays
 * text; the e-mail goes out through the real SMTP server. axe in the three themes.
 */

test('a coach posts an announcement, a player reads it on the dashboard, the coach sees “lu par 1/2”', async ({
  leaderPage,
  api,
  browser,
}) => {
  test.setTimeout(90_000);
  const me = await infos(api);
  await api.client.teams.create({
    body: { nom: 'Seniors', division: 'R1', category: 'Senior', idClub: me.idClub },
  });
  const coach = await createActiveMember(api, browser, me.idClub, {
    nom: 'Bernard',
    prenom: 'Chloé',
    role: 'ENTRAINEUR',
    nomEquipe: 'Seniors',
  });
  const player = await createActiveMember(api, browser, me.idClub, {
    nom: 'Leroy',
    prenom: 'Hugo',
    role: 'JOUEUR',
    nomEquipe: 'Seniors',
  });
  const ines = await createActiveMember(api, browser, me.idClub, {
    nom: 'Martin',
    prenom: 'Inès',
    role: 'JOUEUR',
    nomEquipe: 'Seniors',
  });
  await leaderPage.close();

  // The coach writes to the team (their only team is ticked already).
  const coachContext = await browser.newContext();
  const coachPage = await coachContext.newPage();
  await signIn(coachPage, coach);
  await coachPage.goto(clubUrl(me.nomClub, 'annonces'));
  await expect(coachPage.getByRole('heading', { level: 1, name: 'Annonces' })).toBeVisible();
  await coachPage.getByLabel('Titre *').fill('Terrain fermé ce soir');
  await coachPage
    .getByLabel('Message *')
    .fill('Le synthétique est fermé. <b>Rendez-vous</b> au gymnase : https://exemple.fr/plan');
  await expect(coachPage.getByRole('checkbox', { name: 'Seniors' })).toBeChecked();
  const since = Date.now();
  await coachPage.getByRole('button', { name: 'Publier' }).click();
  const mine = coachPage.getByRole('article').filter({ hasText: 'Terrain fermé ce soir' });
  await expect(mine.getByText('Lu par 0/2')).toBeVisible();

  // The player: the dashboard lists it, unread; opening it shows the text (as text) and reads it.
  const playerContext = await browser.newContext();
  const playerPage = await playerContext.newPage();
  await signIn(playerPage, player);
  await playerPage.goto(clubUrl(me.nomClub, 'Seniors', 'dashboard'));
  const section = playerPage.getByRole('region', { name: /Annonces/ });
  await expect(section).toBeVisible();
  await expect(section.getByText('1 non lue')).toBeVisible();
  const title = section.getByRole('button', { name: /Terrain fermé ce soir/ });
  await expect(title).toHaveAttribute('aria-expanded', 'false');
  const read = playerPage.waitForResponse(
    (r) => r.url().endsWith('/lecture') && r.request().method() === 'POST',
  );
  await title.click();
  expect((await read).status()).toBe(200);
  await expect(section.getByText('<b>Rendez-vous</b> au gymnase', { exact: false })).toBeVisible();
  await expect(section.locator('b')).toHaveCount(0);
  await expect(section.getByRole('link', { name: 'https://exemple.fr/plan' })).toHaveAttribute(
    'href',
    'https://exemple.fr/plan',
  );
  await expect(section.getByText('1 non lue')).toHaveCount(0);

  // The coach sees one reader out of two, and who has not read it.
  await coachPage.reload();
  await expect(mine.getByText('Lu par 1/2')).toBeVisible();
  await mine.getByRole('button', { name: /Terrain fermé ce soir/ }).click();
  await mine.getByRole('button', { name: 'Voir qui a lu' }).click();
  await expect(mine.getByRole('region', { name: 'Lu (1)', exact: true })).toContainText(
    'Hugo Leroy',
  );
  await expect(mine.getByRole('region', { name: 'Pas encore lu (1)' })).toContainText(
    'Inès Martin',
  );
  await expect(
    mine.getByRole('button', { name: 'Relancer le membre qui n’a pas lu' }),
  ).toBeVisible();

  // The e-mail of the announcement (real SMTP), its link leads to the announcement.
  const mail = await waitForMail(player.email, 'Annonce : Terrain fermé ce soir', { since });
  expect(mail.links.some((l) => l.includes('/annonces?annonce='))).toBe(true);

  // Inès reads it from her e-mail, without signing in: its « Lire l’annonce » page records the
  // reading on opening (decision 0139); the coach now sees two readers out of two.
  const inesMail = await waitForMail(ines.email, 'Annonce : Terrain fermé ce soir', { since });
  const readLink = inesMail.links.find((l) => l.includes('/annonce/lecture?jeton='));
  expect(readLink, `liens du mail : ${inesMail.links.join(' ')}`).toBeTruthy();
  const { viewport, hasTouch } = test.info().project.use;
  const mailContext = await browser.newContext({ viewport, hasTouch });
  const mailPage = await mailContext.newPage();
  await mailPage.goto(readLink!);
  await expect(
    mailPage.getByText('Lecture enregistrée : l’auteur de l’annonce sait que vous l’avez lue.'),
  ).toBeVisible({ timeout: 20_000 });
  await expect(
    mailPage.getByRole('heading', { level: 2, name: 'Terrain fermé ce soir' }),
  ).toBeVisible();
  // Kept with the test's results, to be looked at (375 and 1280 px).
  await mailPage.screenshot({ path: test.info().outputPath('read-link-375.png'), fullPage: true });
  await mailPage.setViewportSize({ width: 1280, height: 800 });
  await mailPage.screenshot({ path: test.info().outputPath('read-link-1280.png'), fullPage: true });
  await mailContext.close();
  await coachPage.reload();
  await expect(mine.getByText('Lu par 2/2')).toBeVisible();
  await coachContext.close();
  await playerContext.close();
});

async function openAnnouncementsWorld(page: Page, api: Api) {
  const me = await infos(api);
  await api.client.announcements.create({
    body: {
      titre: 'Assemblée générale',
      contenu: 'Vendredi 20 h au club-house. Ordre du jour : https://exemple.fr/ag',
    },
  });
  return me;
}

test('announcements page and dashboard section: no axe violation in the three themes', async ({
  leaderPage: page,
  api,
}) => {
  test.slow(); // several states, each scanned in three themes
  const me = await openAnnouncementsWorld(page, api);
  await page.goto(clubUrl(me.nomClub, 'annonces'));
  const item = page.getByRole('article').filter({ hasText: 'Assemblée générale' });
  await expect(item.getByText(/Lu par 0\//)).toBeVisible();
  await item.getByRole('button', { name: /Assemblée générale/ }).click();
  await item.getByRole('button', { name: 'Voir qui a lu' }).click();
  await expect(item.getByRole('region', { name: /Pas encore lu/ })).toBeVisible();
  await expectNoA11yViolationsInThemes(page);
  await page.goto(clubUrl(me.nomClub, 'dashboard'));
  await expect(page.getByRole('region', { name: /Annonces/ })).toBeVisible();
  await expectNoA11yViolationsInThemes(page);
});
