import type { Browser, Page } from '@playwright/test';
import {
  Api,
  clubUrl,
  createActiveMember,
  createTeam,
  expect,
  expectNoA11yViolations,
  fillDateTime,
  infos,
  parisDay,
  readMails,
  signedInPage,
  test,
  waitForMail,
} from '../../fixtures.ts';

/**
 * The week of use at 375 px, as each role meets it (docs/decisions/0105 and 0107): a coach of two
 * teams (U17 and U15) creates a match and a training from the U17 team's area — the form offers
 * U17 first and preselects it, nothing else —, then moves the match to U15: the U17 player gets
 * the withdrawal mail and her old link says so; a U15 player answers « Présent » from the
 * convocation e-mail, which the landing page records on opening. Through the production build,
 * the real server and its SMTP server.
 */

/** A page of its own, nobody signed in, at the project's width: a mail link opened on a phone. */
async function anonymousPage(browser: Browser): Promise<Page> {
  const { viewport, hasTouch } = test.info().project.use;
  const context = await browser.newContext({ viewport, hasTouch });
  return context.newPage();
}

const answerLink = (links: string[], presence: 'DISPONIBLE' | 'INDISPONIBLE') =>
  links.find((l) => l.includes('/convocation/reponse?') && l.includes(`presence=${presence}`));

test('[week of use] a coach of two teams creates from one team’s area, moves the match; the withdrawn are told; a player answers from the e-mail', async ({
  leaderPage: _leader,
  api,
  browser,
}) => {
  // Four accounts, three mails and four browsers on a loaded 2-core machine.
  test.slow();
  const me = await infos(api);
  const u17 = await createTeam(api, me.idClub, { nom: 'U17', division: 'R2', category: 'U17' });
  const u15 = await createTeam(api, me.idClub, { nom: 'U15', division: 'R2', category: 'U15' });
  const coach = await createActiveMember(api, browser, me.idClub, {
    nom: 'Petit',
    prenom: 'Marc',
    role: 'ENTRAINEUR',
    // Coach of both teams; U15 first, as the club's order would put it before U17.
    equipesIds: [u15.id, u17.id],
  });
  const zoe = await createActiveMember(api, browser, me.idClub, {
    nom: 'Roux',
    prenom: 'Zoé',
    role: 'JOUEUR',
    nomEquipe: 'U17',
    dateDeNaissance: '2009-04-05',
  });
  const tom = await createActiveMember(api, browser, me.idClub, {
    nom: 'Fabre',
    prenom: 'Tom',
    role: 'JOUEUR',
    nomEquipe: 'U15',
    dateDeNaissance: '2011-05-06',
  });

  // The coach, on a phone, in the U17 area's calendar.
  const page = await signedInPage(browser, coach);
  const asCoach = new Api(page.context().request, api.baseURL);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(clubUrl(me.nomClub, 'U17', 'calendrier'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Chargement des événements...')).toHaveCount(0);

  // A match: « Équipe (base) » is U17, listed first; the coach types the rest.
  const matchDay = parisDay(2);
  const trainingDay = parisDay(3);
  const since = Date.now();
  await page.getByRole('button', { name: '+ Ajouter un événement' }).click();
  const create = page.getByRole('dialog', { name: 'Créer un événement' });
  await create.getByLabel('Type *').selectOption('MATCH');
  const base = create.getByLabel('Équipe (base) *');
  await expect(base).toHaveValue(String(u17.id));
  await expect(base.locator('option')).toHaveText(['Choisir une équipe', /^U17 •/, /^U15 •/]);
  await create.getByLabel('Nom *').fill('Coupe de district');
  await create.getByLabel('Lieu *').fill('Stade de la Cholière');
  await fillDateTime(create, 'Début *', 'Heure de début', `${matchDay}T15:00`);
  await fillDateTime(create, 'Fin *', 'Heure de fin', `${matchDay}T17:00`);
  await create.getByLabel('Adversaire (hors plateforme)').fill('US Orvault');
  await create.getByRole('button', { name: 'Créer', exact: true }).click();
  await expect(create).toHaveCount(0);

  // A training: only U17 ticked, U15 offered but not ticked.
  await page.getByRole('button', { name: '+ Ajouter un événement' }).click();
  await create.getByLabel('Type *').selectOption('ENTRAINEMENT');
  const concerned = create.getByRole('group', { name: 'Équipes concernées' });
  await expect(concerned.getByRole('checkbox')).toHaveCount(2);
  await expect(concerned.getByRole('checkbox', { name: /^U17 •/ })).toBeChecked();
  await expect(concerned.getByRole('checkbox', { name: /^U15 •/ })).not.toBeChecked();
  await expect(concerned.getByRole('checkbox').first()).toHaveAccessibleName(/^U17 •/);
  await create.getByLabel('Nom *').fill('Séance spécifique');
  await create.getByLabel('Lieu *').fill('Gymnase Jean Moulin');
  await fillDateTime(create, 'Début *', 'Heure de début', `${trainingDay}T18:00`);
  await fillDateTime(create, 'Fin *', 'Heure de fin', `${trainingDay}T20:00`);
  await create.getByRole('button', { name: 'Créer', exact: true }).click();
  await expect(create).toHaveCount(0);

  const events = await asCoach.client.events.listClub({ params: { clubId: me.idClub } });
  const match = events.find((e) => e.nom === 'Coupe de district')!;
  const training = events.find((e) => e.nom === 'Séance spécifique')!;
  expect(match).toMatchObject({ type: 'MATCH', equipesIds: [u17.id] });
  expect(training).toMatchObject({ type: 'ENTRAINEMENT', equipesIds: [u17.id] });
  const matchId = match.match!.id;
  const convocations = async () =>
    (await asCoach.client.matches.convocations({ params: { id: matchId } })).map((r) => ({
      joueur: r.joueur.id,
      statutPresence: r.statutPresence,
    }));
  expect(await convocations()).toEqual([{ joueur: zoe.id, statutPresence: null }]);

  // Zoé (U17) gets her convocation; nobody of U15 is mailed about the match.
  // The mail names the match as the screens do, home side first (decision 0143); the
  // event's own name is a detail line.
  const convocation = await waitForMail(zoe.email, /^Convocation : U17 – US Orvault le /, {
    since,
    timeout: 30_000,
  });
  expect(convocation.text).toMatch(/Match : U17 – US Orvault\r?\nIntitulé : Coupe de district/);
  const zoePresent = answerLink(convocation.links, 'DISPONIBLE');
  expect(zoePresent, `liens du mail : ${convocation.links.join(' ')}`).toBeTruthy();
  expect(
    readMails().filter(
      (m) => m.to.includes(tom.email.toLowerCase()) && Date.parse(m.receivedAt) >= since,
    ),
  ).toEqual([]);

  // The coach moves the match to U15 from the calendar: the phone opens on the match's day, the
  // first of the coming days with an event (decision 0088).
  const moved = Date.now();
  await page.reload();
  const box = page.locator('.club-event-content', { hasText: 'US Orvault' }).first();
  await expect(box).toBeVisible({ timeout: 20_000 });
  await box.click();
  const edit = page.getByRole('dialog', { name: 'Modifier un événement' });
  await expect(edit.getByLabel('Équipe (base) *')).toHaveValue(String(u17.id));
  await edit.getByLabel('Équipe (base) *').selectOption(String(u15.id));
  await edit.getByRole('button', { name: 'Modifier', exact: true }).click();
  await expect(edit).toHaveCount(0);
  expect(await convocations()).toEqual([{ joueur: tom.id, statutPresence: null }]);

  // Zoé is told, kindly; her old link says so and records nothing.
  // The match named as it now is: U15's.
  const withdrawal = await waitForMail(
    zoe.email,
    /^Vous n'êtes plus convoqué\(e\) pour U15 – US Orvault le /,
    { since: moved, timeout: 30_000 },
  );
  expect(withdrawal.text).toContain('Intitulé : Coupe de district');
  expect(withdrawal.text).toContain("Il n'y a rien à faire");
  expect(answerLink(withdrawal.links, 'DISPONIBLE')).toBeUndefined();
  const zoePage = await anonymousPage(browser);
  await zoePage.goto(zoePresent!);
  // The answer page's code given time on a loaded machine (it is the page's first load).
  await expect(zoePage.getByText("Vous n'êtes plus convoqué(e) pour ce match.")).toBeVisible({
    timeout: 20_000,
  });
  await expect(zoePage.getByRole('button', { name: 'Confirmer', exact: true })).toHaveCount(0);
  await zoePage.context().close();
  expect(await convocations()).toEqual([{ joueur: tom.id, statutPresence: null }]);

  // Tom (U15) answers from his e-mail's « Présent » link: the page records it on opening.
  const tomMail = await waitForMail(tom.email, /^Convocation : U15 – US Orvault le /, {
    since: moved,
    timeout: 30_000,
  });
  expect(tomMail.text).toContain('Intitulé : Coupe de district');
  const tomPresent = answerLink(tomMail.links, 'DISPONIBLE');
  expect(tomPresent, `liens du mail : ${tomMail.links.join(' ')}`).toBeTruthy();
  const tomPage = await anonymousPage(browser);
  await tomPage.goto(tomPresent!);
  await expect(
    tomPage.getByRole('status').filter({ hasText: 'Réponse enregistrée' }),
  ).toContainText('Réponse enregistrée : Présent.', { timeout: 20_000 });
  await expect(
    tomPage.getByRole('group', { name: 'Réponse de Tom Fabre' }).getByLabel('Présent'),
  ).toBeChecked();
  await tomPage.context().close();
  expect(await convocations()).toEqual([{ joueur: tom.id, statutPresence: 'DISPONIBLE' }]);

  // The training was never the U15's: no mail to Tom names it.
  expect(
    readMails().some(
      (m) => m.to.includes(tom.email.toLowerCase()) && m.subject.includes('Séance spécifique'),
    ),
  ).toBe(false);
  // The coach's week on the phone: a list of the week's events, each as wide as the screen
  // allows (seven time-grid columns left 35 px per event; decision 0139).
  const main = page.locator('.calendar-main');
  await main
    .getByRole('button', { name: 'Semaine', exact: true })
    .or(main.getByRole('tab', { name: 'Semaine', exact: true }))
    .click();
  await expect(main).toHaveAttribute('data-view', 'listWeek');
  await expect(box).toBeVisible({ timeout: 20_000 });
  expect((await box.boundingBox())!.width).toBeGreaterThan(200);
  await expectNoA11yViolations(page, { include: '.calendar-main' });
  await page.screenshot({ path: test.info().outputPath('week-list.png'), fullPage: true });
  expect(errors).toEqual([]);
  await page.context().close();
});
