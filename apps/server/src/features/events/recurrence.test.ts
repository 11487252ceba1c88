import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  API_DOCS_PATH,
  RECURRENCE_MESSAGES,
  SERVER_MESSAGES,
  api,
  urlOf,
  type TEvent,
  type TEventWrite,
} from '@club/contract';
import { createClub, createEvent, createMember, createTeam } from '../../db/factories.ts';
import { eventSeries } from '../../db/schema.ts';
import { buildTestApp, signIn, type TestClient, type TestContext } from '../../test/helper.ts';

/**
 * Recurring events (decision 0024): series on the club's wall clock, portee of edits and deletes.
 */
let ctx: TestContext;
let club: { id: number };
let seniors: { id: number };
let u17: { id: number };
let asLeader: TestClient;
let asCoach: TestClient; // coach of Seniors only
let asOtherLeader: TestClient;

const body = (overrides: Partial<TEventWrite> = {}): TEventWrite => ({
  nom: 'Entraînement',
  lieux: 'Gymnase',
  dateDebut: '2027-01-05T19:00:00',
  dateFin: '2027-01-05T20:30:00',
  type: 'ENTRAINEMENT',
  equipesIds: [seniors.id],
  clubId: club.id,
  ...overrides,
});

async function createSeries(
  client: TestClient,
  rrule: string,
  exclusions: string[] = [],
  overrides: Partial<TEventWrite> = {},
) {
  const res = await client.send(api.events.create, {
    body: body({ recurrence: { rrule, exclusions }, ...overrides }),
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

/** The occurrences of the club between two days (the calendar's call), by start. */
async function listed(from: string, to: string, client = asLeader) {
  const res = await client.send(api.events.listClub, {
    params: { clubId: club.id },
    query: { from, to },
  });
  expect(res.status, res.text).toBe(200);
  return res.body;
}
type Portee = 'occurrence' | 'suivants' | 'serie';
const ofSeries = (list: TEvent[], ...seriesIds: number[]) =>
  list.filter((e) => e.serie && seriesIds.includes(e.serie.id));

/** Tuesdays and Thursdays between two days (inclusive), computed without any rrule code. */
function tuesdaysAndThursdays(from: string, to: string, skip: string[] = []): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 864e5) {
    const d = new Date(t);
    const ymd = d.toISOString().slice(0, 10);
    if ((d.getUTCDay() === 2 || d.getUTCDay() === 4) && !skip.includes(ymd)) days.push(ymd);
  }
  return days;
}

beforeAll(async () => {
  ctx = await buildTestApp();
  const db = ctx.app.db;
  club = await createClub(db);
  const other = await createClub(db);
  seniors = await createTeam(db, club.id, { nom: 'Seniors' });
  u17 = await createTeam(db, club.id, { nom: 'U17' });
  asLeader = await signIn(ctx.app, await createMember(db, club.id, { role: 'DIRIGEANT' }));
  asCoach = await signIn(
    ctx.app,
    await createMember(db, club.id, { role: 'ENTRAINEUR', teamId: seniors.id }),
  );
  asOtherLeader = await signIn(ctx.app, await createMember(db, other.id, { role: 'DIRIGEANT' }));
});
afterAll(async () => {
  await ctx?.close();
});

describe('[recurrence] creating a series', () => {
  it('weekly TU,TH with a skipped week: the right days, 19:00 in winter and in summer', async () => {
    const skipped = ['2026-10-20', '2026-10-22'];
    const first = await createSeries(asCoach, 'FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20270415', skipped, {
      dateDebut: '2026-10-06T19:00',
      dateFin: '2026-10-06T20:30',
    });
    expect(first).toMatchObject({
      dateDebut: '2026-10-06T19:00:00',
      dateFin: '2026-10-06T20:30:00',
      serie: { rrule: 'FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20270415', exclusions: skipped },
    });
    const list = ofSeries(await listed('2026-10-01', '2027-04-30'), first.serie!.id);
    const expected = tuesdaysAndThursdays('2026-10-06', '2027-04-15', skipped);
    expect(list.map((e) => e.dateDebut.slice(0, 10))).toEqual(expected);
    // Every occurrence keeps the wall clock: before 25 Oct 2026 (summer time), in winter, and
    // after 28 Mar 2027 (summer time again).
    for (const e of list) {
      expect(e.dateDebut.slice(11)).toBe('19:00:00');
      expect(e.dateFin.slice(11)).toBe('20:30:00');
      expect(e.serie).toEqual(first.serie);
      expect(e.equipesIds).toEqual([seniors.id]);
    }
    const dates = list.map((e) => e.dateDebut);
    expect(dates).toContain('2026-10-15T19:00:00');
    expect(dates).toContain('2026-10-27T19:00:00');
    expect(dates).toContain('2027-01-12T19:00:00');
    expect(dates).toContain('2027-04-01T19:00:00');
    expect(new Set(list.map((e) => e.id)).size).toBe(list.length);
    // Each occurrence is an event of its own id.
    const one = await asLeader.send(api.events.get, { params: { id: list[5]!.id } });
    expect(one.body).toEqual(list[5]);
  });

  it('COUNT gives that many occurrences; a rule without an end is refused', async () => {
    const first = await createSeries(asLeader, 'FREQ=DAILY;INTERVAL=2;COUNT=4', [], {
      dateDebut: '2029-02-01T10:00:00',
      dateFin: '2029-02-01T11:00:00',
    });
    const list = ofSeries(await listed('2029-02-01', '2029-02-28'), first.serie!.id);
    expect(list.map((e) => e.dateDebut)).toEqual([
      '2029-02-01T10:00:00',
      '2029-02-03T10:00:00',
      '2029-02-05T10:00:00',
      '2029-02-07T10:00:00',
    ]);
  });

  it('refuses a bad or too long rule, a MATCH series and a bad portee with a French 400', async () => {
    const cases: [NonNullable<TEventWrite['recurrence']>, string, string][] = [
      [{ rrule: 'FREQ=MONTHLY;COUNT=3' }, 'recurrence.rrule', RECURRENCE_MESSAGES.rruleInvalid],
      [
        { rrule: 'FREQ=WEEKLY;BYDAY=XX;COUNT=3' },
        'recurrence.rrule',
        RECURRENCE_MESSAGES.rruleInvalid,
      ],
      [
        { rrule: 'FREQ=WEEKLY;BYSETPOS=1;COUNT=3' },
        'recurrence.rrule',
        RECURRENCE_MESSAGES.rruleInvalid,
      ],
      [{ rrule: 'pas une règle' }, 'recurrence.rrule', RECURRENCE_MESSAGES.rruleInvalid],
      [{ rrule: 'FREQ=WEEKLY;BYDAY=TU' }, 'recurrence.rrule', RECURRENCE_MESSAGES.endRequired],
      [{ rrule: 'FREQ=DAILY;COUNT=401' }, 'recurrence.rrule', RECURRENCE_MESSAGES.tooLong],
      [{ rrule: 'FREQ=WEEKLY;UNTIL=20300101' }, 'recurrence.rrule', RECURRENCE_MESSAGES.tooLong],
      [{ rrule: 'FREQ=DAILY;UNTIL=20280301' }, 'recurrence.rrule', RECURRENCE_MESSAGES.tooLong],
      [
        { rrule: 'FREQ=DAILY;UNTIL=20261201' },
        'recurrence.rrule',
        RECURRENCE_MESSAGES.untilBeforeStart,
      ],
      [
        { rrule: 'FREQ=WEEKLY;COUNT=2', exclusions: ['2027-01-05', '2027-01-12'] },
        'recurrence.rrule',
        RECURRENCE_MESSAGES.noOccurrence,
      ],
      [
        { rrule: 'FREQ=WEEKLY;COUNT=2', exclusions: ['2027-13-01'] },
        'recurrence.exclusions.0',
        SERVER_MESSAGES.invalidDate,
      ],
    ];
    for (const [recurrence, field, message] of cases) {
      const res = await asLeader.send(api.events.create, { body: body({ recurrence }) });
      expect(res.status, JSON.stringify(recurrence)).toBe(400);
      expect(res.error.errors?.[field], JSON.stringify(recurrence)).toBe(message);
    }
    const match = await asLeader.send(api.events.create, {
      body: body({ type: 'MATCH', recurrence: { rrule: 'FREQ=WEEKLY;COUNT=3', exclusions: [] } }),
    });
    expect(match.status).toBe(400);
    expect(match.error.errors?.recurrence).toBe(RECURRENCE_MESSAGES.noMatchSeries);

    const single = await asLeader.send(api.events.create, { body: body() });
    const id = single.body.id;
    const badPortee = await asLeader.raw({
      method: 'DELETE',
      url: `${urlOf(api.events.remove, { params: { id } })}?portee=tout`,
    });
    expect(badPortee.statusCode).toBe(400);
    expect(badPortee.json().errors.portee).toMatch(/Portée invalide/);
    const noSeries = await asLeader.send(api.events.remove, {
      params: { id },
      query: { portee: 'serie' },
    });
    expect(noSeries.status).toBe(400);
    expect(noSeries.error.errors?.portee).toBe(RECURRENCE_MESSAGES.porteeNeedsSeries);
  });

  it('a coach cannot create a series for another team; another club gets 404', async () => {
    const res = await asCoach.send(api.events.create, {
      body: body({
        equipesIds: [u17.id],
        recurrence: { rrule: 'FREQ=WEEKLY;COUNT=3', exclusions: [] },
      }),
    });
    expect(res.status).toBe(403);
    const first = await createSeries(asCoach, 'FREQ=WEEKLY;COUNT=3', [], {
      dateDebut: '2029-06-05T19:00:00',
      dateFin: '2029-06-05T20:00:00',
    });
    const put = await asOtherLeader.send(api.events.update, {
      params: { id: first.id },
      query: { portee: 'serie' },
      body: body({ clubId: club.id, dateDebut: first.dateDebut, dateFin: first.dateFin }),
    });
    expect(put.status).toBe(404);
    const del = await asOtherLeader.send(api.events.remove, {
      params: { id: first.id },
      query: { portee: 'serie' },
    });
    expect(del.status).toBe(404);
    expect(ofSeries(await listed('2029-06-01', '2029-06-30'), first.serie!.id)).toHaveLength(3);
  });
});

describe('[recurrence] edits and deletes by portee', () => {
  /** A TU,TH series in January 2027 (9 occurrences, 5 Jan … 28 Jan… until 2027-02-02). */
  async function january(overrides: Partial<TEventWrite> = {}) {
    const first = await createSeries(asLeader, 'FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20270202', [], {
      nom: `Séance ${Math.random()}`,
      ...overrides,
    });
    return ofSeries(await listed('2027-01-01', '2027-02-28'), first.serie!.id);
  }
  const put = (e: TEvent, portee: Portee, overrides: Partial<TEventWrite> = {}) =>
    asLeader.send(api.events.update, {
      params: { id: e.id },
      query: { portee },
      body: body({
        nom: e.nom,
        lieux: e.lieux,
        dateDebut: e.dateDebut,
        dateFin: e.dateFin,
        ...overrides,
      }),
    });
  const at = (e: TEvent, time: string, end: string) => ({
    dateDebut: `${e.dateDebut.slice(0, 10)}T${time}`,
    dateFin: `${e.dateDebut.slice(0, 10)}T${end}`,
  });

  it('"this and following" moves the rest to 19:30 and splits the series', async () => {
    const occ = await january();
    expect(occ).toHaveLength(9);
    const res = await put(occ[4]!, 'suivants', at(occ[4]!, '19:30:00', '21:00:00'));
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ id: occ[4]!.id, dateDebut: '2027-01-19T19:30:00' });
    const after = [
      ...ofSeries(await listed('2027-01-01', '2027-02-28'), occ[0]!.serie!.id),
      ...ofSeries(await listed('2027-01-01', '2027-02-28'), res.body.serie!.id),
    ];
    expect(after.map((e) => e.id)).toEqual(occ.map((e) => e.id)); // same ids
    for (const e of after.slice(0, 4)) {
      expect(e.dateDebut.slice(11)).toBe('19:00:00');
      expect(e.serie).toEqual({
        ...occ[0]!.serie,
        rrule: 'FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20270118',
      });
    }
    for (const e of after.slice(4)) {
      expect(e.dateDebut.slice(11)).toBe('19:30:00');
      expect(e.dateFin.slice(11)).toBe('21:00:00');
      expect(e.serie!.id).not.toBe(occ[0]!.serie!.id);
      expect(e.serie!.rrule).toBe('FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20270202');
    }
  });

  it('"whole series" renames every occurrence and a new rule moves it to other days', async () => {
    const occ = await january();
    const res = await put(occ[3]!, 'serie', { nom: 'Séance collective', lieux: 'Stade' });
    expect(res.status, res.text).toBe(200);
    const after = ofSeries(await listed('2027-01-01', '2027-02-28'), occ[0]!.serie!.id);
    expect(after.map((e) => e.id)).toEqual(occ.map((e) => e.id));
    expect(new Set(after.map((e) => `${e.nom}|${e.lieux}`))).toEqual(
      new Set(['Séance collective|Stade']),
    );
    // A new rule: Wednesdays only, same start date: Thursday/Tuesday occurrences go, Wednesdays come.
    const moved = await put(after[0]!, 'serie', {
      nom: 'Séance collective',
      lieux: 'Stade',
      recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=WE;UNTIL=20270131', exclusions: ['2027-01-13'] },
    });
    expect(moved.status, moved.text).toBe(200);
    const wednesdays = ofSeries(await listed('2027-01-01', '2027-02-28'), occ[0]!.serie!.id);
    expect(wednesdays.map((e) => e.dateDebut)).toEqual([
      '2027-01-06T19:00:00',
      '2027-01-20T19:00:00',
      '2027-01-27T19:00:00',
    ]);
    // A change of day without a new rule is refused.
    const day = await put(wednesdays[0]!, 'serie', {
      nom: 'Séance collective',
      dateDebut: '2027-01-07T19:00:00',
      dateFin: '2027-01-07T20:30:00',
    });
    expect(day.status).toBe(400);
    expect(day.error.errors?.dateDebut).toBe(RECURRENCE_MESSAGES.dayChangeNeedsRule);
  });

  it('an occurrence changed alone stays changed under "this and following", not under "whole series"', async () => {
    const occ = await january();
    const alone = await put(occ[2]!, 'occurrence', {
      lieux: 'Salle B',
      ...at(occ[2]!, '20:00:00', '21:00:00'),
    });
    expect(alone.status, alone.text).toBe(200);
    expect(alone.body).toMatchObject({ lieux: 'Salle B', dateDebut: '2027-01-12T20:00:00' });
    expect(alone.body.serie?.id).toBe(occ[0]!.serie!.id);

    const following = await put(occ[0]!, 'suivants', {
      nom: 'Renommée',
      ...at(occ[0]!, '18:00:00', '19:00:00'),
    });
    expect(following.status, following.text).toBe(200);
    let now = ofSeries(await listed('2027-01-01', '2027-02-28'), occ[0]!.serie!.id);
    expect(now).toHaveLength(9);
    const kept = now.find((e) => e.id === occ[2]!.id)!;
    expect(kept).toMatchObject({
      nom: occ[2]!.nom,
      lieux: 'Salle B',
      dateDebut: '2027-01-12T20:00:00',
    });
    expect(now.filter((e) => e.id !== occ[2]!.id).every((e) => e.nom === 'Renommée')).toBe(true);
    expect(
      now.filter((e) => e.id !== occ[2]!.id).every((e) => e.dateDebut.endsWith('T18:00:00')),
    ).toBe(true);

    const whole = await put(occ[1]!, 'serie', {
      nom: 'Tous',
      ...at(occ[1]!, '18:00:00', '19:00:00'),
    });
    expect(whole.status, whole.text).toBe(200);
    now = ofSeries(await listed('2027-01-01', '2027-02-28'), occ[0]!.serie!.id);
    expect(now.find((e) => e.id === occ[2]!.id)).toMatchObject({
      nom: 'Tous',
      lieux: 'Gymnase',
      dateDebut: '2027-01-12T18:00:00',
    });
  });

  it('deletes one occurrence (its date is skipped from then on), the following ones, the series', async () => {
    const occ = await january();
    const seriesId = occ[0]!.serie!.id;
    const one = await asLeader.send(api.events.remove, { params: { id: occ[1]!.id } });
    expect(one.status).toBe(200);
    let now = ofSeries(await listed('2027-01-01', '2027-02-28'), seriesId);
    expect(now.map((e) => e.id)).toEqual(occ.filter((_, i) => i !== 1).map((e) => e.id));
    expect(now[0]!.serie!.exclusions).toEqual(['2027-01-07']);
    // A later whole-series edit does not bring it back.
    await put(occ[0]!, 'serie', { nom: 'Après suppression' });
    now = ofSeries(await listed('2027-01-01', '2027-02-28'), seriesId);
    expect(now.map((e) => e.dateDebut.slice(0, 10))).not.toContain('2027-01-07');
    expect(now).toHaveLength(8);

    const following = await asLeader.send(api.events.remove, {
      params: { id: occ[5]!.id },
      query: { portee: 'suivants' },
    });
    expect(following.status, following.text).toBe(200);
    expect(following.body.message).toBe('4 événements supprimés.');
    now = ofSeries(await listed('2027-01-01', '2027-02-28'), seriesId);
    expect(now.map((e) => e.id)).toEqual([occ[0]!.id, occ[2]!.id, occ[3]!.id, occ[4]!.id]);
    expect(now[0]!.serie!.rrule).toBe('FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20270120');

    const all = await asLeader.send(api.events.remove, {
      params: { id: occ[3]!.id },
      query: { portee: 'serie' },
    });
    expect(all.status).toBe(200);
    expect(ofSeries(await listed('2027-01-01', '2027-02-28'), seriesId)).toEqual([]);
    const rows = await ctx.app.db.select().from(eventSeries).where(eq(eventSeries.id, seriesId));
    expect(rows).toEqual([]);
  });

  it('a COUNT series split by "this and following" does not run longer', async () => {
    const first = await createSeries(asLeader, 'FREQ=WEEKLY;BYDAY=MO;COUNT=5', [], {
      dateDebut: '2028-03-06T19:00:00',
      dateFin: '2028-03-06T20:00:00',
    });
    const occ = ofSeries(await listed('2028-03-01', '2028-05-31'), first.serie!.id);
    expect(occ).toHaveLength(5);
    const res = await put(occ[2]!, 'suivants', at(occ[2]!, '19:30:00', '20:30:00'));
    expect(res.status, res.text).toBe(200);
    const all = await listed('2028-03-01', '2028-05-31');
    const both = ofSeries(all, first.serie!.id, res.body.serie!.id);
    expect(both.map((e) => e.dateDebut)).toEqual([
      '2028-03-06T19:00:00',
      '2028-03-13T19:00:00',
      '2028-03-20T19:30:00',
      '2028-03-27T19:30:00',
      '2028-04-03T19:30:00',
    ]);
  });

  it('a coach cannot edit a whole series that holds another team’s occurrence', async () => {
    const first = await createSeries(asCoach, 'FREQ=WEEKLY;COUNT=3', [], {
      dateDebut: '2029-09-04T19:00:00',
      dateFin: '2029-09-04T20:00:00',
    });
    const occ = ofSeries(await listed('2029-09-01', '2029-09-30'), first.serie!.id);
    const given = await put(occ[2]!, 'occurrence', {
      equipesIds: [u17.id],
      ...at(occ[2]!, '19:00:00', '20:00:00'),
    });
    expect(given.status).toBe(200);
    const res = await asCoach.send(api.events.update, {
      params: { id: occ[0]!.id },
      query: { portee: 'serie' },
      body: body({ nom: 'X', dateDebut: occ[0]!.dateDebut, dateFin: occ[0]!.dateFin }),
    });
    expect(res.status).toBe(403);
    // A plain event is not a series: an occurrence-only edit of it works as before.
    const plain = await createEvent(ctx.app.db, club.id, { teamIds: [seniors.id] });
    expect(
      (
        await asCoach.send(api.events.update, {
          params: { id: plain.id },
          query: { portee: 'occurrence' },
          body: body(),
        })
      ).status,
    ).toBe(200);
  });
});

describe('[recurrence] OpenAPI', () => {
  it('documents recurrence in the body, serie in the answers and portee on PUT and DELETE', async () => {
    // The OpenAPI document is no endpoint of the contract: its path is the contract's constant.
    const res = await ctx.app.inject({ method: 'GET', url: `${API_DOCS_PATH}/json` });
    expect(res.statusCode).toBe(200);
    const { paths } = res.json();
    const post = paths[api.events.create.path].post;
    const body = post.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties)).toContain('recurrence');
    expect(JSON.stringify(body.properties.recurrence)).toMatch(
      /rrule.*exclusions|exclusions.*rrule/,
    );
    expect(post.description).toMatch(/FREQ=WEEKLY ou DAILY/);
    const answer = post.responses['201'].content['application/json'].schema;
    expect(Object.keys(answer.properties)).toContain('serie');
    for (const method of ['put', 'delete']) {
      const op = paths[api.events.update.path.replace(':id', '{id}')][method];
      const portee = op.parameters.find((p: { name: string }) => p.name === 'portee');
      expect(portee, method).toMatchObject({ in: 'query', required: false });
      expect(portee.schema.enum).toEqual(['occurrence', 'suivants', 'serie']);
      expect(op.description).toMatch(/suivants/);
    }
  });
});
