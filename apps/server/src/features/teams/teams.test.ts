import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { API_DOCS_PATH, SERVER_MESSAGES, TEAM_FIELD_MESSAGES, api, urlOf } from '@club/contract';
import { auditLog, members } from '../../db/schema.ts';
import { createClub, createMember, createTeam } from '../../db/factories.ts';
import { buildTestApp, signIn, type TestClient, type TestContext } from '../../test/helper.ts';

let ctx: TestContext;
let club: { id: number };
let boss: { id: number };
let asBoss: TestClient;

beforeAll(async () => {
  ctx = await buildTestApp();
  club = await createClub(ctx.app.db);
  const b = await createMember(ctx.app.db, club.id, { role: 'DIRIGEANT' });
  boss = b;
  asBoss = await signIn(ctx.app, b);
});
afterAll(async () => {
  await ctx?.close();
});

describe('[teams] create, update, delete', () => {
  it('creates a team and answers both category spellings; the audit log records it', async () => {
    const res = await asBoss.send(api.teams.create, {
      body: {
        nom: '  Seniors A ',
        division: 'Régional 1',
        category: 'Senior',
        idClub: club.id,
      },
    });
    expect(res.status, res.text).toBe(201);
    const t = res.body;
    expect(t).toEqual({
      id: expect.any(Number),
      nom: 'Seniors A',
      division: 'Régional 1',
      category: 'Senior',
      categorie: 'Senior',
      idClub: club.id,
      presentParDefaut: false,
    });
    const got = await asBoss.send(api.teams.get, { params: { id: t.id } });
    expect(got.body).toEqual(t);
    const [row] = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'team'), eq(auditLog.entityId, t.id)));
    expect(row).toMatchObject({ action: 'create', actorMemberId: boss.id, clubId: club.id });
    // 'présent par défaut' for trainings, kept when a later update omits it.
    const body = { nom: 'Seniors A', division: 'Régional 1', category: 'Senior', idClub: club.id };
    const on = await asBoss.send(api.teams.update, {
      params: { id: t.id },
      body: { ...body, presentParDefaut: true },
    });
    expect(on.status, on.text).toBe(200);
    expect(on.body.presentParDefaut).toBe(true);
    expect(
      (await asBoss.send(api.teams.update, { params: { id: t.id }, body: body })).body
        .presentParDefaut,
    ).toBe(true);
    const bad = await asBoss.raw({
      method: 'PUT',
      url: urlOf(api.teams.update, { params: { id: t.id }, body }),
      payload: { ...body, presentParDefaut: 'oui' },
    });
    expect(bad.statusCode).toBe(400);
    await asBoss.send(api.teams.update, {
      params: { id: t.id },
      body: { ...body, presentParDefaut: false },
    });
  });

  it('accepts `categorie` too', async () => {
    const res = await asBoss.send(api.teams.create, {
      body: {
        nom: 'U15',
        division: 'D1',
        categorie: 'U15',
        idClub: club.id,
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.category).toBe('U15');
  });

  it('nom, division and category are required (French messages)', async () => {
    const res = await asBoss.raw({
      method: 'POST',
      url: api.teams.create.path,
      payload: { nom: ' ', idClub: club.id },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: SERVER_MESSAGES.validation,
      errors: {
        nom: SERVER_MESSAGES.required,
        division: SERVER_MESSAGES.required,
        category: SERVER_MESSAGES.required,
      },
    });
  });

  it('the team name is unique in the club, ignoring case → 409 (create and update)', async () => {
    await createTeam(ctx.app.db, club.id, { nom: 'Réserve' });
    const dup = await asBoss.send(api.teams.create, {
      body: {
        nom: 'RÉSERVE',
        division: 'D2',
        category: 'Senior',
        idClub: club.id,
      },
    });
    expect(dup.status).toBe(409);
    expect(dup.error).toEqual({
      message: TEAM_FIELD_MESSAGES.nameTaken,
      errors: { nom: TEAM_FIELD_MESSAGES.nameTaken },
    });
    const other = await createTeam(ctx.app.db, club.id, { nom: 'Loisirs' });
    const upd = await asBoss.send(api.teams.update, {
      params: { id: other.id },
      body: {
        nom: 'réserve',
        division: 'D2',
        category: 'Senior',
        idClub: club.id,
      },
    });
    expect(upd.status).toBe(409);
    const same = await asBoss.send(api.teams.update, {
      params: { id: other.id },
      body: {
        nom: 'LOISIRS',
        division: 'D3',
        category: 'Vétéran',
        idClub: club.id,
      },
    });
    expect(same.status, same.text).toBe(200);
    expect(same.body).toMatchObject({ nom: 'LOISIRS', division: 'D3', categorie: 'Vétéran' });
    // Another club may use the same name.
    const c2 = await createClub(ctx.app.db);
    const b2 = await signIn(ctx.app, await createMember(ctx.app.db, c2.id, { role: 'DIRIGEANT' }));
    const ok = await b2.send(api.teams.create, {
      body: {
        nom: 'Réserve',
        division: 'D2',
        category: 'Senior',
        idClub: c2.id,
      },
    });
    expect(ok.status).toBe(201);
  });

  it('deleting a team keeps its members, without a team', async () => {
    const t = await createTeam(ctx.app.db, club.id);
    const m1 = await createMember(ctx.app.db, club.id, { teamId: t.id });
    const m2 = await createMember(ctx.app.db, club.id, { teamId: t.id });
    const res = await asBoss.send(api.teams.remove, { params: { id: t.id } });
    expect(res.status).toBe(200);
    for (const m of [m1, m2]) {
      const [row] = await ctx.app.db.select().from(members).where(eq(members.id, m.id));
      expect(row?.teamId).toBeNull();
    }
    expect((await asBoss.send(api.teams.get, { params: { id: t.id } })).status).toBe(404);
    const [a] = await ctx.app.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'team'),
          eq(auditLog.action, 'delete'),
          eq(auditLog.entityId, t.id),
        ),
      );
    expect(a!.details).toEqual({ nom: t.nom, membersDetached: 2 });
  });

  it('another club’s team or club id → 404', async () => {
    const c2 = await createClub(ctx.app.db);
    const foreign = await createTeam(ctx.app.db, c2.id);
    const payload = { nom: 'X', division: 'D', category: 'C', idClub: club.id };
    expect((await asBoss.send(api.teams.get, { params: { id: foreign.id } })).status).toBe(404);
    expect(
      (await asBoss.send(api.teams.update, { params: { id: foreign.id }, body: payload })).status,
    ).toBe(404);
    expect((await asBoss.send(api.teams.remove, { params: { id: foreign.id } })).status).toBe(404);
    expect((await asBoss.send(api.teams.listClub, { params: { clubId: c2.id } })).status).toBe(404);
    expect(
      (await asBoss.send(api.teams.create, { body: { ...payload, idClub: c2.id } })).status,
    ).toBe(404);
  });

  it('by-cat-div lists same category and division, except excludeId', async () => {
    const c = await createClub(ctx.app.db);
    const a = await createTeam(ctx.app.db, c.id, { nom: 'A', categorie: 'U17', division: 'R2' });
    await createTeam(ctx.app.db, c.id, { nom: 'B', categorie: 'u17', division: 'r2' });
    await createTeam(ctx.app.db, c.id, { nom: 'C', categorie: 'U17', division: 'R1' });
    const asB = await signIn(ctx.app, await createMember(ctx.app.db, c.id, { role: 'JOUEUR' }));
    const res = await asB.send(api.teams.byCategoryDivision, {
      query: { categorie: 'U17', division: 'R2', excludeId: a.id },
    });
    expect(res.status).toBe(200);
    expect(res.body.map((t) => t.nom)).toEqual(['B']);
    // An empty excludeId, as a form sends it: no declaration sends an empty value.
    const all = await asB.raw({
      method: 'GET',
      url: `${urlOf(api.teams.byCategoryDivision, { query: { categorie: 'U17', division: 'R2' } })}&excludeId=`,
    });
    expect(api.teams.byCategoryDivision.responses[200].parse(all.json()).map((t) => t.nom)).toEqual(
      ['A', 'B'],
    );
    expect(
      (await asB.raw({ method: 'GET', url: `${api.teams.byCategoryDivision.path}?division=R2` }))
        .statusCode,
    ).toBe(400);
  });
});

describe('[teams] documentation', () => {
  it('the members and teams routes are in the OpenAPI description', async () => {
    // The OpenAPI document is no endpoint of the contract: its path is the contract's constant.
    const res = await ctx.app.inject({ method: 'GET', url: `${API_DOCS_PATH}/json` });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const endpoint of [
      api.teams.create,
      api.teams.get,
      api.teams.byCategoryDivision,
      api.teams.listClub,
      api.members.create,
      api.members.get,
      api.members.listClub,
      api.members.searchClub,
      api.members.listTeam,
      api.members.searchTeam,
      api.members.resendInvitation,
    ]) {
      // OpenAPI writes `:id` as `{id}`
      const p = endpoint.path.replace(/:(\w+)/g, '{$1}');
      expect(paths, p).toContain(p);
    }
  });
});
