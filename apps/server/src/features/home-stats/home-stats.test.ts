import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@club/contract';
import { createClub, createMember, createTeam } from '../../db/factories.ts';
import { buildTestApp, TestClient, type TestContext } from '../../test/helper.ts';
import { createHomeStatsService } from './home-stats.service.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const { homeStats, sportStats } = api.publicSite;
describe(`[home] ${homeStats.method} ${homeStats.path} and ${sportStats.path}`, () => {
  it('count the real members, clubs and teams, and the teams of each sport', async () => {
    const db = ctx.database.db;
    // Uncached service over the same database, to see the data just written.
    const service = createHomeStatsService(db, 0);
    expect(await service.stats()).toEqual({ members: 0, clubs: 0, equipes: 0 });

    const foot = await createClub(db, { sport: 'Football' });
    const foot2 = await createClub(db, { sport: 'Football' });
    const rugby = await createClub(db, { sport: 'Rugby' });
    await createTeam(db, foot.id);
    await createTeam(db, foot.id);
    await createTeam(db, foot2.id);
    await createTeam(db, rugby.id);
    await createMember(db, foot.id, { password: null });
    await createMember(db, rugby.id, { password: null });
    await createMember(db, rugby.id, { password: null });

    const visitor = new TestClient(ctx.app);
    const stats = await visitor.send(homeStats);
    expect(stats.status).toBe(200);
    expect(stats.body).toEqual({ members: 3, clubs: 3, equipes: 4 });

    const sports = await visitor.send(sportStats);
    expect(sports.status).toBe(200);
    expect(sports.body).toEqual([
      { sportNom: 'Football', nombreEquipes: 3 },
      { sportNom: 'Basketball', nombreEquipes: 0 },
      { sportNom: 'Handball', nombreEquipes: 0 },
      { sportNom: 'Rugby', nombreEquipes: 1 },
    ]);
  });

  it('serves cached counts for a few seconds', async () => {
    const db = ctx.database.db;
    const service = createHomeStatsService(db, 60_000);
    const first = await service.stats();
    await createClub(db, { sport: 'Handball' });
    expect(await service.stats()).toEqual(first);
    expect((await createHomeStatsService(db, 0).stats()).clubs).toBe(first.clubs + 1);
  });
});
