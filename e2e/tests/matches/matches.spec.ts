import type { Browser, Page } from '@playwright/test';
import {
  Api,
  clubUrl,
  createActiveMember,
  expect,
  expectNoA11yViolationsInThemes,
  signIn,
  test,
  uniqueEmail,
  infos,
  signedInPage,
} from '../../fixtures.ts';
import { api as endpoints, routeKey } from '@club/contract';

/**
 * Matches journeys in Chromium (375 and 1280 px): the matches page, scores and convocations,
 * through the production build and the real server. Matches come from MATCH events created with
 * POST /api/evenements (the base team's players are convoked when the match is created); accounts
 * are activated through the real invitation mail.
 */

/** 'YYYY-MM-DDThh:mm:ss', the club's wall clock, `days` from today at `hour`:00. */
function clubDate(days: number, hour: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())}T${p(hour)}:00:00`;
}
/** 'Janvier 2027': the French, capitalised month-year heading of a wall-clock date. */
function monthHeadingOf(date: string): string {
  const [y, m] = date.split('-').map(Number);
  const text = new Intl.DateTimeFormat('fr-FR', { month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y!, m! - 1, 15)),
  );
  return `${text.charAt(0).toUpperCase()}${text.slice(1)} ${y}`;
}

/** A MATCH event of the base team against a typed opponent; answers the match's id. */
async function createMatch(
  api: Api,
  clubId: number,
  teamId: number,
  fields: { nom: string; lieux: string; dateDebut: string; dateFin: string; adversaireNom: string },
) {
  const event = await api.client.events.create({
    body: { ...fields, type: 'MATCH', equipesIds: [teamId], clubId },
  });
  expect(
    event.match?.id,
    `${routeKey(endpoints.events.create)} (MATCH) answers its match`,
  ).toBeTruthy();
  return event.match!.id;
}

/**
 * Errors written to the console or thrown by the page (none is expected on these screens), except
 * the browser's own network line for an answer the test provokes on purpose (`allow`).
 */
function consoleErrors(page: Page, allow: RegExp[] = []): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && !allow.some((a) => a.test(m.text()))) errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/**
 * A club with a team 'Seniors': a coach, two players (Léo, active; Noé, suspended), a child player
 * (Tom) and his parent; then three matches: one finished a month ago, one in about five weeks,
 * one in about ten weeks (two other months).
 */
async function setUp(api: Api, browser: Browser, who: ('coach' | 'leo' | 'noe' | 'parent')[]) {
  const me = await infos(api);
  const team = await api.client.teams.create({
    body: {
      nom: 'Seniors',
      division: 'R1',
      category: 'Senior',
      idClub: me.idClub,
    },
  });
  const accounts: Partial<
    Record<'coach' | 'leo' | 'noe' | 'parent', { id: number; email: string; password: string }>
  > = {};
  const base = { nomEquipe: 'Seniors' };
  if (who.includes('coach'))
    accounts.coach = await createActiveMember(api, browser, me.idClub, {
      ...base,
      nom: 'Petit',
      prenom: 'Marc',
      role: 'ENTRAINEUR',
    });
  // Léo has an account (signed in by a test) only when asked for; otherwise he is only a player.
  if (who.includes('leo'))
    accounts.leo = await createActiveMember(api, browser, me.idClub, {
      ...base,
      nom: 'Moreau',
      prenom: 'Léo',
      role: 'JOUEUR',
    });
  else
    await api.client.members.create({
      body: {
        ...base,
        nom: 'Moreau',
        prenom: 'Léo',
        role: 'JOUEUR',
        dateDeNaissance: '2006-02-03',
        genre: 'Homme',
        numeroTelephone: '0611223344',
        email: uniqueEmail('joueur'),
        clubId: me.idClub,
      },
    });
  if (who.includes('noe'))
    accounts.noe = await createActiveMember(api, browser, me.idClub, {
      ...base,
      nom: 'Garnier',
      prenom: 'Noé',
      role: 'JOUEUR',
      statut: 'Suspendu',
    });
  if (who.includes('parent')) {
    const tom = await api.client.members.create({
      body: {
        ...base,
        nom: 'Fabre',
        prenom: 'Tom',
        role: 'JOUEUR',
        dateDeNaissance: '2012-05-06',
        genre: 'Homme',
        numeroTelephone: '0611223355',
        email: uniqueEmail('enfant'),
        clubId: me.idClub,
      },
    });
    accounts.parent = await createActiveMember(api, browser, me.idClub, {
      ...base,
      nom: 'Fabre',
      prenom: 'Anne',
      role: 'PARENT',
      enfantsIds: [tom.id],
    });
  }
  const finished = { dateDebut: clubDate(-30, 15), dateFin: clubDate(-30, 17) };
  const soon = { dateDebut: clubDate(35, 18), dateFin: clubDate(35, 20) };
  const later = { dateDebut: clubDate(70, 10), dateFin: clubDate(70, 12) };
  const matches = {
    finished: await createMatch(api, me.idClub, team.id, {
      nom: 'Championnat J1',
      lieux: 'Stade municipal',
      adversaireNom: 'AS Voisine',
      ...finished,
    }),
    soon: await createMatch(api, me.idClub, team.id, {
      nom: 'Championnat J5',
      lieux: 'Gymnase Nord',
      adversaireNom: 'Étoile Sportive',
      ...soon,
    }),
    later: await createMatch(api, me.idClub, team.id, {
      nom: 'Coupe',
      lieux: 'Parc des Sports',
      adversaireNom: 'FC Rivière',
      ...later,
    }),
  };
  return {
    me,
    teamId: team.id,
    accounts,
    matches,
    headings: [finished, soon, later].map((d) => monthHeadingOf(d.dateDebut)),
    url: clubUrl(me.nomClub, 'Seniors', 'matche'),
  };
}

const card = (page: Page, opponent: string) =>
  page.getByRole('article').filter({ hasText: opponent });

test.describe('[matches] matches page, scores and convocations', () => {
  test('the leader filters by status, searches, and sees French month headings in date order', async ({
    leaderPage: page,
    api,
    browser,
  }) => {
    const world = await setUp(api, browser, []);
    const errors = consoleErrors(page);
    await page.goto(world.url);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("Matches de l'équipe");
    // Three months (or fewer when two dates share one), in date order, French and capitalised.
    const expected = [...new Set(world.headings)];
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(expected);
    for (const h of expected) expect(h).toMatch(/^[A-ZÉÈÊÀÂÎÔÛ][a-zéèêàâîôûç]+ \d{4}$/);
    await expect(page.getByRole('article')).toHaveCount(3);
    await expect(card(page, 'AS Voisine')).toContainText('Terminé');
    await expect(card(page, 'Étoile Sportive')).toContainText('À venir');

    // Status filter: the server answers ?statut=.
    const status = page.getByLabel('Statut');
    const answer = page.waitForResponse((r) => r.url().includes('statut=TERMINE'));
    await status.selectOption({ label: 'Terminé' });
    await answer;
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(card(page, 'AS Voisine')).toBeVisible();
    await status.selectOption({ label: 'Annulé' });
    await expect(page.getByText('Aucun match correspondant.')).toBeVisible();
    await status.selectOption({ label: 'Tous' });
    await expect(page.getByRole('article')).toHaveCount(3);

    // Search on team names and venue, accents ignored.
    const search = page.getByLabel('Rechercher');
    await search.fill('etoile');
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(card(page, 'Étoile Sportive')).toBeVisible();
    await search.fill('parc des');
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(card(page, 'FC Rivière')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2 })).toHaveText([world.headings[2]!]);
    await search.fill('Marseille');
    await expect(page.getByText('Aucun match correspondant.')).toBeVisible();

    // The cancellation: inline on wide screens; on phones in the card's menu, Convocation staying.
    // This journey runs at 1280 px (playwright.config.ts); the page is narrowed for the phone's.
    await search.fill('');
    const upcoming = card(page, 'Étoile Sportive');
    await expect(upcoming.getByRole('button', { name: /Convocation/ })).toBeVisible();
    await expect(upcoming.getByRole('button', { name: /Annuler le match/ })).toBeVisible();
    const wide = page.viewportSize()!;
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(upcoming.getByRole('button', { name: /Convocation/ })).toBeVisible();
    await expect(upcoming.getByRole('button', { name: /Annuler le match/ })).toHaveCount(0);
    const menuButton = upcoming.getByRole('button', { name: /^Actions pour le match / });
    await menuButton.click();
    await expect(page.getByRole('menuitem', { name: 'Annuler le match' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect(menuButton).toBeFocused();
    await page.setViewportSize(wide);
    expect(errors).toEqual([]);
  });

  test('the coach edits a finished match’s score and fills a convocation with a justification', async ({
    leaderPage: _leader,
    api,
    browser,
  }) => {
    const world = await setUp(api, browser, ['coach', 'noe']);
    const page = await signedInPage(browser, world.accounts.coach!);
    // The stale edit below answers 409 on purpose.
    const errors = consoleErrors(page, [/status of 409 \(Conflict\)/]);
    await page.goto(world.url);
    const finished = card(page, 'AS Voisine');
    // No pencil on an upcoming match.
    await expect(
      card(page, 'Étoile Sportive').getByRole('button', { name: /Modifier le score/ }),
    ).toHaveCount(0);
    await finished.getByRole('button', { name: /Modifier le score/ }).click();
    await finished.getByLabel(/score domicile/).fill('3');
    await finished.getByLabel(/score extérieur/).fill('1');
    await finished.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(finished.getByRole('button', { name: 'Enregistrer' })).toHaveCount(0);
    await expect(finished.locator('strong', { hasText: '3' })).toBeVisible();
    await expect(finished.locator('strong', { hasText: '1' })).toBeVisible();
    const answer = await api.client.matches.listTeam({
      params: { id: world.teamId },
      query: { statut: 'TERMINE' },
    });
    const saved = Array.isArray(answer) ? answer : answer.content;
    expect(saved.map((m) => [m.scoreDomicile, m.scoreExterieur])).toEqual([[3, 1]]);

    // A stale edit: the leader saves 4–4 while the coach is typing; the coach is told, with 4–4.
    await finished.getByRole('button', { name: /Modifier le score/ }).click();
    await finished.getByLabel(/score domicile/).fill('5');
    await api.client.matches.score({
      params: { id: world.matches.finished },
      body: {
        scoreDomicile: 4,
        scoreExterieur: 4,
        version: saved[0]!.version,
      },
    });
    await finished.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(finished.getByText(/modifié par quelqu’un d’autre/)).toContainText(
      'Score actuel : Seniors 4 – 4 AS Voisine.',
    );
    await expect(finished.getByLabel(/score domicile/)).toHaveValue('4');
    await expect(finished.getByLabel(/score extérieur/)).toHaveValue('4');
    await finished.getByRole('button', { name: 'Annuler', exact: true }).click();
    await expect(finished.locator('strong', { hasText: '4' })).toHaveCount(2);

    // The convocation of the next match, from the phone at the pitch.
    await card(page, 'Étoile Sportive')
      .getByRole('button', { name: /Convocation/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Convocation' });
    await expect(dialog.getByRole('button', { name: 'Fermer' })).toBeVisible();
    const leo = dialog.getByRole('group', { name: 'Léo Moreau' });
    const noe = dialog.getByRole('group', { name: 'Noé Garnier' });
    await expect(dialog).toContainText('0 présent');
    // Noé is suspended: shown with his status, not awaited (decision 0108).
    await expect(dialog).toContainText('1 sans réponse');
    await expect(dialog).toContainText('1 blessé, malade ou suspendu');
    await expect(noe).toContainText('Suspendu');
    await leo.getByLabel('Présent').check();
    await noe.getByLabel('Absent').check();
    await expect(dialog).toContainText('1 présent');
    await expect(dialog).toContainText('1 absent');
    await expect(dialog).toContainText('0 sans réponse');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(dialog.getByRole('alert').first()).toHaveText(
      'Justificatif obligatoire pour Noé Garnier.',
    );
    await dialog.getByLabel('Justificatif pour Noé Garnier *').fill('Suspendu par la ligue');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(dialog).toBeHidden();

    const rows = await api.client.matches.convocations({ params: { id: world.matches.soon } });
    const byName = Object.fromEntries(rows.map((r) => [r.joueur.prenom, r]));
    expect(byName['Léo']?.statutPresence).toBe('DISPONIBLE');
    expect(byName['Noé']?.statutPresence).toBe('INDISPONIBLE');
    expect(byName['Noé']?.justificationAbsence).toBe('Suspendu par la ligue');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test('a player answers Présent and the button greys; a suspended player sees the refusal', async ({
    leaderPage: _leader,
    api,
    browser,
  }) => {
    // Two accounts activated, then two browser contexts in turn: over 30 s on a loaded machine.
    test.slow();
    const world = await setUp(api, browser, ['leo', 'noe']);
    const page = await signedInPage(browser, world.accounts.leo!);
    const errors = consoleErrors(page);
    await page.goto(world.url);
    // No pencil for a player.
    await expect(page.getByRole('button', { name: /Modifier le score/ })).toHaveCount(0);
    const button = card(page, 'Étoile Sportive').getByRole('button', { name: /Convocation/ });
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Convocation' });
    const own = dialog.getByRole('group', { name: /Votre réponse/ });
    await expect(own).toBeVisible();
    await expect(dialog).not.toContainText('Noé');
    const save = dialog.getByRole('button', { name: 'Enregistrer' });
    await expect(save).toBeDisabled();
    await own.getByLabel('Présent').check();
    await save.click();
    await expect(dialog.getByText('Convocation enregistrée.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Fermer' }).click();
    await expect(dialog).toBeHidden();
    await expect(button).toBeDisabled();
    await expect(button).toHaveCSS('cursor', 'not-allowed');
    // Remembered for the session: a reload keeps it grey.
    await page.reload();
    await expect(
      card(page, 'Étoile Sportive').getByRole('button', { name: /Convocation/ }),
    ).toBeDisabled();
    await expect(
      card(page, 'FC Rivière').getByRole('button', { name: /Convocation/ }),
    ).toBeEnabled();
    const rows = await api.client.matches.convocations({ params: { id: world.matches.soon } });
    expect(rows.find((r) => r.joueur.prenom === 'Léo')?.statutPresence).toBe('DISPONIBLE');
    expect(errors).toEqual([]);
    await page.context().close();

    // The suspended player.
    const suspended = await signedInPage(browser, world.accounts.noe!);
    await suspended.goto(world.url);
    await card(suspended, 'Étoile Sportive')
      .getByRole('button', { name: /Convocation/ })
      .click();
    const refusal = suspended.getByRole('dialog', { name: 'Convocation' });
    await expect(refusal).toContainText(
      "Votre statut n'est pas ACTIF. Vous ne pouvez pas répondre aux convocations.",
    );
    await expect(refusal.getByRole('radio')).toHaveCount(0);
    await suspended.context().close();
  });

  test('a parent answers for their child', async ({ leaderPage: _leader, api, browser }) => {
    const world = await setUp(api, browser, ['parent']);
    const page = await signedInPage(browser, world.accounts.parent!);
    const errors = consoleErrors(page);
    await page.goto(world.url);
    await card(page, 'Étoile Sportive')
      .getByRole('button', { name: /Convocation/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Convocation' });
    const tom = dialog.getByRole('group', { name: 'Réponse pour Tom Fabre' });
    await expect(tom).toBeVisible();
    await expect(dialog).not.toContainText('Léo');
    await tom.getByLabel('Absent').check();
    const save = dialog.getByRole('button', { name: 'Enregistrer' });
    await expect(save).toBeDisabled();
    await dialog.getByLabel('Justificatif *').fill('Anniversaire de sa grand-mère');
    await save.click();
    await expect(dialog.getByText('Convocation enregistrée.')).toBeVisible();
    const rows = await api.client.matches.convocations({ params: { id: world.matches.soon } });
    const row = rows.find((r) => r.joueur.prenom === 'Tom');
    expect(row?.statutPresence).toBe('INDISPONIBLE');
    expect(row?.justificationAbsence).toBe('Anniversaire de sa grand-mère');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

test.describe('[a11y] matches page and convocation modal, in the three themes', () => {
  test('axe finds no violation on the page, while editing a score, in the modal, the selection and the carpooling panel', async ({
    leaderPage: _leader,
    api,
    browser,
  }) => {
    // Six states, each scanned by axe in three themes: 84 s on a quiet 2-core machine.
    test.setTimeout(180_000);
    const world = await setUp(api, browser, ['coach']);
    const { viewport, hasTouch } = test.info().project.use;
    const context = await browser.newContext({ viewport, hasTouch });
    const page = await context.newPage();
    await signIn(page, world.accounts.coach!);
    await page.goto(world.url);
    await expect(page.getByRole('article')).toHaveCount(3);
    await expectNoA11yViolationsInThemes(page);

    await card(page, 'AS Voisine')
      .getByRole('button', { name: /Modifier le score/ })
      .click();
    await expect(card(page, 'AS Voisine').getByLabel(/score domicile/)).toBeFocused();
    await expectNoA11yViolationsInThemes(page);
    await card(page, 'AS Voisine').getByRole('button', { name: 'Annuler', exact: true }).click();

    const open = card(page, 'Étoile Sportive').getByRole('button', { name: /Convocation/ });
    await open.click();
    const dialog = page.getByRole('dialog', { name: 'Convocation' });
    await dialog.getByRole('group', { name: 'Léo Moreau' }).getByLabel('Absent').check();
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(
      dialog.getByText('Justificatif obligatoire pour Léo Moreau.').first(),
    ).toBeVisible();
    await expectNoA11yViolationsInThemes(page);
    // Escape closes it and gives the focus back to its button.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();

    // The selection screen and the carpooling panel of match day.
    await card(page, 'Étoile Sportive')
      .getByRole('button', { name: /^Sélection/ })
      .click();
    const selection = page.getByRole('dialog', { name: 'Sélection' });
    await expect(selection.getByLabel(/Léo Moreau/)).toBeVisible();
    await expectNoA11yViolationsInThemes(page);
    await page.keyboard.press('Escape');
    await expect(selection).toBeHidden();
    await card(page, 'Étoile Sportive')
      .getByRole('button', { name: /^Covoiturage/ })
      .click();
    const panel = card(page, 'Étoile Sportive').getByRole('region', { name: 'Covoiturage' });
    await panel.getByRole('button', { name: 'Proposer des places' }).click();
    await expect(panel.getByLabel('Lieu de départ')).toBeVisible();
    await expectNoA11yViolationsInThemes(page);
    await context.close();
  });
});
