import {
  createActiveMember,
  createTeam,
  expect,
  expectNoA11yViolationsInThemes,
  openCalendar,
  parisDateTime,
  signedInPage,
  test,
  uniqueEmail,
} from '../../fixtures.ts';

/**
 * Volunteer duties through the production build at phone width (docs/decisions/0130-0134): a
 * parent opens the U11 match of the coming hours in the calendar and taps « Je m'inscris » for « Lavage des
 * maillots » (for her son); the coach opens the match and sees her; he reads the fair proposal for
 * the « Buvette » (the Roux family: the Martins are already on duty that day), applies it; axe in
 * the three themes on the duties panel.
 */
test('[duties] a parent signs up for the kit washing; the coach sees it and applies a fair proposal', async ({
  leaderPage,
  api,
  browser,
}) => {
  test.slow();
  // The leader's session (leaderPage) signs the API calls below in.
  await expect(leaderPage).toHaveURL(/./);
  const me = await api.client.dashboard.infos();
  const team = await createTeam(api, me.idClub, { nom: 'U11', division: 'D1', category: 'U11' });
  const child = (prenom: string, nom: string) =>
    api.client.members.create({
      body: {
        nom,
        prenom,
        dateDeNaissance: `${new Date().getFullYear() - 10}-05-01`,
        genre: 'Homme',
        numeroTelephone: '0611223344',
        email: uniqueEmail(prenom.toLowerCase()),
        role: 'JOUEUR',
        nomEquipe: 'U11',
        clubId: me.idClub,
      },
    });
  const leo = await child('Léo', 'Martin');
  const zoe = await child('Zoé', 'Roux');
  await api.client.members.create({
    body: {
      nom: 'Roux',
      prenom: 'Anne',
      dateDeNaissance: '1985-02-03',
      genre: 'Femme',
      numeroTelephone: '0611223355',
      email: uniqueEmail('anne'),
      role: 'PARENT',
      enfantsIds: [zoe.id],
      clubId: me.idClub,
    },
  });
  const parent = await createActiveMember(api, browser, me.idClub, {
    nom: 'Martin',
    prenom: 'Sophie',
    role: 'PARENT',
    enfantsIds: [leo.id],
    dateDeNaissance: '1984-03-01',
  });
  const coach = await createActiveMember(api, browser, me.idClub, {
    nom: 'Petit',
    prenom: 'Marc',
    role: 'ENTRAINEUR',
    nomEquipe: 'U11',
  });
  // Two hours ahead (sign-ups close at the start), whatever the hour the suite runs at.
  const match = await api.client.events.create({
    body: {
      nom: 'Match U11',
      type: 'MATCH',
      lieux: 'Stade municipal',
      dateDebut: parisDateTime(120),
      dateFin: parisDateTime(210),
      equipesIds: [team.id],
      adversaireNom: 'FC Voisin',
      clubId: me.idClub,
    },
  });
  await api.client.duties.replace({
    params: { id: match.id },
    body: [
      { libelle: 'Lavage des maillots', places: 1 },
      { libelle: 'Buvette', places: 1 },
    ],
  });

  // The parent, at 375 px: the match in the calendar, « Je m'inscris » for the kit washing.
  const parentPage = await signedInPage(browser, parent);
  // A phone opens on the first day with events (decision 0088): tomorrow late in the evening.
  await openCalendar(parentPage, me.nomClub);
  await parentPage.locator('.club-event-content', { hasText: 'FC Voisin' }).first().click();
  const detail = parentPage.getByRole('dialog');
  const panel = detail.getByRole('region', { name: 'Tâches bénévoles' });
  await expect(panel).toBeVisible({ timeout: 20_000 });
  const washing = panel.getByRole('listitem').filter({ hasText: 'Lavage des maillots' });
  await washing.getByRole('button', { name: /^Je m'inscris/ }).click();
  await expect(washing.getByText('Complet')).toBeVisible();
  await expect(washing.getByText('Bénévoles : Sophie Martin')).toBeVisible();
  await expect(washing.getByRole('button', { name: /^Je ne peux plus/ })).toBeVisible();
  await expectNoA11yViolationsInThemes(parentPage, { include: '.duties-panel' });

  // The coach opens the match: Sophie washes the kits; the fair proposal, read then applied.
  const coachPage = await signedInPage(browser, coach);
  await openCalendar(coachPage, me.nomClub);
  await coachPage.locator('.club-event-content', { hasText: 'FC Voisin' }).first().click();
  const coachPanel = coachPage
    .getByRole('dialog')
    .getByRole('region', { name: 'Tâches bénévoles' });
  await expect(coachPanel).toBeVisible({ timeout: 20_000 });
  await expect(
    coachPanel
      .getByRole('listitem')
      .filter({ hasText: 'Lavage des maillots' })
      .getByText('Bénévoles : Sophie Martin'),
  ).toBeVisible();
  await coachPanel.getByRole('button', { name: 'Répartition équitable' }).click();
  await expect(coachPanel.getByText('Buvette : Famille Roux (0 tâche cette saison)')).toBeVisible();
  await coachPanel.getByRole('button', { name: 'Appliquer la répartition' }).click();
  await expect(
    coachPanel.getByText('Répartition appliquée : les familles sont prévenues.'),
  ).toBeVisible();
  await expect(
    coachPanel
      .getByRole('listitem')
      .filter({ hasText: 'Buvette' })
      .getByText('Bénévoles : Anne Roux'),
  ).toBeVisible();
  await expectNoA11yViolationsInThemes(coachPage, { include: '.duties-panel' });
  // No horizontal scrolling at 375 px.
  expect(
    await coachPage.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
  ).toBe(true);
});
