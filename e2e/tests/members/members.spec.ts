import type { Browser } from '@playwright/test';
import {
  expect,
  memberAction,
  memberEntry,
  showMemberDetails,
  signIn,
  test,
  unique,
  uniqueEmail,
  waitForMail,
  infos,
  clubUrl,
  createActiveMember,
} from '../../fixtures.ts';

/**
 * Members journeys in Chromium: club members, teams, team members and profile, driven through the
 * screens of the production build; data is prepared through the real API, accounts are activated
 * through the real invitation mail.
 */

async function newSignedInPage(browser: Browser, account: { email: string; password: string }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, account);
  return page;
}

test.describe('[members] club members, teams, team members, profile', () => {
  test('a leader adds a player (invitation mailed), edits, filters and deletes members', async ({
    leaderPage: page,
    api,
  }) => {
    test.slow(); // mails, and the undo window of a deletion (6 s)
    const me = await infos(api);
    await api.client.teams.create({
      body: {
        nom: 'Seniors',
        division: 'R1',
        category: 'Senior',
        idClub: me.idClub,
      },
    });
    await page.goto(clubUrl(me.nomClub, 'membres'));
    await expect(page.getByRole('heading', { name: 'Membres du Club' })).toBeVisible();

    await page.getByRole('button', { name: '+ Ajouter un membre' }).click();
    await expect(
      page.getByRole('button', { name: 'Fermer', exact: true, expanded: true }),
    ).toBeVisible();
    const dialog = page.getByRole('dialog', { name: 'Ajouter un membre' });
    await expect(dialog.getByLabel('Statut')).toHaveValue('Actif');
    const email = uniqueEmail('joueur');
    await dialog.getByLabel('Nom *', { exact: true }).fill('Lefèvre');
    await dialog.getByLabel('Prénom *').fill('Hélène');
    await dialog.getByLabel('Date de naissance *').fill('06/05/2004');
    await dialog.getByLabel('Genre *').selectOption('Femme');
    await dialog.getByLabel('Email *').fill(email);
    await dialog.getByLabel('Téléphone *').fill('0612345678');
    await dialog.getByLabel('Rôle *').selectOption('JOUEUR');
    await dialog.getByLabel('Équipe').selectOption('Seniors');
    const since = Date.now();
    await dialog.getByRole('button', { name: 'Ajouter', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: '+ Ajouter un membre' })).toBeVisible();

    const row = memberEntry(page, 'Hélène');
    await expect(row).toContainText('Lefèvre');
    await expect(row).toContainText('Seniors');
    await expect(row).toContainText('Actif');
    await expect(row).toContainText('Compte non activé');
    const mail = await waitForMail(email, /Invitation/, { since });
    expect(mail.links.some((l) => l.includes('/activation?token='))).toBeTruthy();

    // Resend the invitation.
    const again = Date.now();
    await memberAction(page, 'Hélène Lefèvre', "Renvoyer l'invitation");
    await expect(page.getByRole('status').filter({ hasText: 'Invitation renvoyée' })).toBeVisible();
    await waitForMail(email, /Invitation/, { since: again });

    // Edit.
    await memberAction(page, 'Hélène Lefèvre', 'Modifier');
    const edit = page.getByRole('dialog', { name: 'Modifier un membre' });
    await expect(edit.getByLabel('Date de naissance *')).toHaveValue('06/05/2004');
    await edit.getByLabel('Statut').selectOption('Blessé');
    await edit.getByLabel('N° Licence').fill('LIC-42');
    await edit.getByRole('button', { name: 'Modifier' }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Membre modifié.' })).toBeVisible();
    await expect(row).toContainText('Blessé');
    // The licence and the e-mail are one click away (decision 0031).
    const details = await showMemberDetails(page, 'Hélène');
    await expect(details).toContainText('LIC-42');
    await expect(details).toContainText(email);

    // Filter, ignoring accents and case.
    await page.getByRole('search').getByLabel('Nom', { exact: true }).fill('LEFEVRE');
    await expect(page.getByText('1 membre', { exact: true })).toBeVisible();
    await page.getByRole('search').getByLabel('Nom', { exact: true }).fill('personne');
    await expect(page.getByText('Aucun membre trouvé')).toBeVisible();
    await page.getByRole('button', { name: 'Effacer les filtres' }).click();
    await expect(row).toBeVisible();

    // Delete, after the spec's confirmation in a dialog: sent at once (decision 0087); 'Annuler'
    // in the toast restores the member on the server.
    const onServer = async () => {
      const answer = await api.client.members.listClub({ params: { clubId: me.idClub } });
      const list = Array.isArray(answer) ? answer : answer.content;
      return list.some((m) => m.email === email);
    };
    await memberAction(page, 'Hélène Lefèvre', 'Supprimer');
    let confirm = page.getByRole('alertdialog', { name: 'Supprimer un membre' });
    await expect(confirm).toContainText('Voulez-vous vraiment supprimer ce membre ?');
    await confirm.getByRole('button', { name: 'Supprimer Hélène Lefèvre' }).click();
    await expect(row).toHaveCount(0);
    const toast = page.getByRole('region', { name: 'Notifications' });
    await expect(toast.getByRole('button', { name: 'Annuler' })).toBeVisible();
    await expect.poll(onServer).toBe(false);
    await toast.getByRole('button', { name: 'Annuler' }).click();
    await expect(toast.getByText('Membre restauré.')).toBeVisible();
    await expect(row).toHaveCount(1);
    await expect.poll(onServer).toBe(true);
    await memberAction(page, 'Hélène Lefèvre', 'Supprimer');
    confirm = page.getByRole('alertdialog', { name: 'Supprimer un membre' });
    await confirm.getByRole('button', { name: 'Supprimer Hélène Lefèvre' }).click();
    await expect(row).toHaveCount(0);
    // A reload while the toast is still up loses nothing: the deletion was already sent.
    await expect(toast.getByRole('button', { name: 'Annuler' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Membres du Club' })).toBeVisible();
    await expect(memberEntry(page, 'Hélène')).toHaveCount(0);
    expect(await onServer()).toBe(false);
  });

  test('a leader creates, edits and deletes a team', async ({ leaderPage: page, api }) => {
    const me = await infos(api);
    await page.goto(clubUrl(me.nomClub, 'equipes'));
    await expect(page.getByRole('heading', { name: 'Équipes du Club' })).toBeVisible();
    await expect(page.getByText('Aucune équipe trouvée pour ce club.')).toBeVisible();

    await page.getByRole('button', { name: '+ Ajouter une équipe' }).click();
    const form = page.getByRole('dialog', { name: 'Créer une équipe' });
    await form.getByRole('button', { name: 'Créer' }).click();
    await expect(form.getByText('Ce champ est obligatoire.')).toHaveCount(3);
    await form.getByLabel('Nom *').fill('U17 A');
    await form.getByLabel('Catégorie *').fill('U17');
    await form.getByLabel('Division *').fill('Régional 2');
    await form.getByRole('button', { name: 'Créer' }).click();
    const card = page.getByRole('listitem').filter({ hasText: 'U17 A' });
    await expect(card).toContainText('U17');
    await expect(card).toContainText('Régional 2');

    await card.getByRole('button', { name: "Actions pour l'équipe U17 A" }).click();
    await page.getByRole('menuitem', { name: 'Modifier' }).click();
    const edit = page.getByRole('dialog', { name: "Modifier l'équipe" });
    await edit.getByLabel('Division *').fill('Régional 1');
    await edit.getByRole('button', { name: 'Modifier' }).click();
    await expect(card).toContainText('Régional 1');

    await card.getByRole('button', { name: "Actions pour l'équipe U17 A" }).click();
    await page.getByRole('menuitem', { name: 'Supprimer' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Supprimer une équipe' });
    await expect(confirm).toContainText('Voulez-vous vraiment supprimer cette équipe ?');
    await confirm.getByRole('button', { name: "Supprimer l'équipe U17 A" }).click();
    await expect(page.getByText('Aucune équipe trouvée pour ce club.')).toBeVisible();
  });

  test('a team card shows its players, coaches, next event and last result', async ({
    leaderPage: page,
    api,
  }) => {
    const me = await infos(api);
    const nom = `Cartes ${unique('t')}`;
    const team = await api.client.teams.create({
      body: { nom, division: 'D1', category: 'Senior', idClub: me.idClub },
    });
    for (const [prenom, role] of [
      ['Inès', 'ENTRAINEUR'],
      ['Paul', 'JOUEUR'],
      ['Rémi', 'JOUEUR'],
    ] as const)
      await api.client.members.create({
        body: {
          nom: 'Carte',
          prenom,
          role,
          nomEquipe: nom,
          dateDeNaissance: '2001-02-03',
          genre: 'Homme',
          numeroTelephone: '0611223344',
          email: uniqueEmail(role.toLowerCase()),
          clubId: me.idClub,
        },
      });
    // Club wall-clock dates, a month ago and in a month (whatever the time zone, far from now).
    const day = (days: number, hour: number) => {
      const d = new Date(Date.now() + days * 86_400_000);
      return `${d.toISOString().slice(0, 10)}T${String(hour).padStart(2, '0')}:00:00`;
    };
    const match = (days: number, adversaireNom: string) =>
      api.client.events.create({
        body: {
          nom: 'Match',
          lieux: 'Stade',
          dateDebut: day(days, 15),
          dateFin: day(days, 17),
          type: 'MATCH',
          adversaireNom,
          equipesIds: [team.id],
          clubId: me.idClub,
        },
      });
    const past = await match(-30, 'FC Passé');
    if (!past.match) throw new Error('Un événement MATCH crée son match.');
    await api.client.matches.score({
      params: { id: past.match.id },
      body: { scoreDomicile: 3, scoreExterieur: 1 },
    });
    const next = day(30, 15);
    await match(30, 'AS Futur');

    await page.goto(clubUrl(me.nomClub, 'equipes'));
    const card = page.getByRole('listitem').filter({ hasText: nom });
    const fact = (term: string) => card.locator('dt', { hasText: term }).locator('+ dd');
    await expect(fact('Joueurs')).toHaveText('2');
    await expect(fact('Entraîneurs')).toHaveText('Inès Carte');
    await expect(fact('Prochain')).toContainText(
      `Match : ${nom} – AS Futur, le ${next.slice(8, 10)}/${next.slice(5, 7)} à 15h00`,
    );
    await expect(fact('Dernier résultat')).toContainText('Victoire');
    await expect(fact('Dernier résultat')).toContainText('3 – 1 contre FC Passé');
  });

  test('a coach edits a player’s numero and poste and finds the other fields disabled', async ({
    leaderPage: _leader,
    api,
    browser,
  }) => {
    const me = await infos(api);
    const team = `Équipe ${unique('t')}`;
    await api.client.teams.create({
      body: {
        nom: team,
        division: 'D1',
        category: 'Senior',
        idClub: me.idClub,
      },
    });
    const coach = await createActiveMember(api, browser, me.idClub, {
      nom: 'Moreau',
      prenom: 'Hugo',
      role: 'ENTRAINEUR',
      nomEquipe: team,
    });
    await createActiveMember(api, browser, me.idClub, {
      nom: 'Petit',
      prenom: 'Léo',
      role: 'JOUEUR',
      nomEquipe: team,
    });
    const page = await newSignedInPage(browser, coach);
    await page.goto(clubUrl(me.nomClub, team, 'membres'));
    await expect(page.getByRole('heading', { name: `Membres de l'équipe ${team}` })).toBeVisible();
    const row = memberEntry(page, 'Léo');
    await memberAction(page, 'Léo Petit', 'Modifier');
    const modal = page.getByRole('dialog', { name: 'Modifier le membre' });
    for (const label of [
      'Nom',
      'Prénom',
      'Date de naissance',
      'Email',
      'Téléphone',
      'Numéro de licence',
      'Taille (cm)',
      'Poids (kg)',
    ])
      await expect(modal.getByLabel(label, { exact: true })).toBeDisabled();
    await modal.getByLabel('Numéro maillot').fill('10');
    await modal.getByLabel('Poste').fill('Meneur');
    await modal.getByRole('button', { name: 'Sauvegarder' }).click();
    await expect(modal).toBeHidden();
    await expect(row).toContainText('10');
    await expect(row).toContainText('Meneur');

    // Search with the filters and 'Rechercher'.
    await page.getByRole('search').getByLabel('Rôle').selectOption('JOUEUR');
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await expect(memberEntry(page, /./)).toHaveCount(1);
    await page.context().close();
  });

  test('a player edits their own profile; the role is read-only; Annuler goes back', async ({
    leaderPage: _leader,
    api,
    browser,
  }) => {
    const me = await infos(api);
    const player = await createActiveMember(api, browser, me.idClub, {
      nom: 'Roux',
      prenom: 'Zoé',
      role: 'JOUEUR',
    });
    const page = await newSignedInPage(browser, player);
    await page.goto(clubUrl(me.nomClub, 'calendrier'));
    await page.goto(clubUrl(me.nomClub, 'profil'));
    await expect(page.getByRole('heading', { name: 'Mon Profil' })).toBeVisible();
    await expect(page.getByLabel('Rôle')).toHaveValue('Joueur');
    await expect(page.getByLabel('Rôle')).not.toBeEditable();
    await expect(page.getByLabel('Date de naissance *')).toHaveValue('03/02/2006');
    await page.getByLabel('Prénom *').fill('Zoé-Lou');
    await page.getByLabel('Genre').selectOption('Autre');
    await page.getByLabel('Téléphone', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('✅ Profil mis à jour avec succès !')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Prénom *')).toHaveValue('Zoé-Lou');
    await expect(page.getByLabel('Genre')).toHaveValue('Autre');
    await page.getByRole('button', { name: 'Annuler' }).click();
    await expect(page).toHaveURL(new RegExp(`${encodeURIComponent(me.nomClub)}/calendrier`));
    await page.context().close();
  });

  test('at 375 px the members are cards and the page does not scroll sideways', async ({
    leaderPage: page,
    api,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const me = await infos(api);
    await page.goto(clubUrl(me.nomClub, 'membres'));
    const cards = page.getByRole('list', { name: 'Liste des membres du club' });
    await expect(cards).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    const sizes = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(sizes.page).toBeLessThanOrEqual(sizes.client);
    const menu = cards.getByRole('button', { name: /^Actions pour / }).first();
    await expect(menu).toBeInViewport();
    await menu.click();
    await expect(page.getByRole('menuitem', { name: 'Modifier' })).toBeInViewport();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: '+ Ajouter un membre' }).click();
    await expect(page.getByRole('dialog', { name: 'Ajouter un membre' })).toBeVisible();
  });
});
