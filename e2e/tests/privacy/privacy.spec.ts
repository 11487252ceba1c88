import fs from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import {
  Api,
  clubUrl,
  createActiveMember,
  expect,
  expectNoA11yViolations,
  expectNoA11yViolationsInThemes,
  registerClub,
  showMemberDetails,
  signIn,
  test,
  uniqueEmail,
} from '../../fixtures.ts';
import { api as endpoints, buildPath, type EndpointInput } from '@club/contract';

type MemberBody = EndpointInput<typeof endpoints.members.create>['body'];

/**
 * Privacy by design (docs/privacy.md): what a parent and a player see of their team — no teammate's
 * health status, birth date, licence or measures, no minor's contact details, an adult's only when
 * shared, the coach's always — and the profile's data rights (download, deletion with password).
 */

const minorBirthDate = () => `${new Date().getFullYear() - 15}-03-16`;
const frDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** A page at the project's viewport (375 px on 'mobile'), its own cookies. */
async function newPage(browser: Browser) {
  const { viewport, hasTouch } = test.info().project.use;
  const context = await browser.newContext({ viewport, hasTouch });
  return context.newPage();
}

/** A club with a team « Seniors »: a coach, an injured adult, an adult who shares, a minor and a
 * parent of the minor, and another player; the parent and the player can sign in. */
async function team(api: Api, browser: Browser) {
  const me = await api.client.dashboard.infos();
  await api.client.teams.create({
    body: {
      nom: 'Seniors',
      division: 'R1',
      category: 'Senior',
      idClub: me.idClub,
    },
  });
  const member = (fields: Omit<MemberBody, 'genre' | 'clubId'>) =>
    api.client.members.create({
      body: {
        genre: 'Homme',
        nomEquipe: 'Seniors',
        clubId: me.idClub,
        ...fields,
      },
    });
  const coach = await member({
    nom: 'Entraineur',
    prenom: 'Claude',
    role: 'ENTRAINEUR',
    dateDeNaissance: '1980-02-02',
    email: uniqueEmail('coach'),
    numeroTelephone: '06 10 10 10 10',
  });
  const injured = await member({
    nom: 'Blesse',
    prenom: 'Adam',
    role: 'JOUEUR',
    statut: 'Blessé',
    dateDeNaissance: '1994-07-08',
    email: uniqueEmail('adulte'),
    numeroTelephone: '06 20 20 20 20',
    numeroLicence: 'LIC-ADAM-77',
  });
  const minor = await member({
    nom: 'Mineur',
    prenom: 'Lina',
    role: 'JOUEUR',
    dateDeNaissance: minorBirthDate(),
    email: uniqueEmail('mineure'),
    numeroTelephone: '06 30 30 30 30',
    numeroLicence: 'LIC-LINA-15',
  });
  const sharing = await createActiveMember(api, browser, me.idClub, {
    nom: 'Partage',
    prenom: 'Sami',
    role: 'JOUEUR',
    nomEquipe: 'Seniors',
  });
  const parent = await createActiveMember(api, browser, me.idClub, {
    nom: 'Parent',
    prenom: 'Paula',
    role: 'PARENT',
    nomEquipe: 'Seniors',
    enfantsIds: [minor.id],
  });
  const player = await createActiveMember(api, browser, me.idClub, {
    nom: 'Joueur',
    prenom: 'Jules',
    role: 'JOUEUR',
    nomEquipe: 'Seniors',
  });
  // Sami chooses to share his e-mail and phone, from his own session.
  const samiPage = await newPage(browser);
  const asSami = await signIn(samiPage, sharing);
  await asSami.client.members.update({
    params: { id: sharing.id },
    body: {
      numeroTelephone: '06 40 40 40 40',
      partageCoordonnees: true,
    },
  });
  await samiPage.context().close();
  return { me, coach, injured, minor, sharing, parent, player };
}

/** Everything of the page's main region, hidden details included. */
const mainText = async (page: Page) => (await page.locator('main').textContent()) ?? '';

test.describe('[privacy] a parent and a player look at their team', () => {
  test('they see no teammate’s private data: no status, birth date, licence; contact of the coach and of who shares only', async ({
    leaderPage: _leader,
    api,
    browser,
  }) => {
    test.slow();
    const w = await team(api, browser);
    for (const viewer of [w.player, w.parent]) {
      const page = await newPage(browser);
      await signIn(page, viewer);
      // What reaches the browser, not only what is drawn.
      const answer = page.waitForResponse((r) =>
        r.url().includes(
          buildPath(endpoints.members.listTeam.path, {
            clubId: w.me.idClub,
            nomEquipe: 'Seniors',
          }),
        ),
      );
      await page.goto(clubUrl(w.me.nomClub, 'Seniors', 'membres'));
      await expect(
        page.getByRole('heading', { level: 1, name: /Membres de l'équipe/ }),
      ).toBeVisible();
      const body = await (await answer).text();
      // What the list keeps one click away, opened: the coach's and Sami's details.
      await showMemberDetails(page, /Entraineur/);
      await showMemberDetails(page, /Partage/);
      const text = await mainText(page);
      for (const secret of [
        w.injured.email,
        '06 20 20 20 20',
        'LIC-ADAM-77',
        'Blessé',
        '1994-07-08',
      ])
        expect(body + text, `${viewer.prenom} voit « ${secret} »`).not.toContain(secret);
      // The minor: nothing private for the other families; the parent sees their own child.
      const minorSecrets = [
        w.minor.email,
        '06 30 30 30 30',
        'LIC-LINA-15',
        minorBirthDate(),
        frDate(minorBirthDate()),
      ];
      for (const secret of minorSecrets)
        if (viewer === w.player)
          expect(body + text, `${viewer.prenom} voit « ${secret} »`).not.toContain(secret);
        // (The French date is drawn only once the child's details are opened.)
        else if (secret !== frDate(minorBirthDate())) expect(body).toContain(secret);
      // No status column, no birth-date filter (it would be a lookup).
      await expect(page.getByRole('columnheader', { name: 'Statut' })).toHaveCount(0);
      await expect(page.getByLabel('Date de naissance')).toHaveCount(0);
      // The coach's phone and Sami's shared details are there.
      expect(text).toContain('06 10 10 10 10');
      expect(text).toContain('06 40 40 40 40');
      expect(body).toContain(w.sharing.email);
      await expectNoA11yViolations(page);

      // The team dashboard: no status pill for others.
      await page.goto(clubUrl(w.me.nomClub, 'Seniors', 'dashboard'));
      await expect(page.getByRole('list', { name: 'Membres · Seniors' })).toBeVisible();
      const dashboard = await mainText(page);
      expect(dashboard).toContain('Adam');
      expect(dashboard).not.toContain('Blessé');
      await page.context().close();
    }
  });
});

test.describe('[privacy] the profile’s data rights (axe in the three themes)', () => {
  test('download my data (a JSON file), then delete my account with my password', async ({
    leaderPage: _leader,
    api,
    browser,
  }) => {
    test.slow();
    const me = await api.client.dashboard.infos();
    const account = await createActiveMember(api, browser, me.idClub, {
      nom: 'Droits',
      prenom: 'Dora',
      role: 'JOUEUR',
    });
    const page = await newPage(browser);
    await signIn(page, account);
    await page.goto(clubUrl(me.nomClub, 'profil'));
    const section = page.getByRole('region', { name: 'Mes données' });
    await expect(section).toBeVisible();
    // The sharing choice: off by default.
    await expect(
      page.getByRole('checkbox', {
        name: 'Partager mon e-mail et mon téléphone avec mon équipe',
      }),
    ).not.toBeChecked();
    await expectNoA11yViolationsInThemes(page);

    // Download.
    const download = page.waitForEvent('download');
    await section.getByRole('button', { name: 'Télécharger mes données' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^mes-donnees-club-manager-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(fs.readFileSync((await file.path())!, 'utf8'));
    expect(data.moi.profil).toMatchObject({
      nom: 'Droits',
      prenom: 'Dora',
      email: account.email,
    });
    expect(JSON.stringify(data)).not.toMatch(/argon2|tokenHash|passwordHash/i);

    // Delete: the password first, a wrong one refused, then the confirmation.
    const remove = section.getByRole('button', { name: 'Supprimer mon compte' });
    await remove.click();
    const password = section.getByLabel('Mot de passe *');
    await expect(password).toHaveAccessibleDescription(
      'Saisissez votre mot de passe pour confirmer.',
    );
    await password.fill('Pas-le-bon-mot-2026!');
    await remove.click();
    const confirm = page.getByRole('alertdialog', { name: 'Supprimer mon compte' });
    await expect(confirm).toBeVisible();
    await expectNoA11yViolationsInThemes(page);
    await confirm.getByRole('button', { name: 'Supprimer définitivement mon compte' }).click();
    await expect(password).toHaveAccessibleDescription('Mot de passe incorrect.');
    await expectNoA11yViolationsInThemes(page);
    await password.fill(account.password);
    await remove.click();
    await confirm.getByRole('button', { name: 'Supprimer définitivement mon compte' }).click();
    await expect(section.getByText('Votre compte a été supprimé.')).toBeVisible();
    await page.waitForURL((url) => url.pathname === '/');

    // Signed out for good; the e-mail can serve a new account.
    const anon = new Api(page.request, api.baseURL);
    const login = await anon.send(endpoints.auth.login, {
      body: { email: account.email, password: account.password, deviceFingerprint: 'apres' },
    });
    expect(login.status).toBe(401);
    await registerClub(anon, { email: account.email });
    await page.context().close();
  });
});
