import {
  Api,
  clubUrl,
  createActiveMember,
  expect,
  expectNoA11yViolationsInThemes,
  infos,
  signedInPage,
  test,
  uniqueEmail,
} from '../../fixtures.ts';

/**
 * The live app in two browser contexts (docs/decisions/0120-live-stream.md,
 * docs/decisions/0121-conversations-and-safeguarding.md): a coach writes in the team's
 * conversation and a parent of a minor player sees it appear without a reload; the coach's match
 * card changes when a player answers from another context. axe in the three themes.
 */

/** 'YYYY-MM-DDThh:mm:ss', `days` from today at `hour`:00 (the club's wall clock). */
function clubDate(days: number, hour: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())}T${p(hour)}:00:00`;
}

test('a coach writes to the team, a parent sees it live; a player answers, the coach’s card changes', async ({
  leaderPage,
  api,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const me = await infos(api);
  const team = await api.client.teams.create({
    body: { nom: 'U13', division: 'D1', category: 'U13', idClub: me.idClub },
  });
  const coach = await createActiveMember(api, browser, me.idClub, {
    nom: 'Petit',
    prenom: 'Marc',
    role: 'ENTRAINEUR',
    nomEquipe: 'U13',
  });
  const kid = await api.client.members.create({
    body: {
      nom: 'Garnier',
      prenom: 'Tom',
      role: 'JOUEUR',
      nomEquipe: 'U13',
      dateDeNaissance: `${new Date().getUTCFullYear() - 12}-05-04`,
      genre: 'Homme',
      numeroTelephone: '0611223344',
      email: uniqueEmail('enfant'),
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
  const player = await createActiveMember(api, browser, me.idClub, {
    nom: 'Moreau',
    prenom: 'Léo',
    role: 'JOUEUR',
    nomEquipe: 'U13',
  });
  await leaderPage.close();

  // The coach opens the team's conversation.
  const coachPage = await signedInPage(browser, coach);
  await coachPage.goto(clubUrl(me.nomClub, 'messages'));
  await expect(coachPage.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible({
    timeout: 20_000,
  });
  await coachPage.getByRole('button', { name: 'Ouvrir' }).click();
  await coachPage.getByRole('link', { name: /U13/ }).click();
  await expect(coachPage.getByText('Aucun message : écrivez le premier.')).toBeVisible();

  // The parent of the minor player is in it, and keeps it open.
  const parentPage = await signedInPage(browser, parent);
  await parentPage.goto(clubUrl(me.nomClub, 'messages'));
  await parentPage.getByRole('link', { name: /U13/ }).click();
  await expect(parentPage.getByText('Julie Garnier (parent)', { exact: false })).toBeVisible();

  // The coach writes; the parent's screen shows it without a reload.
  await coachPage
    .getByLabel('Votre message')
    .fill('Rendez-vous samedi 9 h au stade : https://exemple.fr/plan');
  await coachPage.getByRole('button', { name: 'Envoyer' }).click();
  await expect(coachPage.getByText(/Rendez-vous samedi 9 h/)).toBeVisible();
  await expect(parentPage.getByText(/Rendez-vous samedi 9 h/)).toBeVisible({ timeout: 15_000 });
  await expect(parentPage.getByRole('link', { name: 'https://exemple.fr/plan' })).toBeVisible();
  await expectNoA11yViolationsInThemes(parentPage);

  // A match of the team: the coach's card counts the answers; the player answers elsewhere.
  const event = await api.client.events.create({
    body: {
      nom: 'Match U13',
      type: 'MATCH',
      dateDebut: clubDate(10, 15),
      dateFin: clubDate(10, 17),
      lieux: 'Stade',
      adversaireNom: 'Voisins',
      equipesIds: [team.id],
      clubId: me.idClub,
    } as never,
  });
  const matchId = (event as { match?: { id: number } | null }).match!.id;
  await coachPage.goto(clubUrl(me.nomClub, 'U13', 'matche'));
  const card = coachPage.getByRole('article').filter({ hasText: 'Voisins' });
  await expect(card).toContainText('0 présent', { timeout: 20_000 });
  const playerPage = await signedInPage(browser, player);
  await new Api(playerPage.request, baseURL!).client.matches.answerConvocations({
    params: { id: matchId },
    body: { items: [{ joueurId: player.id, statutPresence: 'DISPONIBLE' }] },
  });
  await expect(card).toContainText('1 présent', { timeout: 15_000 });
});
