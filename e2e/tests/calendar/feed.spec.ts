import ICAL from 'ical.js';
import type { EndpointInput, api as endpoints } from '@club/contract';
import { clubUrl, expect, signIn, test, infos, createActiveMember } from '../../fixtures.ts';

type EventBody = EndpointInput<typeof endpoints.events.create>['body'];

/**
 * The personal calendar feed in Chromium: a player asks for the secret URL in the
 * profile's 'Mon calendrier' section; the URL, fetched without any cookie, answers text/calendar
 * that an independent parser (ical.js) reads, with the team's events (a weekly series included)
 * and not another team's.
 */

test('[calendar] a player subscribes to their feed in the profile; the URL answers a valid calendar', async ({
  leaderPage,
  api,
  browser,
  playwright,
  baseURL,
}) => {
  test.slow();
  const me = await infos(api);
  const team = async (nom: string) =>
    (
      await api.client.teams.create({
        body: { nom, division: 'R1', category: 'Senior', idClub: me.idClub },
      })
    ).id;
  const seniors = await team('Seniors');
  const reserve = await team('Réserve');
  const event = (nom: string, equipesIds: number[], extra: Partial<EventBody> = {}) =>
    api.client.events.create({
      body: {
        nom,
        lieux: 'Stade municipal',
        type: 'ENTRAINEMENT',
        dateDebut: '2027-01-05T19:00:00',
        dateFin: '2027-01-05T20:30:00',
        equipesIds,
        clubId: me.idClub,
        ...extra,
      },
    });
  await event('Séance Seniors', [seniors], {
    recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=3', exclusions: [] },
  });
  await event('Séance Réserve', [reserve]);
  await event('Réunion du club', [], { type: 'REUNION', nom: 'Réunion du club' });
  const player = await createActiveMember(api, browser, me.idClub, {
    nom: 'Robert',
    prenom: 'Raphaël',
    role: 'JOUEUR',
    nomEquipe: 'Seniors',
    dateDeNaissance: '2001-02-03',
  });
  await leaderPage.close();

  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, player);
  await page.goto(clubUrl(me.nomClub, 'profil'));
  // The profile is a lazy chunk too.
  await expect(page.getByRole('heading', { level: 1, name: 'Mon Profil' })).toBeVisible({
    timeout: 20_000,
  });
  const section = page.getByRole('region', { name: 'Mon calendrier' });
  await section.getByRole('button', { name: 'Obtenir l’adresse' }).click();
  const address = section.getByLabel('Adresse de mon calendrier');
  await expect(address).toHaveValue(/^https?:\/\/.+/);
  const url = await address.inputValue();
  // After a reload the live feed is shown by its date and filters (its address is not kept),
  // and replacing it asks first: the address in use would stop working.
  await page.reload();
  await expect(
    section.getByText(/Abonnement actif depuis le .+ : toutes mes équipes\./),
  ).toBeVisible({ timeout: 20_000 });
  await expect(section.getByLabel('Adresse de mon calendrier')).toHaveCount(0);
  await section.getByRole('button', { name: 'Remplacer l’adresse' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remplacer l’adresse du calendrier ?' });
  await expect(confirm).toContainText('L’adresse actuelle cessera de fonctionner');
  await confirm.getByRole('button', { name: 'Annuler' }).click();
  await expect(confirm).toHaveCount(0);
  await context.close();

  // A calendar app polls without any cookie.
  const anonymous = await playwright.request.newContext({ baseURL });
  const res = await anonymous.get(url);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^text\/calendar/);
  const calendar = new ICAL.Component(ICAL.parse(await res.text()));
  const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
  const summaries = events.map((e) => `${e.summary} ${e.startDate.toString()}`).sort();
  expect(summaries).toEqual([
    'Réunion du club 2027-01-05T19:00:00',
    'Séance Seniors 2027-01-05T19:00:00',
    'Séance Seniors 2027-01-12T19:00:00',
    'Séance Seniors 2027-01-19T19:00:00',
  ]);
  expect(new Set(events.map((e) => e.uid)).size).toBe(4);
  expect(events.every((e) => e.location === 'Stade municipal')).toBe(true);
  expect(calendar.getFirstSubcomponent('vtimezone')).not.toBeNull();
  await anonymous.dispose();
});
