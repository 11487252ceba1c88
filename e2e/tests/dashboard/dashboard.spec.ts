import type { Browser, Page } from '@playwright/test';
import {
  Api,
  E2E_PASSWORD,
  clubUrl,
  expect,
  expectNoA11yViolationsInThemes,
  screenshotInThemes,
  signIn,
  test,
  uniqueEmail,
  parisDay,
  infos,
  activateFromInvitation,
} from '../../fixtures.ts';

/**
 * Dashboards in Chromium (spec §2 "Dashboard"): the leaders' club dashboard and the team
 * dashboard of a player show the right events and members, the search filters the members, and axe
 * finds nothing in the three themes. Data comes from the real API (events through
 * POST /api/evenements); the player's account is activated from the real invitation mail.
 */

async function createMember(
  api: Api,
  clubId: number,
  fields: { nom: string; prenom: string; role: string; nomEquipe: string },
) {
  const email = uniqueEmail(fields.role.toLowerCase());
  await api.client.members.create({
    body: {
      dateDeNaissance: '2004-02-03',
      genre: 'Homme',
      numeroTelephone: '0611223344',
      email,
      clubId,
      ...fields,
    },
  });
  return { email, password: E2E_PASSWORD };
}

/** A member whose account is activated from the invitation mail. */
async function createActiveMember(
  api: Api,
  browser: Browser,
  clubId: number,
  fields: { nom: string; prenom: string; role: string; nomEquipe: string },
) {
  const since = Date.now();
  const account = await createMember(api, clubId, fields);
  await activateFromInvitation(api, browser, account.email, since);
  return account;
}

async function createEvent(
  api: Api,
  clubId: number,
  fields: {
    nom: string;
    type: string;
    day: string;
    from: string;
    to: string;
    equipesIds: number[];
    adversaireNom?: string;
  },
) {
  const { day, from, to, ...rest } = fields;
  await api.client.events.create({
    body: {
      ...rest,
      dateDebut: `${day}T${from}:00`,
      dateFin: `${day}T${to}:00`,
      lieux: 'Stade Marcel-Saupin',
      clubId,
    },
  });
}

/**
 * The club's world: teams Seniors and U17; the player Hugo Leroy (activated) and Inès Martin in
 * Seniors, Nora Petit in U17; events of today, of the days to come and of the past.
 */
async function buildWorld(api: Api, browser: Browser) {
  const me = await infos(api);
  const team = (nom: string) =>
    api.client.teams.create({
      body: { nom, division: 'R1', category: 'Senior', idClub: me.idClub },
    });
  const seniors = await team('Seniors');
  const u17 = await team('U17');
  const player = await createActiveMember(api, browser, me.idClub, {
    nom: 'Leroy',
    prenom: 'Hugo',
    role: 'JOUEUR',
    nomEquipe: 'Seniors',
  });
  await createMember(api, me.idClub, {
    nom: 'Martin',
    prenom: 'Inès',
    role: 'JOUEUR',
    nomEquipe: 'Seniors',
  });
  await createMember(api, me.idClub, {
    nom: 'Petit',
    prenom: 'Nora',
    role: 'JOUEUR',
    nomEquipe: 'U17',
  });
  const today = parisDay(0);
  const ev = (f: Parameters<typeof createEvent>[2]) => createEvent(api, me.idClub, f);
  await ev({
    nom: 'Séance Seniors',
    type: 'ENTRAINEMENT',
    day: today,
    from: '10:00',
    to: '11:30',
    equipesIds: [seniors.id],
  });
  await ev({
    nom: 'Réunion du club',
    type: 'REUNION',
    day: today,
    from: '08:00',
    to: '09:00',
    equipesIds: [],
  });
  await ev({
    nom: 'Tournoi U17',
    type: 'TOURNOI',
    day: today,
    from: '14:00',
    to: '18:00',
    equipesIds: [u17.id],
  });
  await ev({
    nom: 'Match contre FC Voisin',
    type: 'MATCH',
    day: parisDay(3),
    from: '15:00',
    to: '17:00',
    equipesIds: [seniors.id],
    adversaireNom: 'FC Voisin',
  });
  await ev({
    nom: 'Assemblée générale',
    type: 'REUNION',
    day: parisDay(2),
    from: '19:00',
    to: '21:00',
    equipesIds: [],
  });
  await ev({
    nom: 'Entraînement U17',
    type: 'ENTRAINEMENT',
    day: parisDay(1),
    from: '18:00',
    to: '20:00',
    equipesIds: [u17.id],
  });
  await ev({
    nom: 'Ancienne séance',
    type: 'ENTRAINEMENT',
    day: parisDay(-5),
    from: '18:00',
    to: '20:00',
    equipesIds: [seniors.id],
  });
  return { me, player, seniors, u17 };
}

/** A second browser context at the viewport of the running project (375 px on mobile). */
async function newPage(browser: Browser) {
  const { viewport, hasTouch } = test.info().project.use;
  const context = await browser.newContext({ viewport, hasTouch });
  return context.newPage();
}

const eventNames = (page: Page) =>
  page
    .getByRole('region', { name: /Événements/ })
    .getByRole('article')
    .getByRole('heading');
const memberList = (page: Page, team: string) =>
  page.getByRole('list', { name: `Membres · ${team}` });

async function axeInThreeThemes(page: Page, heading: RegExp | string, shot: string) {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /Chargement/ })).toHaveCount(0);
  await expect(page.getByRole('article').first()).toBeVisible();
  await expectNoA11yViolationsInThemes(page);
  await screenshotInThemes(page, shot);
}

test.describe('[dashboard] leaders and team dashboards', () => {
  test('leader: pick a team, see its events of today and its members, search them; axe in three themes', async ({
    leaderPage: page,
    api,
    browser,
  }) => {
    test.slow();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    const { me } = await buildWorld(api, browser);
    await page.goto(clubUrl(me.nomClub, 'dashboard'));
    await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();
    // It opens on the first team by name (nothing chosen yet), not on an empty choice.
    await expect(page.getByLabel('Équipe').locator('option:checked')).toHaveText(
      'Seniors • R1 • Senior',
    );
    await expect(page.getByText('Sélectionnez une équipe.')).toHaveCount(0);
    // Today's events of Seniors and the team-less one, by start; not the U17 tournament.
    await expect(eventNames(page)).toHaveText(['Réunion du club', 'Séance Seniors']);
    const session = page.getByRole('article', { name: 'Séance Seniors' });
    await expect(session).toContainText('10h00 – 11h30');
    await expect(session).toContainText('Stade Marcel-Saupin');
    await expect(session).toContainText('Entraînement');
    await expect(
      session.locator('.event-type-dot [data-event-type-icon="ENTRAINEMENT"]'),
    ).toBeVisible();

    const list = memberList(page, 'Seniors');
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list).toContainText('Hugo Leroy');
    await expect(list).toContainText('Inès Martin');
    await expect(list.getByText('Actif')).toHaveCount(2);
    await expect(list.locator('img').first()).toHaveAttribute('src', '/avatar-default.svg');

    const search = page.getByLabel('Rechercher un membre (prénom ou nom)');
    await search.fill('ines');
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list).toContainText('Inès Martin');
    await search.fill('Leroy');
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list).toContainText('Hugo Leroy');
    await search.fill('personne');
    await expect(page.getByText('Aucun membre trouvé')).toBeVisible();

    // Another team: its own events and members.
    await page.getByLabel('Équipe').selectOption({ label: 'U17 • R1 • Senior' });
    await expect(eventNames(page)).toHaveText(['Réunion du club', 'Tournoi U17']);
    await expect(memberList(page, 'U17').getByRole('listitem')).toHaveText([/Nora Petit/]);
    await expect(page).toHaveURL(/\?equipe=\d+$/);

    // The next visit (no ?equipe=) reopens on the last chosen team.
    await page.goto(clubUrl(me.nomClub, 'dashboard'));
    await expect(memberList(page, 'U17').getByRole('listitem')).toHaveText([/Nora Petit/]);
    await expect(page.getByLabel('Équipe').locator('option:checked')).toHaveText(
      'U17 • R1 • Senior',
    );

    await axeInThreeThemes(page, 'Tableau de bord', 'dirigeant');
    expect(errors).toEqual([]);
  });

  test('player: welcome, upcoming events of the team and team-less ones, members and search; axe in three themes', async ({
    api,
    browser,
    leaderPage: _leader,
  }) => {
    test.slow();
    const { me, player } = await buildWorld(api, browser);
    const page = await newPage(browser);
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await signIn(page, player);
    await page.goto(clubUrl(me.nomClub, 'Seniors', 'dashboard'));
    await expect(page.getByRole('heading', { level: 1, name: 'Bienvenue, Hugo !' })).toBeVisible();
    await expect(page.getByText(`Équipe Seniors du club ${me.nomClub}`)).toBeVisible();

    // Sorted by start; the U17 training and the past session are not there. Today's events of the
    // team may still be running (or over) depending on the hour: only the later ones are asserted.
    const names = eventNames(page);
    await expect(names.filter({ hasText: 'Assemblée générale' })).toHaveCount(1);
    const shown = await names.allTextContents();
    expect(shown.slice(-2)).toEqual(['Assemblée générale', 'Seniors – FC Voisin']);
    expect(shown).not.toContain('Entraînement U17');
    expect(shown).not.toContain('Tournoi U17');
    expect(shown).not.toContain('Ancienne séance');
    await expect(page.getByRole('article', { name: 'Seniors – FC Voisin' })).toContainText(
      '15h00 – 17h00',
    );

    const list = memberList(page, 'Seniors');
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await page.getByLabel('Rechercher un membre (prénom ou nom)').fill('hugo');
    await expect(list.getByRole('listitem')).toHaveText([/Hugo Leroy/]);

    await axeInThreeThemes(page, 'Bienvenue, Hugo !', 'joueur');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
