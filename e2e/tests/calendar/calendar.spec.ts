import type { Page } from '@playwright/test';
import { EVENT_MESSAGES, api as endpoints, buildPath } from '@club/contract';
import {
  Api,
  fillDateTime,
  expect,
  expectNoA11yViolationsInThemes,
  signIn,
  test,
  parisDay,
  infos,
  createActiveMember,
  createTeam,
  openCalendar,
} from '../../fixtures.ts';

/**
 * The web calendar (spec §2 "Calendar page" and "Event form modal", §5, §6): a leader
 * creates, drags and deletes events; a player sees their teams' and team-less events only and
 * cannot open the editor; the view follows the window; axe in the three themes. Everything goes
 * through the real server and its API.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The time of the first slot at the top of the time grid's scroller (the week and day views open
 * at the first event of the range, or 08:00: decision 0088).
 */
const timeAtTop = (page: Page) =>
  page.evaluate(() => {
    const slots = Array.from(document.querySelectorAll<HTMLElement>('.calendar-main [data-time]'));
    let scroller = slots[0]?.parentElement ?? null;
    while (
      scroller &&
      !(
        scroller.scrollHeight > scroller.clientHeight + 1 &&
        /auto|scroll/.test(getComputedStyle(scroller).overflowY)
      )
    )
      scroller = scroller.parentElement;
    if (!scroller) return null;
    // The slot across the scroller's top edge (a scroll may stop a pixel or two past its start).
    const top = scroller.getBoundingClientRect().top + 3;
    const above = slots.filter((s) => s.getBoundingClientRect().top <= top);
    return above[above.length - 1]?.dataset.time ?? null;
  });
/** Whether the event's box lies within the time grid's scrolled area (seen without scrolling). */
const inGridView = (page: Page, title: string) =>
  page.evaluate((title) => {
    const box = Array.from(document.querySelectorAll<HTMLElement>('.club-event-content')).find(
      (e) => e.textContent?.includes(title),
    );
    let scroller = box?.parentElement ?? null;
    while (
      scroller &&
      !(
        scroller.scrollHeight > scroller.clientHeight + 1 &&
        /auto|scroll/.test(getComputedStyle(scroller).overflowY)
      )
    )
      scroller = scroller.parentElement;
    if (!box || !scroller) return false;
    const b = box.getBoundingClientRect();
    const s = scroller.getBoundingClientRect();
    return b.top >= s.top && b.bottom <= s.bottom;
  }, title);

/** A day of the current month (the month view shows it), 'YYYY-MM-DD'. */
function dayOfThisMonth(day: number): string {
  return `${parisDay().slice(0, 7)}-${pad(day)}`;
}
/** Today's day of the month on the club's calendar (Europe/Paris). */
const parisDayOfMonth = () => Number(parisDay().slice(8, 10));

/** The member the calendar's journeys activate: Hugo Leroy of the Seniors. */
const HUGO_LEROY = {
  nom: 'Leroy',
  prenom: 'Hugo',
  nomEquipe: 'Seniors',
  dateDeNaissance: '2001-02-03',
};

async function createTeams(api: Api, clubId: number) {
  const make = async (nom: string, division: string, category: string) =>
    (await createTeam(api, clubId, { nom, division, category })).id;
  return {
    seniors: await make('Seniors', 'R1', 'Senior'),
    reserve: await make('Réserve', 'R1', 'Senior'),
    u17: await make('U17', 'D1', 'U17'),
  };
}

const clubEvents = (api: Api, clubId: number) => api.client.events.listClub({ params: { clubId } });

/** Collects the page's console errors and uncaught exceptions (there must be none). */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  return errors;
}

/** The calendar's event showing `title` ('nom hh:mm'). */
const eventBox = (page: Page, title: string) =>
  page.locator('.club-event-content', { hasText: title }).first();

test.describe('[calendar] leader', () => {
  test('creates a training for two teams and a match against a typed opponent, drags one to another day, deletes one', async ({
    leaderPage: page,
    api,
  }) => {
    test.slow();
    const errors = consoleErrors(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    const me = await infos(api);
    const teams = await createTeams(api, me.idClub);
    await openCalendar(page, me.nomClub);
    await expect(page.locator('[data-view="dayGridMonth"]')).toBeVisible();

    // A training for Seniors and U17.
    const day = dayOfThisMonth(10);
    await page.getByRole('button', { name: '+ Ajouter un événement' }).click();
    const modal = page.getByRole('dialog', { name: 'Créer un événement' });
    await modal.getByLabel('Nom *').fill('Entraînement collectif');
    await modal.getByLabel('Lieu *').fill('Gymnase Jean Moulin');
    await fillDateTime(modal, 'Début *', 'Heure de début', `${day}T18:00`);
    await fillDateTime(modal, 'Fin *', 'Heure de fin', `${day}T20:00`);
    await modal.getByLabel('Type *').selectOption('ENTRAINEMENT');
    const concerned = modal.getByRole('group', { name: 'Équipes concernées' });
    await concerned.getByRole('checkbox', { name: /^Seniors •/ }).check();
    await concerned.getByRole('checkbox', { name: /^U17 •/ }).check();
    await modal.getByRole('button', { name: 'Créer' }).click();
    await expect(modal).toHaveCount(0);
    await expect(eventBox(page, 'Entraînement collectif 18:00')).toBeVisible();
    // One symbol per type on every screen (lib/event-type.ts): the training's icon, with the label.
    await expect(
      eventBox(page, 'Entraînement collectif 18:00').locator(
        '.club-event-icon [data-event-type-icon="ENTRAINEMENT"]',
      ),
    ).toBeVisible();
    // The name already says its type: no 'Entraînement : Entraînement collectif' (decision 0086).
    await expect(eventBox(page, 'Entraînement collectif 18:00')).not.toContainText(
      'Entraînement :',
    );
    let events = await clubEvents(api, me.idClub);
    const training = events.find((e) => e.nom === 'Entraînement collectif')!;
    expect(training).toMatchObject({
      type: 'ENTRAINEMENT',
      dateDebut: `${day}T18:00:00`,
      dateFin: `${day}T20:00:00`,
    });
    expect([...training.equipesIds].sort()).toEqual([teams.seniors, teams.u17].sort());

    // A match of Seniors against a typed opponent.
    const matchDay = dayOfThisMonth(12);
    await page.getByRole('button', { name: '+ Ajouter un événement' }).click();
    await modal.getByLabel('Type *').selectOption('MATCH');
    const adverse = modal.getByLabel('Équipe adverse');
    await expect(adverse).toBeDisabled();
    await expect(adverse.locator('option').first()).toHaveText(EVENT_MESSAGES.chooseBaseTeamFirst);
    await modal.getByLabel('Nom *').fill('Match de championnat');
    await modal.getByLabel('Lieu *').fill('Stade municipal');
    await fillDateTime(modal, 'Début *', 'Heure de début', `${matchDay}T15:00`);
    await fillDateTime(modal, 'Fin *', 'Heure de fin', `${matchDay}T17:00`);
    await modal.getByLabel('Équipe (base) *').selectOption(String(teams.seniors));
    await expect(adverse).toBeEnabled();
    // The platform's opponents: same category and division, the base team excluded.
    await expect(adverse.locator('option', { hasText: 'Réserve' })).toHaveCount(1);
    await expect(adverse.locator('option', { hasText: 'U17' })).toHaveCount(0);
    await modal.getByLabel('Adversaire (hors plateforme)').fill('AS Voisins');
    await modal.getByRole('button', { name: 'Créer' }).click();
    await expect(modal).toHaveCount(0);
    // A match's cell names both sides, the home side first.
    await expect(eventBox(page, 'Seniors – AS Voisins 15:00')).toBeVisible();
    events = await clubEvents(api, me.idClub);
    const match = events.find((e) => e.nom === 'Match de championnat')!;
    expect(match).toMatchObject({
      type: 'MATCH',
      equipesIds: [teams.seniors],
      adversaireNom: 'AS Voisins',
      dateDebut: `${matchDay}T15:00:00`,
    });
    // The match is on the base team's matches.
    const matchesRes = await api.send(endpoints.matches.listTeam, {
      params: { id: teams.seniors },
    });
    expect(matchesRes.status).toBe(200);
    const answer = matchesRes.body;
    const matches = Array.isArray(answer) ? answer : answer.content;
    expect(matches.some((m) => JSON.stringify(m).includes('AS Voisins'))).toBe(true);

    // Drag the training from the 10th to the 17th: same time, new day.
    const target = dayOfThisMonth(17);
    const box = (await eventBox(page, 'Entraînement collectif 18:00').boundingBox())!;
    const cell = (await page.locator(`[data-date="${target}"]`).first().boundingBox())!;
    const saved = page.waitForResponse(
      (r) =>
        r.request().method() === 'PUT' &&
        r.url().includes(buildPath(endpoints.events.update.path, { id: training.id })),
    );
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 10, box.y + box.height / 2 + 10, { steps: 5 });
    await page.mouse.move(cell.x + cell.width / 2, cell.y + cell.height / 2, { steps: 15 });
    await page.mouse.up();
    expect((await saved).status()).toBe(200);
    await expect(
      page.locator(`[data-date="${target}"]`).first().getByText('Entraînement collectif 18:00'),
    ).toBeVisible();
    events = await clubEvents(api, me.idClub);
    expect(events.find((e) => e.id === training.id)).toMatchObject({
      dateDebut: `${target}T18:00:00`,
      dateFin: `${target}T20:00:00`,
    });

    // Delete the match: the confirmation is a dialog of its own.
    await eventBox(page, 'Seniors – AS Voisins 15:00').click();
    const edit = page.getByRole('dialog', { name: 'Modifier un événement' });
    await expect(edit.getByLabel('Nom *')).toHaveValue('Match de championnat');
    await edit.getByRole('button', { name: 'Supprimer' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(EVENT_MESSAGES.confirmDelete);
    await confirm.getByRole('button', { name: 'Supprimer' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByText('Seniors – AS Voisins 15:00')).toHaveCount(0);
    events = await clubEvents(api, me.idClub);
    expect(events.map((e) => e.nom)).toEqual(['Entraînement collectif']);
    expect(errors).toEqual([]);
  });

  test('a move the server refuses puts the event back and says so', async ({
    leaderPage: page,
    api,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const me = await infos(api);
    const from = dayOfThisMonth(10);
    const to = dayOfThisMonth(17);
    await api.client.events.create({
      body: {
        nom: 'Séance vidéo',
        lieux: 'Club-house',
        type: 'REUNION',
        dateDebut: `${from}T19:00:00`,
        dateFin: `${from}T20:00:00`,
        equipesIds: [],
        clubId: me.idClub,
      },
    });
    await openCalendar(page, me.nomClub);
    // The save fails on its way (a lost connection, a rule of the server).
    await page.route('**/api/evenements/*', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({
            status: 403,
            contentType: 'application/json',
            body: JSON.stringify({ message: 'Action non autorisée.' }),
          })
        : route.continue(),
    );
    const box = (await eventBox(page, 'Séance vidéo 19:00').boundingBox())!;
    const cell = (await page.locator(`[data-date="${to}"]`).first().boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 10, box.y + box.height / 2 + 10, { steps: 5 });
    await page.mouse.move(cell.x + cell.width / 2, cell.y + cell.height / 2, { steps: 15 });
    await page.mouse.up();
    await expect(page.getByRole('alert')).toContainText(
      "Le déplacement de l'événement a échoué ; il a été remis à sa place.",
    );
    await expect(
      page.locator(`[data-date="${from}"]`).first().getByText('Séance vidéo 19:00'),
    ).toBeVisible();
    await expect(
      page.locator(`[data-date="${to}"]`).first().getByText('Séance vidéo 19:00'),
    ).toHaveCount(0);
    const events = await clubEvents(api, me.idClub);
    expect(events[0]).toMatchObject({ dateDebut: `${from}T19:00:00` });
  });

  test('the view follows the window: day under 640 px, week under 1024 px, month above', async ({
    leaderPage: page,
    api,
  }) => {
    const view = page.locator('.calendar-main');
    await page.setViewportSize({ width: 1280, height: 900 });
    const me = await infos(api);
    await openCalendar(page, me.nomClub);
    await expect(view).toHaveAttribute('data-view', 'dayGridMonth');
    const toolbar = page.locator('.calendar-main');
    for (const label of ["Aujourd'hui", 'Mois', 'Semaine', 'Jour'])
      await expect(
        toolbar
          .getByRole('button', { name: label, exact: true })
          .or(toolbar.getByRole('tab', { name: label, exact: true })),
      ).toBeVisible();

    await page.setViewportSize({ width: 800, height: 900 });
    await expect(view).toHaveAttribute('data-view', 'timeGridWeek');
    // No event this week: the grid opens at 08:00 (decision 0088).
    await expect.poll(() => timeAtTop(page)).toBe('08:00:00');

    await page.setViewportSize({ width: 375, height: 800 });
    await expect(view).toHaveAttribute('data-view', 'timeGridDay');
    // Only day and week under 640 px.
    await expect(toolbar.getByText('Mois', { exact: true })).toHaveCount(0);
    await expect(toolbar.getByText('Semaine', { exact: true })).toBeVisible();
    await expect(toolbar.getByText('Jour', { exact: true })).toBeVisible();
    // No horizontal scrolling of the page at 375 px.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);

    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(view).toHaveAttribute('data-view', 'dayGridMonth');
  });
});

test.describe('[calendar] phone', () => {
  test('opens on the next day with an event, scrolled to it, when today has none', async ({
    leaderPage: page,
    api,
  }) => {
    const me = await infos(api);
    // Three days ahead on the browser's calendar (the page's today), at 19:00.
    const ahead = await page.evaluate(() => {
      const d = new Date();
      d.setDate(d.getDate() + 3);
      const p = (n: number) => String(n).padStart(2, '0');
      return {
        iso: `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`,
        title: new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long' }).format(d),
      };
    });
    await api.client.events.create({
      body: {
        nom: 'Séance du soir',
        lieux: 'Gymnase',
        type: 'ENTRAINEMENT',
        dateDebut: `${ahead.iso}T19:00:00`,
        dateFin: `${ahead.iso}T21:00:00`,
        equipesIds: [],
        clubId: me.idClub,
      },
    });
    await page.setViewportSize({ width: 375, height: 800 });
    await openCalendar(page, me.nomClub);
    const view = page.locator('.calendar-main');
    await expect(view).toHaveAttribute('data-view', 'timeGridDay');
    await expect(eventBox(page, 'Séance du soir 19:00')).toBeVisible();
    await expect(view.getByRole('heading', { name: new RegExp(ahead.title) })).toBeVisible();
    // Scrolled down to it (the grid's end may stop the scroll before 19:00 reaches the top).
    await expect.poll(() => inGridView(page, 'Séance du soir')).toBe(true);
    // 'Aujourd'hui' still goes back to today's (empty) day, opened at 08:00.
    await view.getByRole('button', { name: "Aujourd'hui", exact: true }).click();
    await expect(eventBox(page, 'Séance du soir 19:00')).toHaveCount(0);
    await expect.poll(() => timeAtTop(page)).toBe('08:00:00');
  });
});

test.describe('[calendar] player', () => {
  test("sees only their team's and team-less events and cannot open the editor", async ({
    leaderPage: leader,
    api,
    browser,
  }) => {
    test.slow();
    const me = await infos(api);
    const teams = await createTeams(api, me.idClub);
    const day = dayOfThisMonth(parisDayOfMonth());
    const add = (nom: string, equipesIds: number[], hour: number) =>
      api.client.events.create({
        body: {
          nom,
          lieux: 'Stade',
          type: 'ENTRAINEMENT',
          dateDebut: `${day}T${pad(hour)}:00:00`,
          dateFin: `${day}T${pad(hour + 1)}:00:00`,
          equipesIds,
          clubId: me.idClub,
        },
      });
    await add('Séance Seniors', [teams.seniors], 9);
    await add('Séance U17', [teams.u17], 11);
    await add('Fête du club', [], 13);
    const account = await createActiveMember(api, browser, me.idClub, {
      ...HUGO_LEROY,
      role: 'JOUEUR',
    });
    await leader.close();

    const context = await browser.newContext({ viewport: { width: 800, height: 900 } });
    const page = await context.newPage();
    const errors = consoleErrors(page);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await signIn(page, account);
    await openCalendar(page, me.nomClub);
    await expect(page.locator('.calendar-main')).toHaveAttribute('data-view', 'timeGridWeek');
    await expect(eventBox(page, 'Séance Seniors 09:00')).toBeVisible();
    // The week opens at its first event (decision 0088).
    await expect.poll(() => timeAtTop(page)).toBe('09:00:00');
    await expect(eventBox(page, 'Fête du club 13:00')).toBeVisible();
    await expect(page.getByText('Séance U17')).toHaveCount(0);
    // No add button, no team filter.
    await expect(page.getByRole('button', { name: '+ Ajouter un événement' })).toHaveCount(0);
    await expect(page.getByRole('group', { name: 'Équipes' })).toHaveCount(0);
    // Clicking shows a read-only detail, never the editor.
    await eventBox(page, 'Séance Seniors 09:00').click();
    const detail = page.getByRole('dialog', { name: 'Séance Seniors' });
    await expect(detail).toBeVisible();
    await expect(detail.getByRole('textbox')).toHaveCount(0);
    await expect(page.getByRole('dialog', { name: 'Modifier un événement' })).toHaveCount(0);
    await detail.getByRole('button', { name: 'Fermer' }).first().click();
    // The server agrees: the player's answer lacks the other team's event.
    const playerApi = new Api(page.request, api.baseURL);
    const seen = await playerApi.client.events.listClub({ params: { clubId: me.idClub } });
    expect(seen.map((e) => e.nom).sort()).toEqual(['Fête du club', 'Séance Seniors']);
    expect(errors).toEqual([]);
    // A player may not create or move events: FullCalendar's interaction plugin is never fetched
    // (docs/decisions/0094-route-javascript-composition.md); the week view's time grid is.
    expect(scripts.filter((s) => /\/interaction-[\w-]+\.js$/.test(s))).toEqual([]);
    expect(scripts.filter((s) => /\/timegrid-[\w-]+\.js$/.test(s))).toHaveLength(1);
    await context.close();
  });
});

test.describe('[calendar] coach', () => {
  test("edits their team's events only; a team-less event opens read-only", async ({
    leaderPage: leader,
    api,
    browser,
  }) => {
    test.slow();
    const me = await infos(api);
    const teams = await createTeams(api, me.idClub);
    const day = dayOfThisMonth(parisDayOfMonth());
    const add = (nom: string, equipesIds: number[], hour: number) =>
      api.client.events.create({
        body: {
          nom,
          lieux: 'Stade',
          type: 'ENTRAINEMENT',
          dateDebut: `${day}T${pad(hour)}:00:00`,
          dateFin: `${day}T${pad(hour + 1)}:00:00`,
          equipesIds,
          clubId: me.idClub,
        },
      });
    await add('Séance Seniors', [teams.seniors], 9);
    await add('Fête du club', [], 13);
    const account = await createActiveMember(api, browser, me.idClub, {
      ...HUGO_LEROY,
      role: 'ENTRAINEUR',
    });
    await leader.close();

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = consoleErrors(page);
    await signIn(page, account);
    await openCalendar(page, me.nomClub);
    await eventBox(page, 'Séance Seniors 09:00').click();
    // Today's training opens its attendance first (decision 0101), the form one tap away.
    const roll = page.getByRole('dialog', { name: 'Présences : Séance Seniors 09:00' });
    await expect(roll.getByRole('heading', { name: 'Présences', exact: true })).toBeVisible();
    await roll.getByRole('button', { name: "Modifier l'événement" }).click();
    const edit = page.getByRole('dialog', { name: 'Modifier un événement' });
    await expect(edit.getByLabel('Nom *')).toHaveValue('Séance Seniors');
    // The coach's team is forced: no checklist of the club's teams.
    await expect(edit.getByRole('group', { name: 'Équipes concernées' })).toHaveCount(0);
    await expect(edit.getByText(/Équipe concernée/)).toContainText('Seniors');
    await edit.getByRole('button', { name: 'Annuler' }).click();
    await eventBox(page, 'Fête du club 13:00').click();
    await expect(page.getByRole('dialog', { name: 'Fête du club' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Modifier un événement' })).toHaveCount(0);
    await page
      .getByRole('dialog', { name: 'Fête du club' })
      .getByRole('button', { name: 'Fermer' })
      .first()
      .click();
    // A MATCH: the base team is the coach's; the opponents are the club's teams of that level.
    await page.getByRole('button', { name: '+ Ajouter un événement' }).click();
    const create = page.getByRole('dialog', { name: 'Créer un événement' });
    await create.getByLabel('Type *').selectOption('MATCH');
    const base = create.getByLabel('Équipe (base) *');
    await expect(base.locator('option', { hasText: 'Seniors' })).toHaveCount(1);
    await expect(base.locator('option', { hasText: 'U17' })).toHaveCount(0);
    await base.selectOption(String(teams.seniors));
    await expect(
      create.getByLabel('Équipe adverse').locator('option', { hasText: 'Réserve' }),
    ).toHaveCount(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});

test('[calendar] axe finds no violation on the calendar and the open modal, in the three themes', async ({
  page,
  club,
  api,
}) => {
  test.slow();
  await signIn(page, club);
  const me = await infos(api);
  const teams = await createTeams(api, me.idClub);
  const day = dayOfThisMonth(parisDayOfMonth());
  const types = ['MATCH', 'ENTRAINEMENT', 'TOURNOI', 'REUNION', 'AUTRE'];
  for (const [i, type] of types.entries())
    await api.client.events.create({
      body: {
        nom: `Événement ${type.toLowerCase()}`,
        lieux: 'Stade',
        type,
        dateDebut: `${day}T${pad(8 + 2 * i)}:00:00`,
        dateFin: `${day}T${pad(9 + 2 * i)}:00:00`,
        equipesIds: [teams.seniors],
        clubId: me.idClub,
        ...(type === 'MATCH' ? { adversaireNom: 'AS Voisins' } : {}),
      },
    });
  await openCalendar(page, me.nomClub);
  await expect(page.locator('.club-event-content')).toHaveCount(5);
  // Never colour alone: each type has its own icon.
  const icons = await page
    .locator('.club-event-icon [data-event-type-icon]')
    .evaluateAll((els) => els.map((e) => e.innerHTML));
  expect(new Set(icons).size).toBe(5);
  await expectNoA11yViolationsInThemes(page);
  await page.getByRole('button', { name: '+ Ajouter un événement' }).click();
  const modal = page.getByRole('dialog', { name: 'Créer un événement' });
  await modal.getByLabel('Type *').selectOption('MATCH');
  await expectNoA11yViolationsInThemes(page);
});
