import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { DUTY_MESSAGES, api, type TDutyTally } from '@club/contract';
import {
  createClub,
  createEvent,
  createMember,
  createTeam,
  linkGuardian,
  setMemberHats,
} from '../../db/factories.ts';
import { duties, dutyVolunteers, eventPresences, members } from '../../db/schema.ts';
import { manualClock } from '../../lib/clock.ts';
import { instantOf } from '../notifications/index.ts';
import {
  LOCAL_POSTGRES_URL,
  buildTestApp,
  signIn,
  type TestClient,
  type TestContext,
} from '../../test/helper.ts';
import { until, waitForMailQueueIdle } from '../../test/http-utils.ts';
import { DUTY_REMINDER_QUEUE } from './index.ts';

/**
 * Volunteer duties on the real application and a real SMTP server (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL; the sign-up race also on a PostgreSQL server whatever the run). Club time
 * Europe/Paris, season 2030-2031 (July), today 10 November 2030. Families from the guardian
 * links: Martin (Sophie and Marc, Léo U11), Durand (Paul, Emma U11), Bernard (Nadia, Lina U11),
 * Roux (Anne, Zoé U11), Hugo Petit (adult U11 player alone); Claire coaches the U11.
 */
const TZ = 'Europe/Paris';
const clock = manualClock('2030-11-10T10:00:00Z');
type Member = Awaited<ReturnType<typeof createMember>>;

let ctx: TestContext;
let club: { id: number };
let u11: { id: number };
let u13: { id: number };
const m: Record<string, Member> = {};
const as: Record<string, TestClient> = {};

beforeAll(async () => {
  ctx = await buildTestApp({}, undefined, { clock });
  const db = ctx.app.db;
  const c = await createClub(db, { timezone: TZ, nom: `Tâches FC ${Date.now().toString(36)}` });
  club = { id: c.id };
  u11 = await createTeam(db, club.id, { nom: 'U11' });
  u13 = await createTeam(db, club.id, { nom: 'U13' });
  const add = async (
    key: string,
    nom: string,
    prenom: string,
    role: string,
    teamId: number | null,
    dateNaissance = '1985-01-01',
  ) => {
    m[key] = await createMember(db, club.id, {
      nom,
      prenom,
      role: role as never,
      teamId,
      dateNaissance,
    });
    if (teamId)
      await setMemberHats(db, club.id, m[key]!.id, {
        teams: [{ id: teamId, role: role === 'ENTRAINEUR' ? 'ENTRAINEUR' : 'JOUEUR' }],
      });
  };
  await add('leader', 'Lefèvre', 'Paul', 'RESPONSABLE', null);
  await add('claire', 'Blanc', 'Claire', 'ENTRAINEUR', u11.id);
  await add('coach13', 'Noir', 'Jean', 'ENTRAINEUR', u13.id);
  await add('sophie', 'Martin', 'Sophie', 'PARENT', null);
  await add('marc', 'Martin', 'Marc', 'PARENT', null);
  await add('leo', 'Martin', 'Léo', 'JOUEUR', u11.id, '2020-05-01');
  await add('paul', 'Durand', 'Paul', 'PARENT', null);
  await add('emma', 'Durand', 'Emma', 'JOUEUR', u11.id, '2020-02-01');
  await add('nadia', 'Bernard', 'Nadia', 'PARENT', null);
  await add('lina', 'Bernard', 'Lina', 'JOUEUR', u11.id, '2020-03-01');
  await add('anne', 'Roux', 'Anne', 'PARENT', null);
  await add('zoe', 'Roux', 'Zoé', 'JOUEUR', u11.id, '2020-04-01');
  await add('hugo', 'Petit', 'Hugo', 'JOUEUR', u11.id, '1995-01-01');
  await add('u13parent', 'Morel', 'Luc', 'PARENT', null);
  await add('u13kid', 'Morel', 'Tim', 'JOUEUR', u13.id, '2018-01-01');
  for (const [p, ch] of [
    ['sophie', 'leo'],
    ['marc', 'leo'],
    ['paul', 'emma'],
    ['nadia', 'lina'],
    ['anne', 'zoe'],
    ['u13parent', 'u13kid'],
  ] as const)
    await linkGuardian(db, club.id, m[p]!.id, m[ch]!.id);
  for (const k of Object.keys(m)) as[k] = await signIn(ctx.app, m[k]!);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

let eventSeq = 0;
/** An event of the U11 in the season (club wall clock), created directly (no templates). */
async function u11Event(dateDebut = '2030-11-23T15:00:00', teamIds = [u11.id]) {
  const end = `${dateDebut.slice(0, 11)}${String(Number(dateDebut.slice(11, 13)) + 2).padStart(2, '0')}${dateDebut.slice(13)}`;
  return createEvent(ctx.app.db, club.id, {
    nom: `Match ${++eventSeq}`,
    type: 'MATCH',
    dateDebut: dateDebut.replace('T', ' '),
    dateFin: end.replace('T', ' '),
    lieux: 'Stade de la Beaujoire',
    teamIds,
  });
}
const setDuties = (who: string, eventId: number, body: { libelle: string; places: number }[]) =>
  as[who]!.send(api.duties.replace, { params: { id: eventId }, body });
const listDuties = async (who: string, eventId: number) => {
  const res = await as[who]!.send(api.duties.list, { params: { id: eventId } });
  expect(res.status, res.text).toBe(200);
  return res.body;
};
const signUp = (who: string, dutyId: number, membreId: number) =>
  as[who]!.send(api.duties.signUp, { params: { id: dutyId }, body: { membreId } });
const tally = async (equipeId = u11.id) => {
  const res = await as.claire!.send(api.duties.tally, { query: { equipeId } });
  expect(res.status, res.text).toBe(200);
  return res.body;
};
const familyCount = (t: TDutyTally, member: Member) =>
  t.find((f) => f.membres.some((x) => x.id === member.id))?.taches;

describe('duties: the list of an event', () => {
  it('the coach sets the duties; players and parents may not; places are validated in French', async () => {
    const e = await u11Event();
    const bad = await setDuties('claire', e.id, [{ libelle: 'Buvette', places: 0 }]);
    expect(bad.status).toBe(400);
    expect(Object.values(bad.error.errors ?? {})).toContain(DUTY_MESSAGES.placesRange);
    const twice = await setDuties('claire', e.id, [
      { libelle: 'Buvette', places: 2 },
      { libelle: 'buvette', places: 1 },
    ]);
    expect(twice.status).toBe(400);
    expect(Object.values(twice.error.errors ?? {})).toContain(DUTY_MESSAGES.libelleTwice);
    for (const who of ['hugo', 'sophie', 'coach13'])
      expect((await setDuties(who, e.id, [{ libelle: 'Buvette', places: 2 }])).status).toBe(403);
    const ok = await setDuties('claire', e.id, [
      { libelle: 'Buvette', places: 2 },
      { libelle: 'Lavage des maillots', places: 1 },
    ]);
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.map((d) => [d.libelle, d.places, d.benevoles])).toEqual([
      ['Buvette', 2, []],
      ['Lavage des maillots', 1, []],
    ]);
    // the team's families read them; another team's family does not
    expect((await listDuties('sophie', e.id)).map((d) => d.libelle)).toEqual([
      'Buvette',
      'Lavage des maillots',
    ]);
    expect((await as.u13parent!.send(api.duties.list, { params: { id: e.id } })).status).toBe(403);
  });

  it('a parent signs up for the child: the parent comes, for the child; other families read « M. »', async () => {
    const e = await u11Event();
    const [buvette] = (await setDuties('claire', e.id, [{ libelle: 'Buvette', places: 2 }])).body;
    const res = await signUp('sophie', buvette!.id, m.leo!.id);
    expect(res.status, res.text).toBe(200);
    expect(res.body.benevoles).toEqual([
      { membreId: m.sophie!.id, nom: 'Martin', prenom: 'Sophie', pourMembreId: m.leo!.id },
    ]);
    // Marc (same family) reads the whole name, Paul (another family) the initial, the coach all
    expect((await listDuties('marc', e.id))[0]!.benevoles[0]!.nom).toBe('Martin');
    expect((await listDuties('paul', e.id))[0]!.benevoles[0]).toMatchObject({
      prenom: 'Sophie',
      nom: 'M.',
    });
    expect((await listDuties('claire', e.id))[0]!.benevoles[0]!.nom).toBe('Martin');
    // twice the same: 409; a parent does not sign up another family's child
    expect((await signUp('sophie', buvette!.id, m.leo!.id)).status).toBe(409);
    expect((await signUp('sophie', buvette!.id, m.emma!.id)).status).toBe(403);
    // the coach signs up any player of the team
    expect((await signUp('claire', buvette!.id, m.hugo!.id)).status).toBe(200);
    const full = await signUp('paul', buvette!.id, m.emma!.id);
    expect(full.status).toBe(409);
    expect(full.error.message).toBe('Cette tâche est complète.');
  });

  it('places kept on a new list keep their volunteers and never go below them', async () => {
    const e = await u11Event();
    const [d] = (await setDuties('claire', e.id, [{ libelle: 'Buvette', places: 2 }])).body;
    await signUp('hugo', d!.id, m.hugo!.id);
    await signUp('paul', d!.id, m.emma!.id);
    const less = await setDuties('claire', e.id, [{ libelle: 'Buvette', places: 1 }]);
    expect(less.status).toBe(400);
    expect(Object.values(less.error.errors ?? {})).toContain(
      DUTY_MESSAGES.placesBelowVolunteers(2),
    );
    const more = await setDuties('claire', e.id, [
      { libelle: 'Arbitre de touche', places: 1 },
      { libelle: 'Buvette', places: 3 },
    ]);
    expect(more.body.map((x) => [x.libelle, x.benevoles.length])).toEqual([
      ['Arbitre de touche', 0],
      ['Buvette', 2],
    ]);
  });
});

describe('duties: families and the season’s tally', () => {
  it('a parent’s duty for the child, and the other parent’s own, count for one family', async () => {
    const before = await tally();
    const e = await u11Event('2030-11-30T15:00:00');
    const [a, b] = (
      await setDuties('claire', e.id, [
        { libelle: 'Goûter', places: 2 },
        { libelle: 'Table de marque', places: 1 },
      ])
    ).body;
    expect((await signUp('sophie', a!.id, m.leo!.id)).status).toBe(200);
    expect((await signUp('marc', b!.id, m.marc!.id)).status).toBe(200);
    const after = await tally();
    expect(familyCount(after, m.leo!)! - familyCount(before, m.leo!)!).toBe(2);
    const martin = after.find((f) => f.membres.some((x) => x.id === m.leo!.id))!;
    expect(martin.famille).toBe('Famille Martin');
    expect(martin.membres.map((x) => x.id).sort((x, y) => x - y)).toEqual(
      [m.sophie!.id, m.marc!.id, m.leo!.id].sort((x, y) => x - y),
    );
    // Hugo, an adult alone, is a family of his own
    expect(after.find((f) => f.membres.some((x) => x.id === m.hugo!.id))!.membres).toHaveLength(1);
    // a player reads no tally; the CSV has French headers
    expect((await as.hugo!.send(api.duties.tally, { query: { equipeId: u11.id } })).status).toBe(
      403,
    );
    const csv = await as.claire!.send(api.duties.tallyExport, { query: { equipeId: u11.id } });
    expect(csv.status).toBe(200);
    expect(csv.body).toContain('Famille;Membres;Tâches');
    expect(csv.body).toContain('Famille Martin');
  });
});

describe('duties: the fair proposal', () => {
  it('the fewest duties first, unavailable and already-on-duty families skipped, ties stable', async () => {
    const db = ctx.app.db;
    // The season so far: wipe the U11's duties, then Martin 2, Durand 1, others 0.
    await db.delete(duties).where(eq(duties.clubId, club.id));
    const past = await u11Event('2030-10-05T15:00:00');
    const [p1, p2] = (
      await setDuties('claire', past.id, [
        { libelle: 'Buvette', places: 3 },
        { libelle: 'Goûter', places: 1 },
      ])
    ).body;
    clock.set('2030-10-01T10:00:00Z');
    await signUp('sophie', p1!.id, m.leo!.id);
    await signUp('marc', p2!.id, m.marc!.id);
    await signUp('paul', p1!.id, m.emma!.id);
    clock.set('2030-11-10T10:00:00Z');
    // The event: Lina is unavailable; Durand is already on duty that day (another event).
    const e = await u11Event('2030-12-07T15:00:00');
    const sameDay = await u11Event('2030-12-07T10:00:00');
    const [other] = (await setDuties('claire', sameDay.id, [{ libelle: 'Buvette', places: 1 }]))
      .body;
    await signUp('paul', other!.id, m.emma!.id); // Durand: 2 now, and on duty that day
    await db.insert(eventPresences).values({
      clubId: club.id,
      eventId: e.id,
      memberId: m.lina!.id,
      statutPresence: 'INDISPONIBLE',
    });
    const [lavage] = (
      await setDuties('claire', e.id, [{ libelle: 'Lavage des maillots', places: 3 }])
    ).body;
    const propose = (simulation: boolean) =>
      as.claire!.send(api.duties.propose, { params: { id: e.id }, body: { simulation } });
    const sim = await propose(true);
    expect(sim.status, sim.text).toBe(200);
    const proposal = sim.body;
    // Roux (0) and Petit (0) tie: the family ids decide (Roux's Anne was created before Hugo);
    // then Martin (2). Bernard (unavailable) and Durand (on duty that day) are skipped.
    expect(proposal.propositions.map((p) => [p.famille.nom, p.taches])).toEqual([
      ['Famille Roux', 0],
      ['Famille Petit', 0],
      ['Famille Martin', 2],
    ]);
    expect(proposal.propositions[0]).toMatchObject({
      tacheId: lavage!.id,
      membreId: m.anne!.id,
      pourMembreId: m.zoe!.id,
    });
    expect(proposal.propositions[1]).toMatchObject({ membreId: m.hugo!.id });
    expect(proposal.propositions[1]!.pourMembreId).toBeUndefined();
    expect(proposal.placesNonPourvues).toBe(0);
    // a simulation writes nothing, and proposing again proposes the same families
    expect((await listDuties('claire', e.id))[0]!.benevoles).toEqual([]);
    expect((await propose(true)).body).toEqual(proposal);
    // players, parents and another team's coach do not propose
    for (const who of ['hugo', 'anne', 'coach13'])
      expect(
        (
          await as[who]!.send(api.duties.propose, {
            params: { id: e.id },
            body: { simulation: true },
          })
        ).status,
      ).toBe(403);

    const count = ctx.smtp.mails.length;
    const applied = await propose(false);
    expect(applied.status, applied.text).toBe(200);
    expect(applied.body.propositions).toHaveLength(3);
    const list = await listDuties('claire', e.id);
    expect(list[0]!.benevoles.map((b) => b.membreId)).toEqual([
      m.anne!.id,
      m.hugo!.id,
      m.sophie!.id,
    ]);
    // the families are told, with the way to swap: Anne, Hugo, and both Martin parents
    await waitForMailQueueIdle(ctx);
    const told = await until('les familles prévenues', () => {
      const fresh = ctx.smtp.mails.slice(count);
      return fresh.length >= 4 ? fresh : undefined;
    });
    expect(told.map((x) => x.to[0]).sort()).toEqual(
      [m.anne!.email, m.hugo!.email, m.sophie!.email, m.marc!.email].sort(),
    );
    expect(told[0]!.subject).toMatch(/^Tâche bénévole : Lavage des maillots/);
    expect(told[0]!.text).toContain('Je ne peux plus');
    // the tally follows: Roux and Petit 1 each now
    const t = await tally();
    expect(familyCount(t, m.zoe!)).toBe(1);
    expect(familyCount(t, m.hugo!)).toBe(1);
    expect(familyCount(t, m.lina!)).toBe(0);
    // full now: applying again proposes nobody
    expect((await propose(false)).body.propositions).toEqual([]);
  });
});

describe('duties: team templates', () => {
  it('every new event of the chosen types gets the templates; players may not set them', async () => {
    const body = [{ libelle: 'Lavage des maillots', places: 1, types: ['MATCH' as const] }];
    expect(
      (await as.hugo!.send(api.duties.setTemplates, { params: { id: u11.id }, body })).status,
    ).toBe(403);
    expect(
      (await as.coach13!.send(api.duties.setTemplates, { params: { id: u11.id }, body })).status,
    ).toBe(403);
    const put = await as.claire!.send(api.duties.setTemplates, { params: { id: u11.id }, body });
    expect(put.status, put.text).toBe(200);
    expect(put.body).toEqual(body);
    const create = (type: string, nom: string) =>
      as.claire!.send(api.events.create, {
        body: {
          nom,
          type,
          lieux: 'Stade',
          dateDebut: '2030-12-14T15:00:00',
          dateFin: '2030-12-14T17:00:00',
          equipesIds: [u11.id],
          clubId: club.id,
          adversaireNom: type === 'MATCH' ? 'FC Nantes' : undefined,
        },
      });
    const match = await create('MATCH', 'Match contre Nantes');
    expect(match.status, match.text).toBe(201);
    expect((await listDuties('sophie', match.body.id)).map((d) => [d.libelle, d.places])).toEqual([
      ['Lavage des maillots', 1],
    ]);
    const training = await create('ENTRAINEMENT', 'Entraînement');
    expect(training.status, training.text).toBe(201);
    expect(await listDuties('sophie', training.body.id)).toEqual([]);
    expect((await as.claire!.send(api.duties.templates, { params: { id: u11.id } })).body).toEqual(
      body,
    );
  });
});

/** The reminder jobs queued for a member. */
async function reminderJobs(memberId: number, dutyId: number) {
  const { rows } = await ctx.database.executeSql(
    `select id, start_after from pgboss.job
      where name = $1 and (data->>'memberId')::int = $2 and (data->>'dutyId')::int = $3
      order by created_on`,
    [DUTY_REMINDER_QUEUE, memberId, dutyId],
  );
  return rows as { id: string; start_after: Date | string }[];
}

describe('duties: the reminder and « Je ne peux plus »', () => {
  it('24 hours before the event; at once for a later sign-up; after the quiet hours', async () => {
    clock.set('2030-11-10T10:00:00Z');
    const e = await u11Event('2030-12-20T15:00:00');
    const [d] = (await setDuties('claire', e.id, [{ libelle: 'Buvette', places: 3 }])).body;
    await signUp('anne', d!.id, m.zoe!.id);
    const [job] = await reminderJobs(m.anne!.id, d!.id);
    expect(new Date(job!.start_after).getTime()).toBe(
      instantOf(TZ, '2030-12-19T15:00:00').getTime(),
    );
    // a sign-up 3 hours before: at once
    clock.set(instantOf(TZ, '2030-12-20T12:00:00'));
    await signUp('hugo', d!.id, m.hugo!.id);
    const [late] = await reminderJobs(m.hugo!.id, d!.id);
    expect(new Date(late!.start_after).getTime()).toBe(clock.now().getTime());
    // an event at 6 in the morning: 24 hours before is within the quiet hours (22:00-07:00)
    clock.set('2030-11-10T10:00:00Z');
    const early = await u11Event('2030-12-21T06:00:00');
    const [d2] = (await setDuties('claire', early.id, [{ libelle: 'Buvette', places: 1 }])).body;
    await signUp('nadia', d2!.id, m.lina!.id);
    const [quiet] = await reminderJobs(m.nadia!.id, d2!.id);
    expect(new Date(quiet!.start_after).getTime()).toBe(
      instantOf(TZ, '2030-12-20T07:00:00').getTime(),
    );
    // when it is due, the volunteer gets the reminder
    clock.set(instantOf(TZ, '2030-12-19T15:00:00'));
    const count = ctx.smtp.mails.length;
    await ctx.database.executeSql(`update pgboss.job set start_after = now() where id = $1`, [
      job!.id,
    ]);
    ctx.app.jobs.notify(DUTY_REMINDER_QUEUE);
    const mail = await until('le rappel', () =>
      ctx.smtp.mails.slice(count).find((x) => x.to[0] === m.anne!.email),
    );
    expect(mail.subject).toMatch(/^Rappel : Buvette — Match/);
    clock.set('2030-11-10T10:00:00Z');
  });

  it('« Je ne peux plus » frees the place and tells the coach', async () => {
    const e = await u11Event('2030-12-28T15:00:00');
    const [d] = (await setDuties('claire', e.id, [{ libelle: 'Buvette', places: 1 }])).body;
    await signUp('sophie', d!.id, m.leo!.id);
    expect((await signUp('paul', d!.id, m.emma!.id)).status).toBe(409);
    // another family may not withdraw them
    expect(
      (
        await as.paul!.send(api.duties.withdraw, {
          params: { id: d!.id, membreId: m.leo!.id },
        })
      ).status,
    ).toBe(403);
    const count = ctx.smtp.mails.length;
    const res = await as.sophie!.send(api.duties.withdraw, {
      params: { id: d!.id, membreId: m.leo!.id },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.benevoles).toEqual([]);
    const mail = await until('l’entraîneur prévenu', () =>
      ctx.smtp.mails.slice(count).find((x) => x.to[0] === m.claire!.email),
    );
    expect(mail.subject).toMatch(/^Je ne peux plus : Buvette/);
    expect(mail.text).toContain('Sophie Martin ne peut plus assurer « Buvette »');
    // the place is free again
    expect((await signUp('paul', d!.id, m.emma!.id)).status).toBe(200);
    // no reminder for who withdrew: their row is gone
    const rows = await ctx.app.db
      .select()
      .from(dutyVolunteers)
      .where(and(eq(dutyVolunteers.dutyId, d!.id), eq(dutyVolunteers.memberId, m.sophie!.id)));
    expect(rows).toEqual([]);
  });
});

/** 30 players sign up at the same time for the last 5 places: exactly 5 get one. */
async function race(c: TestContext) {
  const db = c.app.db;
  const k = await createClub(db, { timezone: TZ });
  const team = await createTeam(db, k.id, { nom: 'Seniors' });
  const coach = await createMember(db, k.id, { role: 'ENTRAINEUR', teamId: team.id });
  await setMemberHats(db, k.id, coach.id, { teams: [{ id: team.id, role: 'ENTRAINEUR' }] });
  const event = await createEvent(db, k.id, {
    nom: 'Tournoi',
    type: 'TOURNOI',
    dateDebut: '2040-06-01 10:00:00',
    dateFin: '2040-06-01 18:00:00',
    teamIds: [team.id],
  });
  const players: Member[] = [];
  for (let i = 0; i < 30; i++)
    players.push(await createMember(db, k.id, { teamId: team.id, prenom: `Joueur${i}` }));
  for (const p of players)
    await setMemberHats(db, k.id, p.id, { teams: [{ id: team.id, role: 'JOUEUR' }] });
  const asCoach = await signIn(c.app, coach);
  const [d] = (
    await asCoach.send(api.duties.replace, {
      params: { id: event.id },
      body: [{ libelle: 'Buvette', places: 5 }],
    })
  ).body;
  const clients = await Promise.all(players.map((p) => signIn(c.app, p)));
  const answers = await Promise.all(
    clients.map((cl, i) =>
      cl.send(api.duties.signUp, { params: { id: d!.id }, body: { membreId: players[i]!.id } }),
    ),
  );
  const ok = answers.filter((r) => r.status === 200);
  const full = answers.filter((r) => r.status === 409);
  expect(ok).toHaveLength(5);
  expect(full).toHaveLength(25);
  for (const r of full) expect(r.error.message).toBe('Cette tâche est complète.');
  const [row] = await db.select().from(duties).where(eq(duties.id, d!.id));
  expect(row!.placesPrises).toBe(5);
  const volunteers = await db
    .select()
    .from(dutyVolunteers)
    .where(and(eq(dutyVolunteers.dutyId, d!.id), eq(dutyVolunteers.clubId, k.id)));
  expect(volunteers).toHaveLength(5);
}

describe('duties: 30 concurrent sign-ups for 5 places', { timeout: 180_000 }, () => {
  it('on this run’s database', async () => {
    const c = await buildTestApp();
    try {
      await race(c);
    } finally {
      await c.close();
    }
  });

  it('on a PostgreSQL server (requests in parallel on a pool of connections)', async () => {
    const c = await buildTestApp({}, undefined, {
      postgresUrl: process.env.TEST_DATABASE_URL ?? LOCAL_POSTGRES_URL,
    });
    try {
      await race(c);
    } finally {
      await c.close();
    }
  });
});

describe('duties: the home and the calendar feed', () => {
  it('« À faire » shows my family’s next duty; the calendar feed carries my duties', async () => {
    clock.set('2030-11-10T10:00:00Z');
    const e = await u11Event('2031-01-11T14:00:00');
    const [d] = (await setDuties('claire', e.id, [{ libelle: 'Goûter', places: 2 }])).body;
    // Nadia signs up for Lina; another family has nothing to do on that day
    const before = (await as.paul!.send(api.dashboard.home)).body.prochaineTache;
    await signUp('nadia', d!.id, m.lina!.id);
    const home = (await as.nadia!.send(api.dashboard.home)).body;
    // her next one is the earlier Buvette of 21 December (the reminder's test), for Lina
    expect(home.prochaineTache).toMatchObject({
      libelle: 'Buvette',
      dateDebut: '2030-12-21T06:00:00',
      benevole: { id: m.nadia!.id, prenom: 'Nadia' },
      pourMembreId: m.lina!.id,
    });
    // the family's next one, whoever of it comes: Lina's home shows her mother's duty
    const forLina = (await as.lina!.send(api.dashboard.home)).body.prochaineTache;
    expect(forLina).toEqual(home.prochaineTache);
    expect((await as.paul!.send(api.dashboard.home)).body.prochaineTache).toEqual(before);

    const sub = await as.nadia!.send(api.calendarFeeds.subscribe, { body: {} });
    expect(sub.status, sub.text).toBe(201);
    const feed = await ctx.app.inject({
      method: 'GET',
      url: new URL(sub.body.url).pathname,
    });
    expect(feed.statusCode).toBe(200);
    expect(feed.body).toContain(`SUMMARY:Tâche : Goûter — ${e.nom}`);
    expect(feed.body).toContain(`UID:tache-${d!.id}-${m.nadia!.id}@club-${club.id}`);

    // the data export (right of access) lists her duties, and Lina's those done for her
    const mine = await as.nadia!.send(api.auth.exportData);
    expect(mine.body.moi.taches).toContainEqual(
      expect.objectContaining({ tache: 'Goûter', evenementId: e.id, pourMembreId: m.lina!.id }),
    );
    const linas = await as.lina!.send(api.auth.exportData);
    expect(linas.body.moi.taches?.map((t) => t.tache)).toContain('Goûter');
  });
});

describe('duties: a deleted volunteer', () => {
  it('gives the place back (the count keeps no ghost)', async () => {
    const db = ctx.app.db;
    const e = await u11Event('2031-02-01T15:00:00');
    const [d] = (await setDuties('claire', e.id, [{ libelle: 'Buvette', places: 1 }])).body;
    const extra = await createMember(db, club.id, { role: 'JOUEUR', teamId: u11.id });
    await setMemberHats(db, club.id, extra.id, { teams: [{ id: u11.id, role: 'JOUEUR' }] });
    expect((await signUp('claire', d!.id, extra.id)).status).toBe(200);
    await db.delete(members).where(eq(members.id, extra.id));
    const [row] = await db.select().from(duties).where(eq(duties.id, d!.id));
    expect(row!.placesPrises).toBe(0);
    expect((await signUp('hugo', d!.id, m.hugo!.id)).status).toBe(200);
  });
});
