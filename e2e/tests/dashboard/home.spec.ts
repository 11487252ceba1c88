import type { Browser, Locator, Page } from '@playwright/test';
import {
  Api,
  clubUrl,
  createActiveMember,
  expect,
  expectNoA11yViolationsInThemes,
  infos,
  parisDay,
  screenshotInThemes,
  signIn,
  test,
  uniqueEmail,
} from '../../fixtures.ts';
import type { EndpointInput, api as endpoints } from '@club/contract';

/**
 * The dashboards as a home (docs/decisions/0083-dashboard-home.md), at 375 px: a parent of two
 * children in two teams answers for each from the dashboard, a player answers for themself, a
 * leader goes from a match without score and from a team card to the team's matches and enters the
 * score. Each dashboard passes axe in the three themes and is photographed at 375 and 1280 px.
 * Every answer goes through the convocation endpoint (PUT /api/matches/{id}/convocations).
 */

/** 'YYYY-MM-DDThh:mm:00' on the club's calendar, `days` from today. */
const at = (days: number, time: string) => `${parisDay(days)}T${time}:00`;

interface World {
  nomClub: string;
  parent: { email: string; password: string };
  player: { email: string; password: string };
  lea: number;
  hugo: number;
  paul: number;
  matches: Record<'u17' | 'u15' | 'seniors' | 'played', number>;
}

/** Teams U17, U15, Seniors; Chloé Nicolas's children Léa (U17) and Hugo (U15); Paul in Seniors. */
async function buildWorld(api: Api, browser: Browser): Promise<World> {
  const me = await infos(api);
  const team = (nom: string) =>
    api.client.teams.create({ body: { nom, division: 'D1', category: nom, idClub: me.idClub } });
  const u17 = await team('U17');
  const u15 = await team('U15');
  const seniors = await team('Seniors');
  const child = (prenom: string, nomEquipe: string, dateDeNaissance: string) =>
    api.client.members.create({
      body: {
        nom: 'Nicolas',
        prenom,
        role: 'JOUEUR',
        nomEquipe,
        dateDeNaissance,
        genre: 'Femme',
        numeroTelephone: '0611223366',
        email: uniqueEmail('enfant'),
        clubId: me.idClub,
      },
    });
  const lea = await child('Léa', 'U17', '2009-04-02');
  const hugo = await child('Hugo', 'U15', '2011-09-12');
  const parent = await createActiveMember(api, browser, me.idClub, {
    nom: 'Nicolas',
    prenom: 'Chloé',
    role: 'PARENT',
    nomEquipe: 'U17',
    enfantsIds: [lea.id, hugo.id],
  });
  const player = await createActiveMember(api, browser, me.idClub, {
    nom: 'Leroy',
    prenom: 'Paul',
    role: 'JOUEUR',
    nomEquipe: 'Seniors',
  });
  const match = async (
    teamId: number,
    adversaireNom: string,
    days: number,
    extra: Partial<EndpointInput<typeof endpoints.events.create>['body']> = {},
  ) => {
    const event = await api.client.events.create({
      body: {
        nom: `Championnat contre ${adversaireNom}`,
        type: 'MATCH',
        dateDebut: at(days, '15:00'),
        dateFin: at(days, '17:00'),
        lieux: 'Stade Marcel-Saupin',
        equipesIds: [teamId],
        adversaireNom,
        clubId: me.idClub,
        ...extra,
      },
    });
    if (!event.match) throw new Error('Un événement MATCH crée son match.');
    return event.match.id;
  };
  const matches = {
    u17: await match(u17.id, 'FC Voisin', 3, {
      rendezVous: at(3, '14:00'),
      lieuRendezVous: 'Parking du stade',
    }),
    u15: await match(u15.id, 'AS Loin', 4),
    seniors: await match(seniors.id, 'ES Nord', 2, { rendezVous: at(2, '13:30') }),
    played: await match(seniors.id, 'US Passé', -10),
  };
  return {
    nomClub: me.nomClub,
    parent,
    player,
    lea: lea.id,
    hugo: hugo.id,
    paul: player.id,
    matches,
  };
}

async function newPage(browser: Browser, account: { email: string; password: string }) {
  const { viewport, hasTouch } = test.info().project.use;
  const context = await browser.newContext({ viewport, hasTouch });
  const page = await context.newPage();
  await signIn(page, account);
  return page;
}

/** The "À répondre" card of `who` (a child's first name, or 'Vous'). */
const toAnswer = (page: Page, who: string) =>
  page
    .getByRole('listitem')
    .filter({ has: page.getByText(who, { exact: true }) })
    .filter({ has: page.getByRole('button', { name: 'Présent' }) });

async function expectTouchTarget(button: Locator) {
  const box = await button.boundingBox();
  expect(box, 'the button is laid out').not.toBeNull();
  expect(box!.height).toBeGreaterThanOrEqual(44);
  expect(box!.width).toBeGreaterThanOrEqual(44);
}

const rowOf = async (api: Api, matchId: number, memberId: number) =>
  (await api.client.matches.convocations({ params: { id: matchId } })).find(
    (r) => r.joueur.id === memberId,
  );

/** axe in the three themes, then the screenshots at 375 px and at 1280 px. */
async function checkAndPhotograph(page: Page, name: string) {
  await expect(page.getByRole('status').filter({ hasText: /Chargement/ })).toHaveCount(0);
  await expectNoA11yViolationsInThemes(page);
  await screenshotInThemes(page, `${name}-375`);
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await screenshotInThemes(page, `${name}-1280`);
}

function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

test.describe('[dashboard] the home of each role', () => {
  test('a parent of two children in two teams answers for each from the dashboard', async ({
    leaderPage: _leader,
    api,
    browser,
  }) => {
    test.slow();
    const world = await buildWorld(api, browser);
    const page = await newPage(browser, world.parent);
    const errors = consoleErrors(page);
    await page.goto(clubUrl(world.nomClub, 'U17', 'dashboard'));
    await expect(page.getByRole('heading', { level: 1, name: 'Bienvenue, Chloé !' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'À répondre (2)' })).toBeVisible();

    // Léa (U17): Présent, in place.
    const lea = toAnswer(page, 'Léa');
    await expect(lea).toContainText('U17 – FC Voisin');
    await expect(lea).toContainText('Rendez-vous à 14h00');
    await expectTouchTarget(lea.getByRole('button', { name: 'Présent' }));
    await expectTouchTarget(lea.getByRole('button', { name: 'Absent' }));
    await lea.getByRole('button', { name: 'Présent' }).click();
    await expect(lea.getByText('Réponse enregistrée : Présent pour Léa.')).toBeVisible();

    // Hugo (U15, the other team): Absent, with its justification.
    const hugo = toAnswer(page, 'Hugo');
    await expect(hugo).toContainText('U15 – AS Loin');
    await hugo.getByRole('button', { name: 'Absent' }).click();
    await hugo.getByLabel('Justificatif de l’absence').fill('Stage de musique');
    // The cards while answering (one answered, one with its justification open): axe, and a look.
    await expectNoA11yViolationsInThemes(page);
    await page.screenshot({
      path: test.info().outputPath('accueil-parent-en-reponse-375.png'),
      fullPage: true,
    });
    await hugo.getByRole('button', { name: 'Envoyer', exact: true }).click();
    await expect(hugo.getByText('Réponse enregistrée : Absent pour Hugo.')).toBeVisible();

    // Recorded on each match's convocation, as the coach reads it.
    expect(await rowOf(api, world.matches.u17, world.lea)).toMatchObject({
      statutPresence: 'DISPONIBLE',
    });
    expect(await rowOf(api, world.matches.u15, world.hugo)).toMatchObject({
      statutPresence: 'INDISPONIBLE',
      justificationAbsence: 'Stage de musique',
    });

    // Read again: nothing left to answer; both teams' next matches are there.
    await page.reload();
    await expect(page.getByText('Aucune convocation en attente de réponse.')).toBeVisible();
    const next = page.getByRole('heading', { name: 'Prochains matchs' }).locator('..');
    await expect(next.getByRole('link', { name: 'U17 – FC Voisin' })).toBeVisible();
    await expect(next.getByRole('link', { name: 'U15 – AS Loin' })).toHaveAttribute(
      'href',
      clubUrl(world.nomClub, 'U15', 'matche'),
    );
    await checkAndPhotograph(page, 'accueil-parent');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test('a player answers their convocation from the dashboard', async ({
    leaderPage: _leader,
    api,
    browser,
  }) => {
    test.slow();
    const world = await buildWorld(api, browser);
    const page = await newPage(browser, world.player);
    const errors = consoleErrors(page);
    await page.goto(clubUrl(world.nomClub, 'Seniors', 'dashboard'));
    await expect(page.getByRole('heading', { level: 1, name: 'Bienvenue, Paul !' })).toBeVisible();
    const mine = toAnswer(page, 'Vous');
    await expect(mine).toContainText('Seniors – ES Nord');
    await expect(mine).toContainText('Rendez-vous à 13h30');
    await mine.getByRole('button', { name: 'Présent' }).click();
    await expect(mine.getByText('Réponse enregistrée : Présent.')).toBeVisible();
    await expect(mine.getByRole('button', { name: 'Présent' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(await rowOf(api, world.matches.seniors, world.paul)).toMatchObject({
      statutPresence: 'DISPONIBLE',
    });
    // The week's agenda names the match; the next match card its meeting time.
    const next = page.getByRole('heading', { name: 'Prochains matchs' }).locator('..');
    await expect(next).toContainText('Rendez-vous à 13h30');
    await expect(next).toContainText('Sélection pas encore publiée.');
    await checkAndPhotograph(page, 'accueil-joueur');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test('a leader reaches a team’s matches from the dashboard and from a team card, and enters the score', async ({
    leaderPage: page,
    api,
    browser,
  }) => {
    test.slow();
    const world = await buildWorld(api, browser);
    const errors = consoleErrors(page);
    await page.goto(clubUrl(world.nomClub, 'dashboard'));
    await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();

    // The club's to-dos: the played match without a score, the unanswered convocations, the
    // children's accounts never activated.
    await expect(page.getByRole('heading', { name: 'Matchs joués sans score (1)' })).toBeVisible();
    await expect(
      page.getByRole('heading', { name: 'Convocations sans réponse (3)' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Comptes non activés (2)' })).toBeVisible();
    await expect(page.getByText('Hugo Nicolas, Léa Nicolas')).toBeVisible();
    await checkAndPhotograph(page, 'accueil-dirigeant');
    await page.setViewportSize(test.info().project.use.viewport!);

    // From the match without a score to that team's matches.
    await page.getByRole('link', { name: /Seniors – US Passé/ }).click();
    await expect(page).toHaveURL(new RegExp(`${clubUrl(world.nomClub, 'Seniors', 'matche')}$`));
    await expect(page.getByRole('article').filter({ hasText: 'US Passé' })).toBeVisible();

    // From a team card of the teams page, then the score.
    await page.goto(clubUrl(world.nomClub, 'equipes'));
    await page
      .getByRole('navigation', { name: "Pages de l'équipe Seniors" })
      .getByRole('link', { name: 'Matches' })
      .click();
    await expect(page).toHaveURL(new RegExp(`${clubUrl(world.nomClub, 'Seniors', 'matche')}$`));
    const played = page.getByRole('article').filter({ hasText: 'US Passé' });
    await played.getByRole('button', { name: /Modifier le score/ }).click();
    await played.getByLabel(/score domicile/).fill('2');
    await played.getByLabel(/score extérieur/).fill('1');
    await played.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(played.getByRole('button', { name: 'Enregistrer' })).toHaveCount(0);
    const saved = await api.client.matches.get({ params: { id: world.matches.played } });
    expect([saved.scoreDomicile, saved.scoreExterieur]).toEqual([2, 1]);

    // Back home: nothing left without a score.
    await page.goto(clubUrl(world.nomClub, 'dashboard'));
    await expect(page.getByText('Tous les matchs joués ont leur score.')).toBeVisible();
    expect(errors).toEqual([]);
  });
});
