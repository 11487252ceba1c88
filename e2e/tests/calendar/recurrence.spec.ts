import type { Page } from '@playwright/test';
import { api as endpoints } from '@club/contract';
import {
  fillDateTime,
  parisDay,
  frenchDate,
  expect,
  signIn,
  test,
  infos,
  createActiveMember,
  createTeam,
  openCalendar,
} from '../../fixtures.ts';

/**
 * Recurring events in Chromium against the real server: a coach creates a season of
 * Tuesday and Thursday trainings skipping a holiday week, moves "this and following" to 19:30 and
 * deletes one occurrence; each step is checked on screen and through the API.
 */

const pad = (n: number) => String(n).padStart(2, '0');
const ymd = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const plusDays = (date: string, n: number) => {
  const d = new Date(`${date}T12:00:00`);
  d.setDate(d.getDate() + n);
  return ymd(d);
};

/** The month view's cell of a day and the training shown in it. */
const cell = (page: Page, date: string) => page.locator(`[data-date="${date}"]`).first();
const trainingIn = (page: Page, date: string) =>
  cell(page, date).locator('.club-event-content', { hasText: 'Entraînement Seniors' });

test('[calendar] a coach creates a season of Tuesday and Thursday trainings, moves "this and following", deletes one', async ({
  leaderPage,
  api,
  browser,
}) => {
  test.slow();
  const me = await infos(api);
  const seniors = await createTeam(api, me.idClub);
  const coach = await createActiveMember(api, browser, me.idClub, {
    nom: 'Martin',
    prenom: 'Sacha',
    role: 'ENTRAINEUR',
    nomEquipe: 'Seniors',
    dateDeNaissance: '1990-02-03',
  });
  await leaderPage.close();

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const coachApi = await signIn(page, coach);
  const listed = async () =>
    (await coachApi.client.events.listClub({ params: { clubId: me.idClub } })).filter(
      (e) => e.nom === 'Entraînement Seniors',
    );

  // The first Tuesday of this month (the month view shows it); the holiday is the week after.
  // The month is the club's (Europe/Paris, the browser's zone), not the runner's UTC month.
  const first = new Date(`${parisDay().slice(0, 8)}01T12:00:00`);
  while (first.getDay() !== 2) first.setDate(first.getDate() + 1);
  const tuesday = ymd(first);
  const holiday = [plusDays(tuesday, 7), plusDays(tuesday, 9)];
  const seasonEnd = `${first.getMonth() >= 6 ? first.getFullYear() + 1 : first.getFullYear()}-06-30`;

  await openCalendar(page, me.nomClub);
  await page.getByRole('button', { name: '+ Ajouter un événement' }).click();
  const modal = page.getByRole('dialog', { name: 'Créer un événement' });
  await modal.getByLabel('Nom *').fill('Entraînement Seniors');
  await modal.getByLabel('Lieu *').fill('Gymnase Jean Moulin');
  await fillDateTime(modal, 'Début *', 'Heure de début', `${tuesday}T19:00`);
  await fillDateTime(modal, 'Fin *', 'Heure de fin', `${tuesday}T20:30`);
  // 'Répéter' with the keyboard: space toggles the checkboxes.
  await modal
    .getByRole('checkbox', { name: 'Répéter cet événement chaque semaine' })
    .press('Space');
  const days = modal.getByRole('group', { name: 'Jours' });
  await expect(days.getByRole('checkbox', { name: 'Mardi' })).toBeChecked();
  await days.getByRole('checkbox', { name: 'Jeudi' }).press('Space');
  await modal.getByLabel('Jusqu’au').fill(frenchDate(seasonEnd));
  for (const d of holiday) {
    await modal.getByLabel('Date à sauter').fill(frenchDate(d));
    await modal.getByRole('button', { name: 'Ajouter la date' }).click();
  }
  const [y, m, dd] = seasonEnd.split('-');
  await expect(modal.locator('.event-form-repeat-summary')).toHaveText(
    `Chaque mardi et jeudi jusqu'au ${dd}/${m}/${y}, sauf le ${holiday
      .map((d) => d.split('-').reverse().join('/'))
      .join(' et ')}`,
  );
  await modal.getByRole('button', { name: 'Créer' }).click();
  await expect(modal).toHaveCount(0);

  // On screen: Tuesday and Thursday of the first week, nothing in the holiday week.
  await expect(trainingIn(page, tuesday)).toContainText('19:00');
  await expect(trainingIn(page, plusDays(tuesday, 2))).toContainText('19:00');
  for (const d of holiday) await expect(trainingIn(page, d)).toHaveCount(0);
  await expect(trainingIn(page, plusDays(tuesday, 14))).toContainText('19:00');
  // Through the API: every Tuesday and Thursday of the season but the holiday week, at 19:00.
  let events = await listed();
  const expected: string[] = [];
  for (let d = tuesday; d <= seasonEnd; d = plusDays(d, 1)) {
    const day = new Date(`${d}T12:00:00`).getDay();
    if ((day === 2 || day === 4) && !holiday.includes(d)) expected.push(d);
  }
  expect(events.map((e) => e.dateDebut.slice(0, 10))).toEqual(expected);
  expect(events.every((e) => e.dateDebut.endsWith('T19:00:00'))).toBe(true);
  expect(events[0]!.serie).toMatchObject({
    rrule: `FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=${seasonEnd.replaceAll('-', '')}`,
    exclusions: holiday,
  });
  expect(events.every((e) => e.equipesIds.join() === String(seniors.id))).toBe(true);

  // Move "this and following" from the third Tuesday on to 19:30.
  const from = plusDays(tuesday, 14);
  await trainingIn(page, from).click();
  const edit = page.getByRole('dialog', { name: 'Modifier un événement' });
  await expect(edit).toContainText('Fait partie d’une série : Chaque mardi et jeudi');
  await fillDateTime(edit, 'Début *', 'Heure de début', `${from}T19:30`);
  await fillDateTime(edit, 'Fin *', 'Heure de fin', `${from}T21:00`);
  await edit.getByRole('button', { name: 'Modifier', exact: true }).click();
  const scope = page.getByRole('alertdialog', { name: 'Modifier un événement répété' });
  await expect(scope.getByRole('button', { name: 'Cet événement', exact: true })).toBeFocused();
  await scope.getByRole('button', { name: 'Cet événement et les suivants' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(trainingIn(page, from)).toContainText('19:30');
  await expect(trainingIn(page, plusDays(from, 2))).toContainText('19:30');
  await expect(trainingIn(page, tuesday)).toContainText('19:00');
  events = await listed();
  expect(events.map((e) => e.dateDebut.slice(0, 10))).toEqual(expected);
  for (const e of events)
    expect(e.dateDebut.slice(11), e.dateDebut).toBe(
      e.dateDebut.slice(0, 10) < from ? '19:00:00' : '19:30:00',
    );
  expect(events.find((e) => e.dateDebut.startsWith(from))!.dateFin).toBe(`${from}T21:00:00`);

  // Delete one occurrence: the Thursday after.
  const gone = plusDays(from, 2);
  const goneId = events.find((e) => e.dateDebut.startsWith(gone))!.id;
  await trainingIn(page, gone).click();
  await edit.getByRole('button', { name: 'Supprimer' }).click();
  const del = page.getByRole('alertdialog', { name: 'Supprimer un événement répété' });
  await del.getByRole('button', { name: 'Cet événement', exact: true }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(trainingIn(page, gone)).toHaveCount(0);
  await expect(trainingIn(page, plusDays(gone, 5))).toContainText('19:30');
  events = await listed();
  expect(events.map((e) => e.dateDebut.slice(0, 10))).toEqual(expected.filter((d) => d !== gone));
  expect((await coachApi.send(endpoints.events.get, { params: { id: goneId } })).status).toBe(404);
  expect(
    events.find((e) => e.dateDebut.startsWith(plusDays(gone, 5)))!.serie!.exclusions,
  ).toContain(gone);
  await context.close();
});
