import type { Page } from '@playwright/test';
import {
  Api,
  clubUrl,
  createActiveMember,
  expect,
  expectNoA11yViolations,
  test,
  uniqueEmail,
  seniorsWithCoachAndPlayer,
  signedInPage,
} from '../../fixtures.ts';

/**
 * Match day at 375 and 1280 px, through the production build: an away match with a meeting
 * time, two players available, the coach selects and publishes, the player sees "Sélectionné"
 * with the meeting time, a parent books a seat for their child; the opponent shows in the
 * calendar and in the feed.
 */

/** 'YYYY-MM-DDThh:mm:ss', `days` from today at `hour`:`minute`. */
function clubDate(days: number, hour: number, minute = 0): string {
  const d = new Date(Date.now() + days * 86_400_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())}T${p(hour)}:${p(minute)}:00`;
}

const card = (page: Page) => page.getByRole('article').filter({ hasText: 'FC Voisin' });

test('[match day] away match with a meeting time: selection published, seat booked, opponent in the calendar and the feed', async ({
  leaderPage: _leader,
  api,
  browser,
}) => {
  test.slow();
  const { me, team, base, coach, leo } = await seniorsWithCoachAndPlayer(api, browser);
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
  const parent = await createActiveMember(api, browser, me.idClub, {
    ...base,
    nom: 'Fabre',
    prenom: 'Anne',
    role: 'PARENT',
    enfantsIds: [tom.id],
  });

  // The coach creates the away match with its meeting time.
  const coachPage = await signedInPage(browser, coach);
  const asCoach = new Api(coachPage.context().request, api.baseURL);
  const event = await asCoach.client.events.create({
    body: {
      nom: 'Championnat J5',
      type: 'MATCH',
      dateDebut: clubDate(2, 15),
      dateFin: clubDate(2, 17),
      rendezVous: clubDate(2, 13, 30),
      lieuRendezVous: 'Parking du stade',
      domicile: false,
      lieux: 'Stade du Voisin',
      equipesIds: [team.id],
      adversaireNom: 'FC Voisin',
      clubId: me.idClub,
    },
  });
  if (!event.match) throw new Error('Un événement MATCH crée son match.');
  const matchId = event.match.id;

  // Two players are available: Léo answers in the app, Tom's parent for Tom.
  const leoPage = await signedInPage(browser, leo);
  const url = clubUrl(me.nomClub, 'Seniors', 'matche');
  await leoPage.goto(url);
  await expect(card(leoPage).getByText('Rendez-vous 13h30 · Parking du stade')).toBeVisible();
  await card(leoPage)
    .getByRole('button', { name: /Convocation/ })
    .click();
  const own = leoPage.getByRole('dialog', { name: 'Convocation' });
  await own
    .getByRole('group', { name: /Votre réponse/ })
    .getByLabel('Présent')
    .check();
  await own.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(own.getByText('Convocation enregistrée.')).toBeVisible();
  await own.getByRole('button', { name: 'Fermer' }).click();
  const asParent = new Api((await signedInPage(browser, parent)).context().request, api.baseURL);
  await asParent.client.matches.answerConvocations({
    params: { id: matchId },
    body: { items: [{ joueurId: tom.id, statutPresence: 'DISPONIBLE', justification: null }] },
  });

  // The coach selects and publishes.
  await coachPage.goto(url);
  await expect(card(coachPage).getByText('2 présents · 0 absent · 0 sans réponse')).toBeVisible();
  await card(coachPage)
    .getByRole('button', { name: /^Sélection/ })
    .click();
  const selection = coachPage.getByRole('dialog', { name: 'Sélection' });
  await selection.getByLabel(/Léo Moreau/).selectOption('SELECTIONNE');
  await selection.getByLabel(/Tom Fabre/).selectOption('REMPLACANT');
  await expect(selection.getByText(/1 sélectionné et 1 remplaçant/)).toBeVisible();
  await expectNoA11yViolations(coachPage, { include: '[role="dialog"]' });
  // Kept with the test's results, to be looked at (375 and 1280 px).
  await coachPage.screenshot({ path: test.info().outputPath('selection.png') });
  await selection.getByRole('button', { name: 'Publier' }).click();
  await expect(selection.getByText('Sélection publiée : les joueurs sont prévenus.')).toBeVisible();
  await selection.getByRole('button', { name: 'Fermer' }).click();

  // The coach offers seats; the parent books one for Tom.
  await card(coachPage)
    .getByRole('button', { name: /^Covoiturage/ })
    .click();
  const panel = card(coachPage).getByRole('region', { name: 'Covoiturage' });
  await panel.getByRole('button', { name: 'Proposer des places' }).click();
  await panel.getByLabel('Lieu de départ').fill('Place de la mairie');
  await panel.getByRole('button', { name: 'Proposer' }).click();
  await expect(panel.getByText(/3 places libres sur 3/)).toBeVisible();
  await card(coachPage).screenshot({ path: test.info().outputPath('match-card.png') });

  // Léo sees his selection with the meeting time.
  await leoPage.reload();
  await expect(card(leoPage).getByText('Sélection publiée')).toBeVisible();
  await card(leoPage)
    .getByRole('button', { name: /Convocation/ })
    .click();
  const mine = leoPage.getByRole('dialog', { name: 'Convocation' });
  await expect(mine.getByText('Sélectionné', { exact: true })).toBeVisible();
  await expect(mine.getByText(/rendez-vous à 13h30, Parking du stade/)).toBeVisible();
  await leoPage.context().close();

  const parentPage = await signedInPage(browser, parent);
  await parentPage.goto(url);
  await card(parentPage)
    .getByRole('button', { name: /^Covoiturage/ })
    .click();
  const seats = card(parentPage).getByRole('region', { name: 'Covoiturage' });
  await seats.getByRole('button', { name: /Réserver une place \(Tom\)/ }).click();
  await expect(seats.getByText('Passagers : Tom Fabre')).toBeVisible();
  await parentPage.context().close();

  // The opponent in the calendar's month cell and in the feed's SUMMARY.
  // Phones open the calendar on the day view; the month grid (at least five days of the next
  // month shown, so a match two days ahead is always in it) is the 1280 px one.
  await coachPage.setViewportSize({ width: 1280, height: 800 });
  await coachPage.goto(clubUrl(me.nomClub, 'calendrier'));
  await expect(coachPage.getByText(/FC Voisin – Seniors/).first()).toBeAttached();
  const { url: feed } = await asCoach.client.calendarFeeds.subscribe({
    body: { matchesSeulement: true },
  });
  const ics = await (await api.raw('GET', new URL(feed).pathname)).text();
  expect(ics.replace(/\r\n[ \t]/g, '')).toContain('SUMMARY:FC Voisin – Seniors');
  await coachPage.context().close();
});
