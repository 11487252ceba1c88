import { manualClock } from '../../lib/clock.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { CARPOOL_MESSAGES, api } from '@club/contract';
import {
  createClub,
  createConvocation,
  createEvent,
  createMatch,
  createMember,
  createTeam,
  linkGuardian,
} from '../../db/factories.ts';
import { carpoolOffers, carpoolSeats } from '../../db/schema.ts';
import {
  LOCAL_POSTGRES_URL,
  buildTestApp,
  signIn,
  type TestClient,
  type TestContext,
} from '../../test/helper.ts';
import { until, waitForMailQueueIdle } from '../../test/http-utils.ts';

/**
 * Carpooling on the real application and a real SMTP server (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL); the booking race also on a PostgreSQL server whatever the run, where
 * requests really run at the same time.
 */
type Member = Awaited<ReturnType<typeof createMember>>;

async function world(ctx: TestContext, players = 3) {
  const db = ctx.app.db;
  const club = await createClub(db, { timezone: 'Europe/Paris', nom: 'AS Covoit' });
  const team = await createTeam(db, club.id, { nom: 'U13' });
  const event = await createEvent(db, club.id, {
    nom: 'Tournoi de Noël',
    type: 'TOURNOI',
    dateDebut: '2030-12-12T10:00:00',
    dateFin: '2030-12-12T17:00:00',
    teamIds: [team.id],
  });
  const members: Member[] = [];
  for (let i = 0; i < players; i++)
    members.push(
      await createMember(db, club.id, { teamId: team.id, prenom: `Joueur${i}`, nom: 'Test' }),
    );
  return { club, team, event, members };
}

const offer = (client: TestClient, eventId: number, places = 3) =>
  client.send(api.carpool.offer, {
    params: { id: eventId },
    body: { places, depart: 'Parking de la mairie', heureDepart: '2030-12-12T09:15' },
  });
const book = (client: TestClient, offerId: number, membreId: number) =>
  client.send(api.carpool.book, { params: { offreId: offerId }, body: { membreId } });

describe('[carpool] offers, bookings, cancellation', { timeout: 60_000 }, () => {
  let ctx: TestContext;
  let w: Awaited<ReturnType<typeof world>>;
  let driver: Member;
  let child: Member;
  let parent: Member;
  let asDriver: TestClient;
  let asParent: TestClient;
  let asChild: TestClient;
  let asOther: TestClient;

  const clock = manualClock();
  beforeAll(async () => {
    ctx = await buildTestApp({}, undefined, { clock });
    w = await world(ctx, 3);
    [driver, child] = w.members as [Member, Member];
    parent = await createMember(ctx.app.db, w.club.id, { role: 'PARENT', prenom: 'Pia' });
    await linkGuardian(ctx.app.db, w.club.id, parent.id, child.id);
    asDriver = await signIn(ctx.app, driver);
    asParent = await signIn(ctx.app, parent);
    asChild = await signIn(ctx.app, child);
    asOther = await signIn(ctx.app, w.members[2]!);
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
  });

  it('a player offers seats; the event’s members see it; the seat count is validated in French', async () => {
    const bad = await offer(asDriver, w.event.id, 0);
    expect(bad.status).toBe(400);
    expect(bad.error.errors?.places).toBe(CARPOOL_MESSAGES.placesRange);
    const res = await offer(asDriver, w.event.id, 2);
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      evenementId: w.event.id,
      conducteur: { id: driver.id, prenom: 'Joueur0' },
      places: 2,
      placesRestantes: 2,
      depart: 'Parking de la mairie',
      heureDepart: '2030-12-12T09:15:00',
      passagers: [],
    });
    const list = await asParent.send(api.carpool.list, { params: { id: w.event.id } });
    expect(list.status, list.text).toBe(200);
    expect(list.body).toHaveLength(1);
    // Member data in the answer: names only, never contact details.
    expect(JSON.stringify(list.body)).not.toContain(driver.email);
  });

  it('a seat for oneself or one’s own child only; twice, or in one’s own car, is refused', async () => {
    const { id } = (await offer(asDriver, w.event.id, 3)).body;
    const forChild = await book(asParent, id, child.id);
    expect(forChild.status, forChild.text).toBe(200);
    expect(forChild.body.passagers.map((p) => p.id)).toEqual([child.id]);
    expect((await book(asParent, id, w.members[2]!.id)).status).toBe(403);
    expect((await book(asOther, id, child.id)).status).toBe(403);
    const twice = await book(asChild, id, child.id);
    expect(twice.status).toBe(409);
    expect(twice.error.message).toBe(CARPOOL_MESSAGES.alreadyBooked);
    const own = await book(asDriver, id, driver.id);
    expect(own.status).toBe(409);
    expect(own.error.message).toBe(CARPOOL_MESSAGES.driverOwnCar);
    const self = await book(asOther, id, w.members[2]!.id);
    expect(self.body.placesRestantes).toBe(1);
    const back = await asOther.send(api.carpool.unbook, {
      params: { offreId: id, membreId: w.members[2]!.id },
    });
    expect(back.status, back.text).toBe(200);
    expect(back.body.placesRestantes).toBe(2);
  });

  it('a seat for a child who does not play is refused (422 in French): not convoked to the match, not in the event’s team', async () => {
    const db = ctx.app.db;
    const other = await createTeam(db, w.club.id, { nom: 'U15' });
    const sibling = await createMember(db, w.club.id, { teamId: other.id, prenom: 'Léo' });
    await linkGuardian(db, w.club.id, parent.id, sibling.id);
    // a team event (the tournament of U13): the U15 sibling is not in it
    const ride = (await offer(asDriver, w.event.id, 3)).body;
    const outsider = await book(asParent, ride.id, sibling.id);
    expect(outsider.status).toBe(422);
    expect(outsider.error).toEqual({ message: CARPOOL_MESSAGES.passengerNotInEvent });
    expect((await book(asParent, ride.id, child.id)).status).toBe(200);
    // a match of U13: only a convoked child, not one published as not selected
    const { event, match } = await createMatch(db, w.club.id, {
      homeTeamId: w.team.id,
      dateDebut: '2030-12-14 15:00:00',
      dateFin: '2030-12-14 17:00:00',
    });
    const car = await offer(asDriver, event.id, 3);
    expect(car.status, car.text).toBe(201);
    const carId = car.body.id;
    const notConvoked = await book(asParent, carId, child.id);
    expect(notConvoked.status).toBe(422);
    expect(notConvoked.error.message).toBe(CARPOOL_MESSAGES.passengerNotInEvent);
    await createConvocation(db, w.club.id, match.id, sibling.id, {
      selectionPublished: 'NON_RETENU',
    });
    expect((await book(asParent, carId, sibling.id)).status).toBe(422);
    await createConvocation(db, w.club.id, match.id, child.id);
    const convoked = await book(asParent, carId, child.id);
    expect(convoked.status, convoked.text).toBe(200);
    // oneself may always ride (a parent going to watch)
    expect((await book(asParent, carId, parent.id)).status).toBe(200);
  });

  it('once the event has started, no ride is offered nor booked (409 in French)', async () => {
    const open = await offer(asOther, w.event.id, 2);
    expect(open.status, open.text).toBe(201);
    // 10:30 in Paris on the day: the tournament started at 10:00.
    clock.set('2030-12-12T09:30:00Z');
    try {
      const late = await offer(asDriver, w.event.id, 2);
      expect(late.status).toBe(409);
      expect(late.error).toEqual({ message: CARPOOL_MESSAGES.eventOver });
      const seat = await book(asParent, open.body.id, child.id);
      expect(seat.status).toBe(409);
      expect(seat.error).toEqual({ message: CARPOOL_MESSAGES.eventOver });
    } finally {
      clock.set(undefined);
    }
  });

  it('the database refuses an overbooking even without the service (CHECK)', async () => {
    const { id } = (await offer(asDriver, w.event.id, 1)).body;
    await expect(
      ctx.app.db
        .update(carpoolOffers)
        .set({ placesPrises: sql`${carpoolOffers.places} + 1` })
        .where(eq(carpoolOffers.id, id)),
    ).rejects.toThrow();
  });

  it('the driver cancels: the passengers, and the parent who booked, are mailed', async () => {
    const { id } = (await offer(asDriver, w.event.id, 3)).body;
    await book(asParent, id, child.id);
    await book(asOther, id, w.members[2]!.id);
    expect((await asParent.send(api.carpool.cancel, { params: { offreId: id } })).status).toBe(403);
    const count = ctx.smtp.mails.length;
    const res = await asDriver.send(api.carpool.cancel, { params: { offreId: id } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.message).toBe(CARPOOL_MESSAGES.offerCancelled);
    await until('e-mails d’annulation', () => ctx.smtp.mails.length >= count + 3);
    await waitForMailQueueIdle(ctx);
    const fresh = ctx.smtp.mails.slice(count);
    expect(fresh.map((m) => m.to[0]).sort()).toEqual(
      [child.email, parent.email, w.members[2]!.email].sort(),
    );
    expect(fresh[0]!.subject).toMatch(/^Covoiturage annulé : Tournoi de Noël/);
    expect(fresh[0]!.text).toContain('Parking de la mairie');
    const gone = await book(asParent, id, child.id);
    expect(gone.status).toBe(404);
  });
});

/** 10 players book the last 3 seats at the same time: exactly 3 get one. */
async function race(ctx: TestContext) {
  const w = await world(ctx, 11);
  const [driver, ...others] = w.members as [Member, ...Member[]];
  const asDriver = await signIn(ctx.app, driver);
  const { id } = (await offer(asDriver, w.event.id, 3)).body;
  const clients = await Promise.all(others.map((m) => signIn(ctx.app, m)));
  const answers = await Promise.all(clients.map((c, i) => book(c, id, others[i]!.id)));
  const ok = answers.filter((r) => r.status === 200);
  const full = answers.filter((r) => r.status === 409);
  expect(ok).toHaveLength(3);
  expect(full).toHaveLength(7);
  for (const r of full) expect(r.error.message).toBe('Plus de place disponible.');
  const [row] = await ctx.app.db.select().from(carpoolOffers).where(eq(carpoolOffers.id, id));
  expect(row!.placesPrises).toBe(3);
  const seats = await ctx.app.db
    .select()
    .from(carpoolSeats)
    .where(and(eq(carpoolSeats.offerId, id), eq(carpoolSeats.clubId, w.club.id)));
  expect(seats).toHaveLength(3);
}

describe('[carpool] 10 concurrent bookings for 3 seats', { timeout: 120_000 }, () => {
  it('on this run’s database', async () => {
    const ctx = await buildTestApp();
    try {
      await race(ctx);
    } finally {
      await ctx.close();
    }
  });

  it('on a PostgreSQL server (requests in parallel on a pool of connections)', async () => {
    const ctx = await buildTestApp({}, undefined, {
      postgresUrl: process.env.TEST_DATABASE_URL ?? LOCAL_POSTGRES_URL,
    });
    try {
      await race(ctx);
    } finally {
      await ctx.close();
    }
  });
});
