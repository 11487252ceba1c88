import type { Browser, Page } from '@playwright/test';
import {
  Api,
  E2E_PASSWORD,
  clubUrl,
  expect,
  expectNoA11yViolations,
  signIn,
  test,
  uniqueEmail,
  waitForMail,
  infos,
} from '../../fixtures.ts';

/**
 * Convocation e-mail journey in Chromium: a coach creates a match; the convoked player's e-mail
 * arrives at the real SMTP server of the global set-up (NOTIFICATION_DELAY_SECONDS=1, no quiet
 * hours); the player opens its 'Absent' link without signing in, types a justification and
 * confirms; the 'Présent' link records its answer on opening, then the player goes back to Absent;
 * the coach's convocation modal shows the answer. Everything goes through the production
 * build and the real server.
 */

/** 'YYYY-MM-DDThh:mm:ss', the club's wall clock, `days` from today at `hour`:00. */
function clubDate(days: number, hour: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())}T${p(hour)}:00:00`;
}

/** A member created by the leader; with `activate`, the account is activated from the invitation mail. */
async function createMember(
  api: Api,
  browser: Browser,
  clubId: number,
  fields: { nom: string; prenom: string; role: string; nomEquipe: string },
  activate: boolean,
) {
  const email = uniqueEmail(fields.role.toLowerCase());
  const since = Date.now();
  const member = await api.client.members.create({
    body: {
      dateDeNaissance: '2004-02-03',
      genre: 'Homme',
      numeroTelephone: '0611223344',
      email,
      clubId,
      ...fields,
    },
  });
  if (activate) {
    const mail = await waitForMail(email, /Invitation/, { since });
    const link = mail.links.find((l) => l.includes('/activation?token='))!;
    const token = new URL(link).searchParams.get('token')!;
    const context = await browser.newContext();
    const anon = new Api(context.request, api.baseURL);
    await anon.client.auth.activate({ body: { token, password: E2E_PASSWORD } });
    await context.close();
  }
  return { ...member, email, password: E2E_PASSWORD };
}

/** A page in its own browser context at the running project's viewport (signed in or not). */
async function newPage(browser: Browser): Promise<Page> {
  const { viewport, hasTouch } = test.info().project.use;
  const context = await browser.newContext({ viewport, hasTouch });
  return context.newPage();
}

function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

test.describe('[matches] convocation e-mail and answer from the e-mail', () => {
  test('the player answers Absent from the e-mail; the coach’s modal shows it', async ({
    leaderPage: _leader,
    api,
    browser,
  }) => {
    // Three accounts, two e-mails and three browsers: over 30 s on a loaded 2-core machine.
    test.slow();
    // The leader sets up a team with a coach and a player.
    const me = await infos(api);
    const team = await api.client.teams.create({
      body: {
        nom: 'Seniors',
        division: 'R1',
        category: 'Senior',
        idClub: me.idClub,
      },
    });
    const base = { nomEquipe: 'Seniors' };
    const coach = await createMember(
      api,
      browser,
      me.idClub,
      { ...base, nom: 'Petit', prenom: 'Marc', role: 'ENTRAINEUR' },
      true,
    );
    const player = await createMember(
      api,
      browser,
      me.idClub,
      { ...base, nom: 'Moreau', prenom: 'Léo', role: 'JOUEUR' },
      // The player activates the account from the invitation (before that, it is the only mail
      // they get), then never signs in: the e-mail is all they use.
      true,
    );

    // The coach creates the match (POST /api/evenements, as the calendar does).
    const coachPage = await newPage(browser);
    const coachApi = await signIn(coachPage, coach);
    const since = Date.now();
    const event = await coachApi.client.events.create({
      body: {
        nom: 'Championnat J7',
        type: 'MATCH',
        lieux: 'Stade de la Beaujoire',
        dateDebut: clubDate(12, 15),
        dateFin: clubDate(12, 17),
        equipesIds: [team.id],
        adversaireNom: 'FC Rivière',
        clubId: me.idClub,
      },
    });
    const matchId = event.match!.id;

    // The convocation e-mail: the match, and the 'Présent' / 'Absent' links.
    const mail = await waitForMail(player.email, /./, { since, timeout: 30_000 });
    expect(`${mail.subject}\n${mail.text}`).toContain('FC Rivière');
    expect(mail.text).toContain('Stade de la Beaujoire');
    const absent = mail.links.find(
      (l) => l.includes('/convocation/reponse?') && l.includes('presence=INDISPONIBLE'),
    );
    const present = mail.links.find(
      (l) => l.includes('/convocation/reponse?') && l.includes('presence=DISPONIBLE'),
    );
    expect(absent, `liens du mail : ${mail.links.join(' ')}`).toBeTruthy();
    expect(present).toBeTruthy();

    // The player opens 'Absent' in a browser where nobody is signed in.
    const playerPage = await newPage(browser);
    const errors = consoleErrors(playerPage);
    const response = await playerPage.goto(absent!);
    // The token in the address never leaves through Referer.
    expect(response?.headers()['referrer-policy']).toBe('no-referrer');
    await expect(playerPage.getByRole('heading', { level: 1 })).toHaveText(
      'Réponse à la convocation',
    );
    await expect(playerPage.getByText('Championnat J7')).toBeVisible();
    await expect(playerPage.getByText('Léo Moreau', { exact: true })).toBeVisible();
    const answer = playerPage.getByRole('group', { name: 'Réponse de Léo Moreau' });
    await expect(answer.getByLabel('Absent')).toBeChecked();
    const confirm = playerPage.getByRole('button', { name: 'Confirmer' });
    await expect(confirm).toBeDisabled();
    // An absence needs its justification: nothing is recorded yet, and the page says so.
    await expect(
      playerPage.getByText('Réponse pas encore enregistrée : cliquez sur « Confirmer ».'),
    ).toBeVisible();
    await expectNoA11yViolations(playerPage);
    await playerPage.getByLabel('Justificatif *').fill('Déplacement professionnel');
    await confirm.click();
    const saved = playerPage.getByRole('status').filter({ hasText: 'Réponse enregistrée' });
    await expect(saved).toContainText(
      'Réponse enregistrée : Absent (justificatif : Déplacement professionnel).',
    );

    // The 'Présent' link records its answer on opening, in the browser (decision 0105), and says
    // so; the other choice stays offered.
    const convocations = () => coachApi.client.matches.convocations({ params: { id: matchId } });
    await playerPage.goto(present!);
    await expect(saved).toContainText('Réponse enregistrée : Présent.');
    const group = playerPage.getByRole('group', { name: 'Réponse de Léo Moreau' });
    await expect(group.getByLabel('Présent')).toBeChecked();
    expect((await convocations()).find((r) => r.joueur.id === player.id)).toMatchObject({
      statutPresence: 'DISPONIBLE',
    });
    await expectNoA11yViolations(playerPage);
    // Back to Absent: the justification given before is offered again; 'Confirmer' records it.
    await group.getByLabel('Absent').check();
    await expect(playerPage.getByLabel('Justificatif *')).toHaveValue('Déplacement professionnel');
    await playerPage.getByRole('button', { name: 'Confirmer' }).click();
    await expect(saved).toContainText(
      'Réponse enregistrée : Absent (justificatif : Déplacement professionnel).',
    );
    expect(errors).toEqual([]);
    await playerPage.context().close();

    // The coach's convocation modal shows the answer and the justification.
    await coachPage.goto(clubUrl(me.nomClub, 'Seniors', 'matche'));
    await coachPage
      .getByRole('article')
      .filter({ hasText: 'FC Rivière' })
      .getByRole('button', { name: /Convocation/ })
      .click();
    const dialog = coachPage.getByRole('dialog', { name: 'Convocation' });
    const row = dialog.getByRole('group', { name: 'Léo Moreau' });
    await expect(row.getByLabel('Absent')).toBeChecked();
    await expect(dialog.getByLabel('Justificatif pour Léo Moreau *')).toHaveValue(
      'Déplacement professionnel',
    );
    await expect(dialog).toContainText('1 absent');
    const rows = await convocations();
    expect(rows.find((r) => r.joueur.id === player.id)).toMatchObject({
      statutPresence: 'INDISPONIBLE',
      justificationAbsence: 'Déplacement professionnel',
    });
    await coachPage.context().close();
  });

  test('the unsubscribe link of the e-mail turns the e-mails off after one click', async ({
    leaderPage: _leader,
    api,
    browser,
  }) => {
    test.slow();
    const me = await infos(api);
    const team = await api.client.teams.create({
      body: { nom: 'U17', division: 'R2', category: 'U17', idClub: me.idClub },
    });
    const player = await createMember(
      api,
      browser,
      me.idClub,
      { nom: 'Roux', prenom: 'Zoé', role: 'JOUEUR', nomEquipe: 'U17' },
      true,
    );
    const since = Date.now();
    await api.client.events.create({
      body: {
        nom: 'Coupe',
        type: 'MATCH',
        lieux: 'Gymnase Nord',
        dateDebut: clubDate(9, 10),
        dateFin: clubDate(9, 12),
        equipesIds: [team.id],
        adversaireNom: 'AS Voisine',
        clubId: me.idClub,
      },
    });
    const mail = await waitForMail(player.email, /./, { since, timeout: 30_000 });
    const link = mail.links.find((l) => l.includes('/notifications/desabonnement?'));
    expect(link, `liens du mail : ${mail.links.join(' ')}`).toBeTruthy();

    const page = await newPage(browser);
    const errors = consoleErrors(page);
    await page.goto(link!);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Notifications par e-mail');
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Ne plus recevoir ces e-mails' }).click();
    await expect(
      page.getByText('Vous ne recevrez plus de notifications par e-mail.'),
    ).toBeVisible();

    // Signed in, the profile shows the preference off; the link there leads to it.
    await signIn(page, player);
    await page.getByRole('link', { name: 'ouvrir mon profil' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mon Profil');
    const box = page.getByRole('checkbox', {
      name: 'Recevoir les e-mails de convocation et de rappel',
    });
    await expect(box).not.toBeChecked();
    await box.check();
    await expect(page.getByText('Préférences enregistrées.')).toBeVisible();
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
