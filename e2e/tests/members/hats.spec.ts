import type { Page } from '@playwright/test';
import {
  Api,
  activateFromInvitation,
  clubUrl,
  expect,
  expectNoA11yViolations,
  frenchDate,
  infos,
  openCalendar,
  parisDay,
  signedInPage,
  test,
  uniqueEmail,
  E2E_PASSWORD,
} from '../../fixtures.ts';

/**
 * People with several hats (docs/decisions/0110, 0111, 0138) at 375 px, through the production
 * build and the real server: the leader's member form gives a father the coach's hat in U11 and
 * his son of U13; the father answers his son's convocation and edits his own team's training;
 * a seven-year-old without e-mail joins with his father as guardian. Members are created by
 * leaders only (docs/architecture.md §7), so the leader adds the child, choosing the parent.
 */

interface MemberAnswer {
  id: number;
  email: string | null;
  numeroTelephone: string | null;
  role: string;
  roleClub: string | null;
  equipes: { id: number; nom: string; role: string | null }[];
  enfants?: { id: number; prenom: string }[];
  parentsIds?: number[];
}

/** 'YYYY-MM-DDThh:mm:ss' on the club's wall clock, `days` from today at `hour`:00. */
const wallClock = (days: number, hour: number) =>
  `${parisDay(days)}T${String(hour).padStart(2, '0')}:00:00`;

async function createTeams(api: Api, clubId: number, ...names: string[]) {
  const ids: Record<string, number> = {};
  for (const nom of names) {
    const team = await api.client.teams.create({
      body: { nom, division: 'D1', category: nom, idClub: clubId },
    });
    ids[nom] = team.id;
  }
  return ids;
}

/** Types a member's identity into the open member form. */
async function fillIdentity(
  dialog: ReturnType<Page['getByRole']>,
  m: { nom: string; prenom: string; naissance: string; genre: string },
) {
  await dialog.getByLabel('Nom *', { exact: true }).fill(m.nom);
  await dialog.getByLabel('Prénom *').fill(m.prenom);
  await dialog.getByLabel('Date de naissance *').fill(m.naissance);
  await dialog.getByLabel('Genre *').selectOption(m.genre);
}

test.describe('[members] people with several hats, at 375 px', () => {
  test('a leader creates a father who coaches U11 and is the guardian of a U13 player; he answers his son’s convocation and edits his own team’s training; a seven-year-old without e-mail joins', async ({
    leaderPage: page,
    api,
    browser,
  }) => {
    test.slow(); // two forms, an activation by mail, two pages of the father
    const me = await infos(api);
    const teams = await createTeams(api, me.idClub, 'U11', 'U13', 'U9');
    const son = await api.client.members.create({
      body: {
        nom: 'Petit',
        prenom: 'Hugo',
        dateDeNaissance: `${Number(parisDay().slice(0, 4)) - 12}-03-04`,
        genre: 'Homme',
        email: uniqueEmail('fils'),
        numeroTelephone: '0611223344',
        role: 'JOUEUR',
        nomEquipe: 'U13',
        clubId: me.idClub,
      },
    });

    // The leader's form: the father, coach of U11, with his son.
    await page.goto(clubUrl(me.nomClub, 'membres'));
    await page.getByRole('button', { name: '+ Ajouter un membre' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ajouter un membre' });
    const fatherEmail = uniqueEmail('pere');
    await fillIdentity(dialog, {
      nom: 'Petit',
      prenom: 'Marc',
      naissance: '06/05/1982',
      genre: 'Homme',
    });
    await dialog.getByLabel('Email *').fill(fatherEmail);
    await dialog.getByLabel('Téléphone *').fill('0612345678');
    await dialog.getByLabel('Équipe', { exact: true }).selectOption(String(teams['U11']));
    const roles = dialog.getByRole('group', { name: 'Rôle dans chaque équipe' });
    await roles.getByLabel('Rôle dans U11').selectOption('ENTRAINEUR');
    // The spec's « Rôle » is the principal hat and follows.
    await expect(dialog.getByLabel('Rôle *')).toHaveValue('ENTRAINEUR');
    await expect(dialog.getByLabel('Rôle club')).toHaveValue('');
    const children = dialog.getByRole('group', { name: 'Enfants' });
    await children.getByLabel('Rechercher un enfant parmi les membres').fill('hugo');
    await children.getByRole('button', { name: 'Ajouter Hugo Petit' }).click();
    await expect(children.getByRole('list', { name: 'Enfants liés' })).toContainText(
      'Hugo Petit (U13)',
    );
    // The form at 375 px: accessible (WCAG 2.1 A/AA), nothing wider than the screen.
    await expectNoA11yViolations(page, { include: '[role="dialog"]', label: 'formulaire membre' });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    const since = Date.now();
    await dialog.getByRole('button', { name: 'Ajouter', exact: true }).click();
    await expect(dialog).toBeHidden();
    const members = async () =>
      (await api.client.members.listClub({ params: { clubId: me.idClub } })) as (MemberAnswer & {
        prenom: string;
      })[];
    const list = await members();
    const father = list.find((m) => m.email === fatherEmail)!;
    expect(father).toMatchObject({
      role: 'ENTRAINEUR',
      roleClub: null,
      equipes: [{ id: teams['U11'], nom: 'U11', role: 'ENTRAINEUR' }],
      enfants: [{ id: son.id, prenom: 'Hugo' }],
    });
    await activateFromInvitation(api, browser, fatherEmail, since);

    // A U13 match in five weeks (the son is convoked) and a U11 training today.
    const match = await api.client.events.create({
      body: {
        nom: 'Championnat J5',
        lieux: 'Gymnase Nord',
        type: 'MATCH',
        dateDebut: wallClock(35, 10),
        dateFin: wallClock(35, 12),
        equipesIds: [teams['U13']!],
        adversaireNom: 'Étoile Sportive',
        clubId: me.idClub,
      },
    });
    const training = await api.client.events.create({
      body: {
        nom: 'Séance U11',
        lieux: 'Stade',
        type: 'ENTRAINEMENT',
        dateDebut: wallClock(0, 9),
        dateFin: wallClock(0, 10),
        equipesIds: [teams['U11']!],
        clubId: me.idClub,
      },
    });

    // The father, signed in at 375 px, answers for his son on U13's matches page.
    const dad = await signedInPage(browser, { email: fatherEmail, password: E2E_PASSWORD });
    await dad.goto(clubUrl(me.nomClub, 'U13', 'matche'));
    await dad
      .getByRole('article')
      .filter({ hasText: 'Étoile Sportive' })
      .getByRole('button', { name: /Convocation/ })
      .click();
    const convocation = dad.getByRole('dialog', { name: 'Convocation' });
    const forHugo = convocation.getByRole('group', { name: 'Réponse pour Hugo Petit' });
    await forHugo.getByLabel('Présent').check();
    await convocation.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(convocation.getByText('Convocation enregistrée.')).toBeVisible();
    const rows = await api.client.matches.convocations({ params: { id: match.match!.id } });
    expect(rows.find((r) => r.joueur.id === son.id)?.statutPresence).toBe('DISPONIBLE');
    // The coach of U11 is not convoked to U13's match.
    expect(rows.some((r) => r.joueur.id === father.id)).toBe(false);

    // He edits his own team's training from the calendar.
    await openCalendar(dad, me.nomClub);
    await dad.locator('.club-event-content', { hasText: 'Séance U11' }).first().click();
    const roll = dad.getByRole('dialog', { name: /^Présences : Séance U11/ });
    const edit = dad.getByRole('dialog', { name: 'Modifier un événement' });
    // Today's training opens its roll call first (decision 0101), the form one tap away.
    await expect(roll.or(edit)).toBeVisible();
    if (await roll.isVisible())
      await roll.getByRole('button', { name: "Modifier l'événement" }).click();
    await edit.getByLabel('Lieu *').fill('Gymnase Jean Moulin');
    await edit.getByRole('button', { name: 'Modifier', exact: true }).click();
    await expect(edit).toHaveCount(0);
    const saved = await api.client.events.get({ params: { id: training.id } });
    expect(saved.lieux).toBe('Gymnase Jean Moulin');
    await dad.context().close();

    // The leader adds a seven-year-old without e-mail nor phone, his father as guardian.
    await page.getByRole('button', { name: '+ Ajouter un membre' }).click();
    const add = page.getByRole('dialog', { name: 'Ajouter un membre' });
    await fillIdentity(add, {
      nom: 'Petit',
      prenom: 'Noé',
      naissance: frenchDate(`${Number(parisDay().slice(0, 4)) - 7}-01-02`),
      genre: 'Homme',
    });
    await add.getByLabel('Équipe', { exact: true }).selectOption(String(teams['U9']));
    await expect(add.getByLabel('Rôle dans U9')).toHaveValue('JOUEUR');
    // A child: guardians, not children; without one, the e-mail is asked for.
    await expect(add.getByRole('group', { name: 'Enfants' })).toHaveCount(0);
    await add.getByRole('button', { name: 'Ajouter', exact: true }).click();
    await expect(add.getByLabel('Email *')).toHaveAccessibleDescription(
      'Sans e-mail, un enfant doit avoir au moins un parent dans le club : indiquez son e-mail ou choisissez un parent.',
    );
    const parents = add.getByRole('group', { name: 'Parents' });
    await parents.getByLabel('Rechercher un parent parmi les membres').fill('marc');
    await parents.getByRole('button', { name: 'Ajouter Marc Petit' }).click();
    await expect(add.getByLabel('Email', { exact: true })).toHaveAccessibleDescription(
      'Facultatif : les messages de l’enfant vont à ses parents.',
    );
    await expectNoA11yViolations(page, { include: '[role="dialog"]', label: 'enfant sans e-mail' });
    await add.getByRole('button', { name: 'Ajouter', exact: true }).click();
    await expect(add).toBeHidden();
    const after = await members();
    expect(after.find((m) => m.prenom === 'Noé')).toMatchObject({
      email: null,
      numeroTelephone: null,
      role: 'JOUEUR',
      equipes: [{ id: teams['U9'], role: 'JOUEUR' }],
      parentsIds: [father.id],
    });
  });
});
