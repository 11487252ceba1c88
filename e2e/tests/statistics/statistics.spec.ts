import type { Page } from '@playwright/test';
import {
  Api,
  clubUrl,
  expect,
  expectNoA11yViolations,
  expectNoA11yViolationsInThemes,
  parisDay,
  screenshotInThemes,
  test,
  uniqueEmail,
  seniorsWithCoachAndPlayer,
  signedInPage,
} from '../../fixtures.ts';

/**
 * Team statistics through the production build (docs/decisions/0080-team-statistics.md): two
 * played matches where Zoé is available and never selected, a training held; the coach opens the
 * statistics and sees the chart and the fairness flag (axe in the three themes, no sideways
 * scroll); a player sees only their own figures; the leader's club overview.
 */

const clubDate = (days: number, hour: number) =>
  `${parisDay(days)}T${String(hour).padStart(2, '0')}:00:00`;

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test('[statistics] the coach sees the chart and the fairness flag; a player only their own figures', async ({
  leaderPage,
  api,
  browser,
}) => {
  test.slow();
  const { me, base, coach, leo } = await seniorsWithCoachAndPlayer(api, browser);
  const player = (prenom: string) =>
    api.client.members.create({
      body: {
        ...base,
        nom: 'Fabre',
        prenom,
        role: 'JOUEUR',
        dateDeNaissance: '2004-05-06',
        genre: 'Femme',
        numeroTelephone: '0611223355',
        email: uniqueEmail('joueuse'),
        clubId: me.idClub,
      },
    });
  const ines = await player('Inès');
  const zoe = await player('Zoé');
  const teams = await api.client.teams.listClub({ params: { clubId: me.idClub } });
  const seniors = teams.find((t) => t.nom === 'Seniors')!;

  // History, as the coach: a training held, two played matches (everyone available, Zoé never
  // selected) with their scores.
  const coachPage = await signedInPage(browser, coach);
  const asCoach = new Api(coachPage.context().request, api.baseURL);
  await asCoach.client.events.create({
    body: {
      nom: 'Séance',
      type: 'ENTRAINEMENT',
      lieux: 'Gymnase',
      dateDebut: clubDate(-3, 18),
      dateFin: clubDate(-3, 20),
      equipesIds: [seniors.id],
      clubId: me.idClub,
    },
  });
  for (const [days, score] of [
    [-14, [2, 1]],
    [-7, [0, 0]],
  ] as const) {
    const event = await asCoach.client.events.create({
      body: {
        nom: `Championnat J${-days}`,
        type: 'MATCH',
        lieux: 'Stade',
        dateDebut: clubDate(days, 15),
        dateFin: clubDate(days, 17),
        equipesIds: [seniors.id],
        adversaireNom: 'FC Voisin',
        clubId: me.idClub,
      },
    });
    if (!event.match) throw new Error('Un événement MATCH crée son match.');
    const id = event.match.id;
    await asCoach.client.matches.answerConvocations({
      params: { id },
      body: {
        items: [leo, ines, zoe].map((p) => ({
          joueurId: p.id,
          statutPresence: 'DISPONIBLE',
          justification: null,
        })),
      },
    });
    await asCoach.client.matches.selection({
      params: { id },
      body: {
        joueurs: [
          { membreId: leo.id, selection: 'SELECTIONNE' },
          { membreId: ines.id, selection: 'SELECTIONNE' },
          { membreId: zoe.id, selection: 'NON_RETENU' },
        ],
      },
    });
    await asCoach.client.matches.score({
      params: { id },
      body: {
        scoreDomicile: score[0],
        scoreExterieur: score[1],
      },
    });
  }
  await coachPage.context().close();

  // The coach, from the team's navigation; axe and a screenshot in each theme.
  const url = clubUrl(me.nomClub, 'Seniors', 'statistiques');
  const page = await signedInPage(browser, coach);
  await page.goto(clubUrl(me.nomClub, 'Seniors', 'matche'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const menu = page.getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('link', { name: 'Statistiques' }).click();
  await expect(page).toHaveURL(new RegExp(`${encodeURIComponent('Seniors')}/statistiques`));
  await expect(
    page.getByRole('heading', { level: 1, name: /Statistiques – Seniors/ }),
  ).toBeVisible();
  await expect(page.getByText(/^Chargement/)).toHaveCount(0);
  const chart = page.getByRole('figure');
  await expect(chart).toBeVisible();
  await expect(chart.getByRole('listitem').filter({ hasText: 'Zoé Fabre' })).toContainText(
    'Équité',
  );
  await expect(chart.getByRole('listitem').filter({ hasText: 'Léo Moreau' })).not.toContainText(
    'Équité',
  );
  await expect(
    page.getByRole('status').filter({ hasText: 'Équité du temps de jeu' }),
  ).toContainText('Zoé Fabre');
  // At 375 px each player is a card; from 641 px, a row of the table (decision 0106).
  const narrow = (page.viewportSize()?.width ?? 1280) <= 640;
  const zoeFigures = narrow
    ? page
        .getByRole('list', { name: 'Chiffres par joueur' })
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: 'Zoé Fabre' }) })
    : page
        .getByRole('region', { name: 'Tableau des chiffres par joueur' })
        .getByRole('row', { name: /Zoé Fabre/ });
  await expect(zoeFigures).toContainText(narrow ? 'Alerte équitéOui' : 'Oui');
  await expect(page.getByText('Joués').locator('..')).toContainText('2');
  await expectNoA11yViolationsInThemes(page);
  await noSidewaysScroll(page);
  await screenshotInThemes(page, 'statistiques');
  await page.context().close();

  // Léo: his own figures only, no fairness flag, no export.
  const leoPage = await signedInPage(browser, leo);
  await leoPage.goto(url);
  await expect(leoPage.getByRole('heading', { name: 'Mes chiffres' })).toBeVisible();
  await expect(leoPage.getByRole('figure')).toContainText('Léo Moreau');
  await expect(leoPage.getByText('Zoé Fabre')).toHaveCount(0);
  await expect(leoPage.getByText('Inès Fabre')).toHaveCount(0);
  await expect(leoPage.getByText(/Équité/)).toHaveCount(0);
  await expect(leoPage.getByRole('button', { name: 'Exporter en CSV' })).toHaveCount(0);
  await expectNoA11yViolations(leoPage);
  await noSidewaysScroll(leoPage);
  await leoPage.context().close();

  // The leader's club overview: attendance and results per team, linked to each team's page.
  await leaderPage.goto(clubUrl(me.nomClub, 'statistiques'));
  await expect(
    leaderPage.getByRole('heading', { level: 1, name: 'Statistiques du club' }),
  ).toBeVisible();
  const perTeam = leaderPage.getByRole('region', { name: 'Tableau des chiffres par équipe' });
  await expect(perTeam.getByRole('row', { name: /Seniors/ })).toContainText('2');
  await expect(
    leaderPage.getByRole('figure').getByRole('link', { name: 'Seniors' }),
  ).toHaveAttribute('href', url);
  await expectNoA11yViolations(leaderPage);
  await noSidewaysScroll(leaderPage);
  await leaderPage.screenshot({
    path: test.info().outputPath('statistiques-club.png'),
    fullPage: true,
  });
});
