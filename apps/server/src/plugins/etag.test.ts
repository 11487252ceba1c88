import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@club/contract';
import { buildTestApp, signIn, type TestContext } from '../test/helper.ts';
import { createClub, createMember, createTeam } from '../db/factories.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

describe('[perf] ETag on the club teams list', () => {
  it('200 with an ETag and private, no-cache; 304 without body while unchanged; a new ETag after a change', async () => {
    const club = await createClub(ctx.app.db);
    await createTeam(ctx.app.db, club.id, { nom: 'Seniors' });
    const boss = await signIn(
      ctx.app,
      await createMember(ctx.app.db, club.id, { role: 'DIRIGEANT' }),
    );
    const teams = { params: { clubId: club.id } };
    const first = await boss.send(api.teams.listClub, teams);
    expect(first.status).toBe(200);
    const etag = first.headers.etag;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const ifNoneMatch = { headers: { 'if-none-match': String(etag) } };

    const again = await boss.call(api.teams.listClub, teams, ifNoneMatch);
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);

    await createTeam(ctx.app.db, club.id, { nom: 'U17' });
    const changed = await boss.send(api.teams.listClub, teams, ifNoneMatch);
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.body).toHaveLength(2);
  });

  it('personal lists keep no-store and no ETag', async () => {
    const club = await createClub(ctx.app.db);
    const boss = await signIn(
      ctx.app,
      await createMember(ctx.app.db, club.id, { role: 'DIRIGEANT' }),
    );
    const res = await boss.send(api.members.listClub, { params: { clubId: club.id } });
    expect(res.status).toBe(200);
    expect(res.headers.etag).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
