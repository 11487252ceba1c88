import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq } from 'drizzle-orm';
import { api, eventVisibleTo, type TEvent } from '@club/contract';
import { events, members, teamMemberships } from '../../db/schema.ts';
import { seedDemo } from '../../scripts/seed-demo.ts';
import { buildTestApp, signIn, type TestContext } from '../../test/helper.ts';
import { expandSeries } from './recurrence.ts';

/** The demo club's events come back from the events API (npm run seed:demo, then the calendar). */
let ctx: TestContext;
let clubId: number;
// Seeding a season takes a while on PGlite, longer on a busy machine.
beforeAll(async () => {
  ctx = await buildTestApp();
  ({ clubId } = await seedDemo(ctx.app.db, { today: new Date(2026, 10, 22) }));
}, 180_000);
afterAll(async () => {
  await ctx?.close();
});

const memberOf = async (role: string) => {
  const [m] = await ctx.app.db
    .select()
    .from(members)
    .where(and(eq(members.clubId, clubId), eq(members.role, role)))
    .orderBy(asc(members.id))
    .limit(1);
  return m!;
};

describe('[events] the demo seed through GET /api/evenements/club/{id}', () => {
  it('a leader gets every event of the season, matches with their side and opponent', async () => {
    const [{ n }] = (await ctx.app.db
      .select({ n: count() })
      .from(events)
      .where(eq(events.clubId, clubId))) as [{ n: number }];
    const leader = await signIn(ctx.app, await memberOf('DIRIGEANT'));
    const res = await leader.send(api.events.listClub, { params: { clubId } });
    expect(res.status).toBe(200);
    const list = res.body;
    expect(list).toHaveLength(n);
    expect(list.map((e) => e.dateDebut)).toEqual([...list.map((e) => e.dateDebut)].sort());
    const typed = list.find((e) => e.type === 'MATCH' && e.adversaireNom);
    expect(typed?.match).toMatchObject({
      equipeDomicileId: typed!.equipesIds[0],
      equipeExterieurId: null,
    });
    expect(list.some((e) => e.type === 'MATCH' && e.match?.equipeExterieurId)).toBe(true);
    expect(list.some((e) => e.equipesIds.length === 0)).toBe(true);

    const november = await leader.send(api.events.listClub, {
      params: { clubId },
      query: { from: '2026-11-01', to: '2026-11-30' },
    });
    expect(november.status).toBe(200);
    const month = november.body;
    expect(month.length).toBeGreaterThan(10);
    expect(month.every((e) => e.dateFin > '2026-11-01' && e.dateDebut < '2026-12-01')).toBe(true);
    expect(month.length).toBe(
      list.filter((e) => e.dateFin > '2026-11-01' && e.dateDebut < '2026-12-01').length,
    );
  });

  it('each team trains on one weekly series for the season, its rule giving exactly its rows', async () => {
    const leader = await signIn(ctx.app, await memberOf('DIRIGEANT'));
    const all = (await leader.send(api.events.listClub, { params: { clubId } })).body;
    const trainings = all.filter((e) => e.type === 'ENTRAINEMENT');
    expect(trainings.length).toBeGreaterThan(100);
    expect(trainings.every((e) => e.serie !== null)).toBe(true);
    const bySeries = new Map<number, TEvent[]>();
    for (const e of trainings) bySeries.set(e.serie!.id, [...(bySeries.get(e.serie!.id) ?? []), e]);
    const teamCount = new Set(trainings.map((e) => e.equipesIds[0])).size;
    expect(bySeries.size).toBe(teamCount);
    for (const occurrences of bySeries.values()) {
      const { rrule, exclusions } = occurrences[0]!.serie!;
      expect(rrule).toMatch(/^FREQ=WEEKLY;BYDAY=[A-Z]{2};UNTIL=20270630$/);
      expect(exclusions.length).toBeGreaterThan(0); // the Christmas break
      const expected = expandSeries(
        { rrule, exclusions },
        occurrences[0]!.dateDebut,
        occurrences[0]!.dateFin,
      );
      expect(occurrences.map((e) => e.dateDebut)).toEqual(expected.map((o) => o.dateDebut));
    }
    expect(all.filter((e) => e.type !== 'ENTRAINEMENT').every((e) => e.serie === null)).toBe(true);
  });

  it('a player gets the events of their teams and the team-less ones only', async () => {
    const leader = await signIn(ctx.app, await memberOf('DIRIGEANT'));
    const all = (await leader.send(api.events.listClub, { params: { clubId } })).body;
    const playerRow = await memberOf('JOUEUR');
    const player = await signIn(ctx.app, playerRow);
    const mine = (await player.send(api.events.listClub, { params: { clubId } })).body;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.length).toBeLessThan(all.length);
    const teamIds = (
      await ctx.app.db
        .select({ id: teamMemberships.teamId })
        .from(teamMemberships)
        .where(eq(teamMemberships.memberId, playerRow.id))
    ).map((t) => t.id);
    expect(teamIds.length).toBeGreaterThan(0);
    const expected = all.filter(
      (e) => e.equipesIds.length === 0 || e.equipesIds.some((t) => teamIds.includes(t)),
    );
    expect(mine.map((e) => e.id)).toEqual(expected.map((e) => e.id));
    expect(
      mine.every((e) => eventVisibleTo({ id: playerRow.id, role: 'JOUEUR', teamIds }, e)),
    ).toBe(true);
  });
});
