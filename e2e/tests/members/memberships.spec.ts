import type { Browser, Page } from '@playwright/test';
import {
  Api,
  E2E_PASSWORD,
  clubUrl,
  expect,
  expectNoA11yViolations,
  memberAction,
  memberEntry,
  showMemberDetails,
  signIn,
  test,
  uniqueEmail,
  infos,
  activateFromInvitation,
} from '../../fixtures.ts';
import { api as endpoints } from '@club/contract';

/**
 * Membership journeys in Chromium: members in several teams and a parent's children, through the
 * screens of the production build. Data is prepared through the real API; accounts are activated
 * through the real invitation mail.
 */

async function createTeams(api: Api, clubId: number, ...names: string[]) {
  const ids: Record<string, number> = {};
  for (const nom of names) {
    const team = await api.client.teams.create({
      body: { nom, division: 'R1', category: 'Senior', idClub: clubId },
    });
    ids[nom] = team.id;
  }
  return ids;
}

type MemberFields = {
  nom: string;
  prenom: string;
  role: string;
  nomEquipe?: string;
  equipesIds?: number[];
};

/** A member created through the API (invitation mailed, not activated). */
async function createMember(api: Api, clubId: number, fields: MemberFields) {
  const email = uniqueEmail(fields.role.toLowerCase());
  const member = await api.client.members.create({
    body: {
      dateDeNaissance: '2008-02-03',
      genre: 'Homme',
      numeroTelephone: '0611223344',
      email,
      clubId,
      ...fields,
    },
  });
  return { ...member, email };
}

/** A member created through the API whose account is activated from the invitation mail. */
async function createActiveMember(
  api: Api,
  browser: Browser,
  clubId: number,
  fields: MemberFields,
) {
  const since = Date.now();
  const member = await createMember(api, clubId, fields);
  await activateFromInvitation(api, browser, member.email, since);
  return { ...member, password: E2E_PASSWORD };
}

/** A second browser context, at the viewport of the running project (375 px on mobile). */
async function newSignedInPage(browser: Browser, account: { email: string; password: string }) {
  const { viewport, hasTouch } = test.info().project.use;
  const context = await browser.newContext({ viewport, hasTouch });
  const page = await context.newPage();
  const api = await signIn(page, account);
  return { page, api };
}

/** Opens the burger menu when the viewport hides the links behind it (375 px). */
async function openMenu(page: Page) {
  const burger = page.getByRole('button', { name: /Menu/ });
  if ((await burger.isVisible()) && (await burger.getAttribute('aria-expanded')) !== 'true')
    await burger.click();
}

/** Switches team from the navigation bar, as a member of several teams does. */
async function switchTeam(page: Page, team: string) {
  await openMenu(page);
  const nav = page.getByRole('navigation', { name: 'Navigation de l’espace membre' });
  await nav.getByRole('button', { name: "Changer d'équipe" }).click();
  await nav.getByRole('link', { name: new RegExp(`^${team}`) }).click();
}

test.describe('[members] members in several teams, parents and children', () => {
  test('a leader gives a player two teams; the player switches between both teams’ pages', async ({
    leaderPage: page,
    api,
    browser,
  }) => {
    test.slow(); // two accounts, two teams and three pages in one journey
    const me = await infos(api);
    await createTeams(api, me.idClub, 'U17', 'Seniors B');
    const player = await createActiveMember(api, browser, me.idClub, {
      nom: 'Moreau',
      prenom: 'Léo',
      role: 'JOUEUR',
      nomEquipe: 'U17',
    });
    await createMember(api, me.idClub, {
      nom: 'Garnier',
      prenom: 'Inès',
      role: 'JOUEUR',
      nomEquipe: 'U17',
    });
    await createMember(api, me.idClub, {
      nom: 'Fabre',
      prenom: 'Hugo',
      role: 'JOUEUR',
      nomEquipe: 'Seniors B',
    });

    // The leader adds the second team through the member form.
    await page.goto(clubUrl(me.nomClub, 'membres'));
    const row = memberEntry(page, 'Léo');
    await expect(row).toContainText('U17');
    await memberAction(page, 'Léo Moreau', 'Modifier');
    const dialog = page.getByRole('dialog', { name: 'Modifier un membre' });
    await expect(dialog.getByLabel('Équipe', { exact: true })).toHaveValue(
      String(player.equipes[0]!.id),
    );
    await dialog
      .getByRole('group', { name: 'Autres équipes' })
      .getByRole('checkbox', { name: 'Seniors B' })
      .check();
    await dialog.getByRole('button', { name: 'Modifier' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('U17, Seniors B');
    const saved = await api.client.members.get({ params: { id: player.id } });
    expect(saved.equipes.map((t) => t.nom)).toEqual(['U17', 'Seniors B']);

    // The player: primary team's members page, then the other team's from the navigation bar.
    const { page: mine } = await newSignedInPage(browser, player);
    await mine.goto(clubUrl(me.nomClub, 'U17', 'membres'));
    await expect(mine.getByRole('heading', { name: "Membres de l'équipe U17" })).toBeVisible();
    await expect(memberEntry(mine, 'Inès')).toBeVisible();
    // The open switcher passes axe (WCAG 2.1 A/AA), in the burger menu at 375 px.
    await openMenu(mine);
    const toggle = mine.getByRole('button', { name: "Changer d'équipe" });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(mine.getByRole('link', { name: 'U17 (principale)' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await expectNoA11yViolations(mine, { include: 'header' });
    await toggle.click();
    await switchTeam(mine, 'Seniors B');
    await expect(mine).toHaveURL(new RegExp(`${clubUrl(me.nomClub, 'Seniors B', 'membres')}$`));
    await expect(
      mine.getByRole('heading', { name: "Membres de l'équipe Seniors B" }),
    ).toBeVisible();
    await expect(memberEntry(mine, 'Hugo')).toBeVisible();
    await expect(memberEntry(mine, 'Inès')).toHaveCount(0);
    // The bar's team links follow the team of the page.
    await openMenu(mine);
    await expect(mine.getByRole('link', { name: 'Calendrier', exact: true })).toHaveAttribute(
      'href',
      clubUrl(me.nomClub, 'Seniors B', 'calendrier'),
    );
    await mine.getByRole('link', { name: 'Calendrier', exact: true }).click();
    // The calendar arrives in its own chunk: the switcher follows the page once it is shown.
    await expect(mine).toHaveURL(new RegExp(`${clubUrl(me.nomClub, 'Seniors B', 'calendrier')}$`));
    await expect(mine.getByRole('heading', { name: 'Calendrier du club' })).toBeVisible();
    // The spec's header, and whose events a team member's calendar holds (decision 0086).
    await expect(mine.locator('.calendar-scope')).toHaveText(
      /^Équipes (U17, Seniors B|Seniors B, U17) : leurs événements et ceux de tout le club\.$/,
    );
    await switchTeam(mine, 'U17');
    await expect(mine).toHaveURL(new RegExp(`${clubUrl(me.nomClub, 'U17', 'calendrier')}$`));
    await mine.context().close();
  });

  test('a coach of two teams edits numero and poste of both teams’ players, of no third team', async ({
    leaderPage: _leader,
    api,
    browser,
  }) => {
    test.slow(); // three accounts activated by mail, two row menus and dialogs
    const me = await infos(api);
    const teams = await createTeams(api, me.idClub, 'U17', 'Seniors B', 'U15');
    const coach = await createActiveMember(api, browser, me.idClub, {
      nom: 'Petit',
      prenom: 'Marc',
      role: 'ENTRAINEUR',
      equipesIds: [teams['U17']!, teams['Seniors B']!],
    });
    await createMember(api, me.idClub, {
      nom: 'Garnier',
      prenom: 'Inès',
      role: 'JOUEUR',
      nomEquipe: 'U17',
    });
    await createMember(api, me.idClub, {
      nom: 'Fabre',
      prenom: 'Hugo',
      role: 'JOUEUR',
      nomEquipe: 'Seniors B',
    });
    const outsider = await createMember(api, me.idClub, {
      nom: 'Roux',
      prenom: 'Nina',
      role: 'JOUEUR',
      nomEquipe: 'U15',
    });

    const { page, api: asCoach } = await newSignedInPage(browser, coach);
    const edit = async (prenom: string, nom: string, numero: string, poste: string) => {
      const row = memberEntry(page, prenom);
      await memberAction(page, `${prenom} ${nom}`, 'Modifier');
      const modal = page.getByRole('dialog', { name: 'Modifier le membre' });
      await expect(modal.getByLabel('Nom', { exact: true })).toBeDisabled();
      await modal.getByLabel('Numéro maillot').fill(numero);
      await modal.getByLabel('Poste').fill(poste);
      await modal.getByRole('button', { name: 'Sauvegarder' }).click();
      await expect(modal).toBeHidden();
      await expect(row).toContainText(numero);
      await expect(row).toContainText(poste);
    };

    await page.goto(clubUrl(me.nomClub, 'U17', 'membres'));
    await expect(page.getByRole('heading', { name: "Membres de l'équipe U17" })).toBeVisible();
    await edit('Inès', 'Garnier', '7', 'Ailière');
    await switchTeam(page, 'Seniors B');
    await expect(
      page.getByRole('heading', { name: "Membres de l'équipe Seniors B" }),
    ).toBeVisible();
    await edit('Hugo', 'Fabre', '9', 'Pivot');

    // A third team: its page sends the coach home, no edit control anywhere, the API refuses.
    await page.goto(clubUrl(me.nomClub, 'U15', 'membres'));
    await expect(page).toHaveURL(new RegExp(`${clubUrl(me.nomClub, 'U17', 'dashboard')}$`));
    await expect(page.getByRole('button', { name: 'Actions pour Nina Roux' })).toHaveCount(0);
    const refused = await asCoach.send(endpoints.members.update, {
      params: { id: outsider.id },
      body: { numero: 5, poste: 'Arrière', clubId: me.idClub },
    });
    expect([403, 404]).toContain(refused.status);
    expect(
      (
        await asCoach.send(endpoints.members.listTeam, {
          params: { clubId: me.idClub, nomEquipe: 'U15' },
        })
      ).status,
    ).toBe(403);
    const untouched = await api.client.members.get({ params: { id: outsider.id } });
    expect(untouched).toMatchObject({ numero: null, poste: null });
    await page.context().close();
  });

  test('a leader links a parent to two children through the form', async ({
    leaderPage: page,
    api,
  }) => {
    const me = await infos(api);
    await createTeams(api, me.idClub, 'U17', 'U15');
    const zoe = await createMember(api, me.idClub, {
      nom: 'Bernard',
      prenom: 'Zoé',
      role: 'JOUEUR',
      nomEquipe: 'U17',
    });
    const leo = await createMember(api, me.idClub, {
      nom: 'Bernard',
      prenom: 'Léo',
      role: 'JOUEUR',
      nomEquipe: 'U15',
    });

    await page.goto(clubUrl(me.nomClub, 'membres'));
    await page.getByRole('button', { name: '+ Ajouter un membre' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ajouter un membre' });
    const email = uniqueEmail('parent');
    await dialog.getByLabel('Nom *', { exact: true }).fill('Bernard');
    await dialog.getByLabel('Prénom *').fill('Marc');
    await dialog.getByLabel('Date de naissance *').fill('06/05/1980');
    await dialog.getByLabel('Genre *').selectOption('Homme');
    await dialog.getByLabel('Email *').fill(email);
    await dialog.getByLabel('Téléphone *').fill('0612345678');
    // Any adult may have children (decision 0110): offered once the birth date says an adult.
    await expect(dialog.getByRole('group', { name: 'Enfants' })).toBeVisible();
    await dialog.getByLabel('Rôle *').selectOption('PARENT');
    const children = dialog.getByRole('group', { name: 'Enfants' });
    const search = children.getByLabel('Rechercher un enfant parmi les membres');
    await search.fill('bernard zo');
    await children.getByRole('button', { name: 'Ajouter Zoé Bernard' }).click();
    await search.fill('LEO');
    await children.getByRole('button', { name: 'Ajouter Léo Bernard' }).click();
    const linked = children.getByRole('list', { name: 'Enfants liés' });
    await expect(linked).toContainText('Zoé Bernard (U17)');
    await expect(linked).toContainText('Léo Bernard (U15)');
    await dialog.getByRole('button', { name: 'Ajouter', exact: true }).click();
    await expect(dialog).toBeHidden();

    const details = await showMemberDetails(page, 'Marc');
    await expect(details).toContainText('Enfants');
    await expect(details).toContainText('Zoé Bernard');
    await expect(details).toContainText('Léo Bernard');
    const answer = await api.client.members.listClub({ params: { clubId: me.idClub } });
    // Asked without a page, the list comes whole; a page carries its rows in `content`.
    const list = Array.isArray(answer) ? answer : answer.content;
    const parent = list.find((m) => m.email === email)!;
    expect(parent.enfants?.map((c) => c.id).sort()).toEqual([zoe.id, leo.id].sort());

    // Editing shows them again.
    await memberAction(page, 'Marc Bernard', 'Modifier');
    const edit = page.getByRole('dialog', { name: 'Modifier un membre' });
    await expect(edit.getByRole('list', { name: 'Enfants liés' })).toContainText('Zoé Bernard');
    await expect(edit.getByRole('list', { name: 'Enfants liés' })).toContainText('Léo Bernard');
  });
});
