import {
  clubUrl,
  createActiveMember,
  expect,
  expectNoA11yViolationsInThemes,
  infos,
  signedInPage,
  test,
  uniqueEmail,
  parisDateTime,
} from '../../fixtures.ts';

/**
 * Match day live at 375 px (docs/decisions/0125-match-sheet-and-live-actions.md,
 * docs/decisions/0129-live-sheet-screen.md): the coach records a goal and a substitution in the
 * live sheet in two taps each while a parent, in another browser context, sees the score change
 * without a reload; an action entered offline is sent once when the network is back. axe in the
 * three themes.
 */

test('the coach records a goal and a substitution; a parent sees the score change live', async ({
  leaderPage,
  api,
  browser,
}) => {
  test.setTimeout(150_000);
  const me = await infos(api);
  const team = await api.client.teams.create({
    body: { nom: 'U15', division: 'D1', category: 'U15', idClub: me.idClub },
  });
  const coach = await createActiveMember(api, browser, me.idClub, {
    nom: 'Petit',
    prenom: 'Marc',
    role: 'ENTRAINEUR',
    nomEquipe: 'U15',
  });
  const kid = await api.client.members.create({
    body: {
      nom: 'Garnier',
      prenom: 'Tom',
      role: 'JOUEUR',
      nomEquipe: 'U15',
      dateDeNaissance: `${new Date().getUTCFullYear() - 14}-05-04`,
      genre: 'Homme',
      numeroTelephone: '0611223344',
      email: uniqueEmail('enfant'),
      clubId: me.idClub,
    },
  });
  const sub = await api.client.members.create({
    body: {
      nom: 'Moreau',
      prenom: 'Léo',
      role: 'JOUEUR',
      nomEquipe: 'U15',
      dateDeNaissance: `${new Date().getUTCFullYear() - 14}-02-01`,
      genre: 'Homme',
      numeroTelephone: '0611223355',
      email: uniqueEmail('remplacant'),
      clubId: me.idClub,
    },
  });
  const parent = await createActiveMember(api, browser, me.idClub, {
    nom: 'Garnier',
    prenom: 'Julie',
    role: 'PARENT',
    enfantsIds: [kid.id],
    dateDeNaissance: '1985-03-02',
  });
  // A match that kicked off 20 minutes ago, its selection published.
  const event = await api.client.events.create({
    body: {
      nom: 'Match U15',
      type: 'MATCH',
      dateDebut: parisDateTime(-20),
      dateFin: parisDateTime(70),
      lieux: 'Stade',
      adversaireNom: 'Voisins',
      equipesIds: [team.id],
      clubId: me.idClub,
    } as never,
  });
  const matchId = (event as { match?: { id: number } | null }).match!.id;
  await api.client.matches.selection({
    params: { id: matchId },
    body: {
      joueurs: [
        { membreId: kid.id, selection: 'SELECTIONNE' },
        { membreId: sub.id, selection: 'REMPLACANT' },
      ],
      publier: true,
    },
  });
  await leaderPage.close();

  // The parent opens the match's live panel and keeps it open.
  const parentPage = await signedInPage(browser, parent);
  await parentPage.goto(clubUrl(me.nomClub, 'U15', 'matche'));
  const parentCard = parentPage.getByRole('article').filter({ hasText: 'Voisins' });
  await parentCard.getByRole('button', { name: /^Direct/ }).click({ timeout: 20_000 });
  const parentScore = parentCard.getByTestId('score-direct');
  await expect(parentScore).toHaveText('0 – 0', { timeout: 20_000 });

  // The coach: a goal in two taps (action, then player), the minute prefilled from the kick-off.
  const coachPage = await signedInPage(browser, coach);
  await coachPage.goto(clubUrl(me.nomClub, 'U15', 'matche'));
  const card = coachPage.getByRole('article').filter({ hasText: 'Voisins' });
  await card.getByRole('button', { name: /^Direct/ }).click({ timeout: 20_000 });
  const live = card.getByRole('region', { name: 'Direct' });
  await expect(live.getByLabel('Minute')).toHaveValue(/^(19|20|21)$/);
  await live
    .getByRole('group', { name: 'Action' })
    .getByRole('button', { name: 'But', exact: true })
    .click();
  await live
    .getByRole('group', { name: 'Joueur : But' })
    .getByRole('button', { name: /Tom Garnier/ })
    .click();
  await expect(live.getByTestId('score-direct')).toHaveText('1 – 0');

  // The parent's screen follows without a reload.
  await expect(parentScore).toHaveText('1 – 0', { timeout: 15_000 });

  // A substitution: Tom off, Léo on.
  await live
    .getByRole('group', { name: 'Action' })
    .getByRole('button', { name: 'Sortie', exact: true })
    .click();
  await live
    .getByRole('group', { name: 'Joueur : Sortie' })
    .getByRole('button', { name: /Tom Garnier/ })
    .click();
  await live
    .getByRole('group', { name: 'Action' })
    .getByRole('button', { name: 'Entrée', exact: true })
    .click();
  await live
    .getByRole('group', { name: 'Joueur : Entrée' })
    .getByRole('button', { name: /Léo Moreau/ })
    .click();
  const list = live.getByRole('list', { name: 'Actions du match' });
  await expect(list).toContainText('Entrée — Léo Moreau');
  await expect(list).toContainText('Sortie — Tom Garnier');
  await expect(parentCard.getByRole('list', { name: 'Actions du match' })).toContainText(
    'Entrée — Léo Moreau',
    { timeout: 15_000 },
  );

  // Offline: an opponent's goal waits on the phone and is sent once when the network is back.
  await coachPage.context().setOffline(true);
  await live
    .getByRole('group', { name: 'Action' })
    .getByRole('button', { name: 'But adverse', exact: true })
    .click();
  await expect(list).toContainText('But adverse');
  const opponentGoals = async () =>
    (await api.client.matchSheet.live({ params: { id: matchId } })).actions.filter(
      (a) => a.type === 'BUT_ADVERSAIRE',
    ).length;
  expect(await opponentGoals()).toBe(0);
  await coachPage.context().setOffline(false);
  await expect.poll(opponentGoals, { timeout: 40_000 }).toBe(1);
  await expect(parentScore).toHaveText('1 – 1', { timeout: 15_000 });
  await coachPage.waitForTimeout(1_000);
  expect(await opponentGoals()).toBe(1);

  await expectNoA11yViolationsInThemes(coachPage);
  await expectNoA11yViolationsInThemes(parentPage);
});
