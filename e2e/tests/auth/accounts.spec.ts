import {
  LOGIN_MESSAGES,
  PASSWORD_RESET_MESSAGES,
  REGISTRATION_MESSAGES,
  api as endpoints,
} from '@club/contract';
import {
  Api,
  E2E_PASSWORD,
  DEVICE_FINGERPRINT,
  createTeamWithPlayer,
  expect,
  expectNoA11yViolations,
  test,
  unique,
  uniqueEmail,
  waitForMail,
} from '../../fixtures.ts';

/** Account journeys: registration, login, cooldown, reset by e-mail, invitation, logout. */
test.describe('[auth] accounts and sessions', () => {
  test('register a club, sign in, land on /{nomClub}/dashboard', async ({ page }) => {
    const nomClub = `Les Canaris ${unique('c')}`;
    const email = uniqueEmail('jeanne');
    await page.goto('/inscrireClub');
    await expectNoA11yViolations(page);
    await page.getByLabel('Nom', { exact: true }).fill('Dupont');
    await page.getByLabel('Prénom').fill('Jeanne');
    await page.getByLabel('Email').fill(`  ${email.toUpperCase()} `);
    await page.getByLabel('Mot de passe').fill(E2E_PASSWORD);
    await page.getByLabel('Date de naissance').fill('12/04/1985');
    await page.getByLabel('Nom du club').fill(nomClub);
    await page.getByLabel('Sport').selectOption('Handball');
    await page.getByLabel('Genre').selectOption('Femme');
    await page.getByRole('button', { name: 'Inscrire mon club' }).click();
    await expect(page.getByText(REGISTRATION_MESSAGES.success)).toBeVisible();
    await page.waitForURL('**/connexion');
    // The previous screen stays up while the login chunk loads (a transition): wait for the form.
    await expect(page.getByRole('heading', { name: 'Se connecter', level: 1 })).toBeVisible();
    // The page landed on says what happened (decision 0086).
    await expect(
      page.getByRole('status').filter({ hasText: 'Votre club est inscrit.' }),
    ).toBeVisible();

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Mot de passe').fill(E2E_PASSWORD);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL(`/${encodeURIComponent(nomClub)}/dashboard`);
    const nav = page.getByRole('navigation', { name: 'Navigation de l’espace membre' });
    await expect(nav).toContainText(nomClub);
    const burger = page.getByRole('button', { name: /Menu/ });
    if (await burger.isVisible()) await burger.click(); // 375 px: the links sit behind the burger
    await expect(page.getByRole('link', { name: 'Jeanne Dupont' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Tableau de bord' })).toBeVisible();
  });

  test('three failures start a cooldown: inputs disabled, countdown shown', async ({
    page,
    club,
  }) => {
    await page.goto('/connexion');
    await expectNoA11yViolations(page);
    await page.getByLabel('Email').fill(club.email);
    await page.getByLabel('Mot de passe').fill('Mauvais-Passe-123');
    for (let i = 0; i < 3; i++) {
      await page.getByRole('button', { name: 'Se connecter' }).click();
      await expect(page.getByText(LOGIN_MESSAGES.badCredentials)).toBeVisible();
    }
    await expect(page.getByText(/Trop de tentatives\. Réessayez dans [1-3]s\./)).toBeVisible();
    await expect(page.getByLabel('Email')).toBeDisabled();
    await expect(page.getByLabel('Mot de passe')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Se connecter' })).toBeDisabled();
    await expect(page.getByLabel('Email')).toBeEnabled({ timeout: 5_000 });
  });

  test('forgot password → e-mail → new password → sign in', async ({ page, club }) => {
    const since = Date.now();
    await page.goto('/mdpOublie');
    await page.getByLabel('Email').fill(club.email);
    await page.getByRole('button', { name: 'Envoyer le lien' }).click();
    await expect(page.getByText(/Si un compte existe pour cette adresse/)).toBeVisible();
    const mail = await waitForMail(club.email, /Réinitialisation/, { since });
    const link = mail.links.find((l) => l.includes('/mdpOublie?token='))!;
    await page.goto(new URL(link).pathname + new URL(link).search);
    await page.getByLabel('Email').fill(club.email);
    await page.getByLabel('Nouveau mot de passe').fill('Tout-Nouveau-Passe-9');
    await page.getByLabel('Confirmation').fill('Tout-Nouveau-Passe-9');
    await page.getByRole('button', { name: 'Mettre à jour le mot de passe' }).click();
    await expect(page.getByText(PASSWORD_RESET_MESSAGES.success)).toBeVisible();
    await page.waitForURL('**/connexion');
    // The previous screen stays up while the login chunk loads (a transition): wait for the form.
    await expect(page.getByRole('heading', { name: 'Se connecter', level: 1 })).toBeVisible();
    await page.getByLabel('Email').fill(club.email);
    await page.getByLabel('Mot de passe').fill('Tout-Nouveau-Passe-9');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL(`/${encodeURIComponent(club.nomClub)}/dashboard`);
  });

  test('invitation → activation → the player lands on the team dashboard', async ({
    page,
    playwright,
    baseURL,
    club,
  }) => {
    const request = await playwright.request.newContext({ baseURL });
    const leader = new Api(request, baseURL!);
    const login = await leader.send(endpoints.auth.login, {
      body: { email: club.email, password: club.password, deviceFingerprint: 'e2e-leader' },
    });
    expect(login.status, login.text).toBe(200);
    const { idClub } = login.body;
    const team = await leader.send(endpoints.teams.create, {
      body: { nom: 'U15 A', division: 'Régional 1', category: 'U15', idClub },
    });
    expect(team.status, team.text).toBe(201);
    const email = uniqueEmail('ines');
    const created = await leader.send(endpoints.members.create, {
      body: {
        nom: 'Moreau',
        prenom: 'Inès',
        dateDeNaissance: '2010-03-02',
        genre: 'Femme',
        email,
        numeroTelephone: '0600000000',
        role: 'JOUEUR',
        nomEquipe: 'U15 A',
        clubId: idClub,
      },
    });
    expect(created.status, created.text).toBe(201);
    await request.dispose();

    const mail = await waitForMail(email, /Invitation/);
    const link = new URL(mail.links.find((l) => l.includes('/activation?token='))!);
    await page.goto(link.pathname + link.search);
    await expect(page.getByText(/Bonjour Inès Moreau/)).toBeVisible();
    await page.getByLabel('Mot de passe', { exact: true }).fill('Choisi-Par-Moi-2025');
    await page.getByLabel('Confirmation').fill('Choisi-Par-Moi-2025');
    await page.getByRole('button', { name: 'Activer mon compte' }).click();
    await page.waitForURL('**/connexion');
    await expect(
      page.getByRole('status').filter({ hasText: 'Votre compte est activé.' }),
    ).toBeVisible();
    // The previous screen stays up while the login chunk loads (a transition): wait for the form.
    await expect(page.getByRole('heading', { name: 'Se connecter', level: 1 })).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Mot de passe', { exact: true }).fill('Choisi-Par-Moi-2025');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL(`/${encodeURIComponent(club.nomClub)}/U15%20A/dashboard`);
    const burger = page.getByRole('button', { name: /Menu/ });
    await expect(
      page.getByRole('navigation', { name: 'Navigation de l’espace membre' }),
    ).toBeVisible();
    if (await burger.isVisible()) await burger.click();
    await expect(page.getByRole('link', { name: 'Dashboard équipe' })).toBeVisible();
  });

  test('a deep link to a team’s matches, opened signed out, is where sign-in lands', async ({
    page,
    club,
    playwright,
    baseURL,
  }) => {
    // The team is made by the leader in another context: the page itself stays signed out.
    const request = await playwright.request.newContext({ baseURL });
    const leader = new Api(request, baseURL!);
    await leader.client.auth.login({
      body: {
        email: club.email,
        password: club.password,
        deviceFingerprint: DEVICE_FINGERPRINT,
      },
    });
    await createTeamWithPlayer(leader);
    await request.dispose();

    const deepLink = `/${encodeURIComponent(club.nomClub)}/Seniors/matche`;
    await page.goto(deepLink);
    await page.waitForURL('**/connexion'); // the URL stays the spec's
    await expect(page.getByRole('heading', { name: 'Se connecter', level: 1 })).toBeVisible();
    await page.getByLabel('Email').fill(club.email);
    await page.getByLabel('Mot de passe').fill(club.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL(deepLink);
    await expect(
      page.getByRole('heading', { name: "Matches de l'équipe", level: 1 }),
    ).toBeVisible();
  });

  test('logout returns to /connexion and Back shows nothing private', async ({
    leaderPage,
    club,
  }) => {
    const page = leaderPage;
    await page.goto(`/${encodeURIComponent(club.nomClub)}/dashboard`);
    const fingerprint = await page.evaluate(() => localStorage.getItem('deviceFingerprint'));
    const burger = page.getByRole('button', { name: /Menu/ });
    const openMenu = async () => {
      await expect(
        page.getByRole('navigation', { name: 'Navigation de l’espace membre' }),
      ).toBeVisible();
      if (await burger.isVisible()) {
        // The menu closes after a navigation: wait for it, then open it (reading the state once
        // raced with the closing).
        await expect(burger).toHaveAttribute('aria-expanded', 'false');
        await burger.click();
      }
    };
    // Two private pages in the history, so that Back lands on a private URL after logout.
    await openMenu();
    await page.getByRole('link', { name: 'Calendrier', exact: true }).click();
    await page.waitForURL('**/calendrier');
    await openMenu();
    await page.getByRole('button', { name: 'Déconnexion' }).click();
    await page.waitForURL('**/connexion');
    // The page landed on says so (decision 0086).
    await expect(
      page.getByRole('status').filter({ hasText: 'Vous êtes déconnecté.' }),
    ).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('deviceFingerprint'))).toBe(fingerprint);
    await page.goBack();
    // The previous entry is the private dashboard: the guard sends the browser back to /connexion.
    await page.waitForURL('**/connexion');
    await expect(page.getByRole('heading', { name: 'Se connecter' })).toBeVisible();
    await expect(page.getByText(club.nomClub)).toHaveCount(0);
    const me = await page.request.get(endpoints.dashboard.infos.path);
    expect(me.status()).toBe(401);
  });
  test('an account in two clubs switches club from the header and leaves the first one', async ({
    page,
    club,
    playwright,
    baseURL,
  }) => {
    // The same account (one e-mail, one password) creates a second club, signed in, in a context
    // of its own (docs/decisions/0112): POST /api/clubs.
    const second = `Les Dauphins ${unique('c')}`;
    const request = await playwright.request.newContext({ baseURL });
    const account = new Api(request, baseURL!);
    await account.client.auth.login({
      body: { email: club.email, password: club.password, deviceFingerprint: DEVICE_FINGERPRINT },
    });
    const created = await account.client.clubs.create({
      body: { nomClub: second, sportNom: 'Handball' },
    });
    await request.dispose();

    // Signing in opens the club used last (the first one: the second has no session yet).
    await page.goto('/connexion');
    await page.getByLabel('Email').fill(club.email);
    await page.getByLabel('Mot de passe').fill(club.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL(`/${encodeURIComponent(club.nomClub)}/dashboard`);
    const nav = page.getByRole('navigation', { name: 'Navigation de l’espace membre' });
    await expect(nav.locator('.app-nav-names strong')).toHaveText(club.nomClub);
    const pageApi = new Api(page.request, baseURL!);
    const first = await pageApi.client.dashboard.infos();
    expect(first.nomClub).toBe(club.nomClub);
    const oldCookies = (await page.context().storageState()).cookies;

    // The header's switcher, at 375 px: both clubs, the current one chosen.
    const switcher = nav.getByRole('combobox', { name: 'Changer de club', exact: true });
    await expect(switcher).toBeVisible();
    await expect(switcher).toHaveValue(String(first.idClub));
    await expect(switcher.getByRole('option')).toHaveText([club.nomClub, second], {
      useInnerText: true,
    });
    await expectNoA11yViolations(page);

    await switcher.selectOption({ label: second });
    await page.waitForURL(`/${encodeURIComponent(second)}/dashboard`);
    // The header names the club in use (the switcher's options name both).
    const clubName = nav.locator('.app-nav-names strong');
    await expect(clubName).toHaveText(second);
    await expect(switcher).toHaveValue(String(created.idClub));
    await expectNoA11yViolations(page);
    const now = await pageApi.client.dashboard.infos();
    expect([now.idClub, now.nomClub]).toEqual([created.idClub, second]);

    // The first club's pages are out of reach of this session: its URL sends the browser to the
    // second club's home, its rows answer 404 (another club's id), and the session the switch
    // replaced is revoked.
    await page.goto(`/${encodeURIComponent(club.nomClub)}/membres`);
    await page.waitForURL(`/${encodeURIComponent(second)}/dashboard`);
    await expect(clubName).toHaveText(second);
    const firstClub = await pageApi.send(endpoints.clubs.get, { params: { id: first.idClub } });
    expect(firstClub.status).toBe(404);
    const firstMembers = await pageApi.send(endpoints.members.listClub, {
      params: { clubId: first.idClub },
    });
    expect(firstMembers.status).toBe(404);
    const stale = await playwright.request.newContext({
      baseURL,
      storageState: { cookies: oldCookies, origins: [] },
    });
    expect((await new Api(stale, baseURL!).send(endpoints.dashboard.infos)).status).toBe(401);
    await stale.dispose();
  });
});
