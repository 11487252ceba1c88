import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { SERVER_MESSAGES, TEAM_FIELD_MESSAGES } from '@club/contract';
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
    const res = await asBoss.post('/api/equipes', {
      nom: '  Seniors A ',
      division: 'Régional 1',
      category: 'Senior',
      idClub: club.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    const t = res.json();
    expect(t).toEqual({
      id: expect.any(Number),
      nom: 'Seniors A',
      division: 'Régional 1',
      category: 'Senior',
      categorie: 'Senior',
      idClub: club.id,
      presentParDefaut: false,
    });
    const got = await asBoss.get(`/api/equipes/${t.id}`);
    expect(got.json()).toEqual(t);
    const [row] = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'team'), eq(auditLog.entityId, t.id)));
    expect(row).toMatchObject({ action: 'create', actorMemberId: boss.id, clubId: club.id });
    // 'présent par défaut' for trainings, kept when a later update omits it.
    const body = { nom: 'Seniors A', division: 'Régional 1', category: 'Senior', idClub: club.id };
    const on = await asBoss.put(`/api/equipes/${t.id}`, { ...body, presentParDefaut: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().presentParDefaut).toBe(true);
    expect((await asBoss.put(`/api/equipes/${t.id}`, body)).json().presentParDefaut).toBe(true);
    const bad = await asBoss.put(`/api/equipes/${t.id}`, { ...body, presentParDefaut: 'oui' });
    expect(bad.statusCode).toBe(400);
    await asBoss.put(`/api/equipes/${t.id}`, { ...body, presentParDefaut: false });
  });

  it('accepts `categorie` too', async () => {
    const res = await asBoss.post('/api/equipes', {
      nom: 'U15',
      division: 'D1',
      categorie: 'U15',
      idClub: club.id,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().category).toBe('U15');
  });

  it('nom, division and category are required (French messages)', async () => {
    const res = await asBoss.post('/api/equipes', { nom: ' ', idClub: club.id });
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
    const dup = await asBoss.post('/api/equipes', {
      nom: 'RÉSERVE',
      division: 'D2',
      category: 'Senior',
      idClub: club.id,
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({
      message: TEAM_FIELD_MESSAGES.nameTaken,
      errors: { nom: TEAM_FIELD_MESSAGES.nameTaken },
    });
    const other = await createTeam(ctx.app.db, club.id, { nom: 'Loisirs' });
    const upd = await asBoss.put(`/api/equipes/${other.id}`, {
      nom: 'réserve',
      division: 'D2',
      category: 'Senior',
      idClub: club.id,
    });
    expect(upd.statusCode).toBe(409);
    const same = await asBoss.put(`/api/equipes/${other.id}`, {
      nom: 'LOISIRS',
      division: 'D3',
      category: 'Vétéran',
      idClub: club.id,
    });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toMatchObject({ nom: 'LOISIRS', division: 'D3', categorie: 'Vétéran' });
    // Another club may use the same name.
    const c2 = await createClub(ctx.app.db);
    const b2 = await signIn(ctx.app, await createMember(ctx.app.db, c2.id, { role: 'DIRIGEANT' }));
    const ok = await b2.post('/api/equipes', {
      nom: 'Réserve',
      division: 'D2',
      category: 'Senior',
      idClub: c2.id,
    });
    expect(ok.statusCode).toBe(201);
  });

  it('deleting a team keeps its members, without a team', async () => {
    const t = await createTeam(ctx.app.db, club.id);
    const m1 = await createMember(ctx.app.db, club.id, { teamId: t.id });
    const m2 = await createMember(ctx.app.db, club.id, { teamId: t.id });
    const res = await asBoss.delete(`/api/equipes/${t.id}`);
    expect(res.statusCode).toBe(200);
    for (const m of [m1, m2]) {
      const [row] = await ctx.app.db.select().from(members).where(eq(members.id, m.id));
      expect(row?.teamId).toBeNull();
    }
    expect((await asBoss.get(`/api/equipes/${t.id}`)).statusCode).toBe(404);
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
    expect((await asBoss.get(`/api/equipes/${foreign.id}`)).statusCode).toBe(404);
    expect((await asBoss.put(`/api/equipes/${foreign.id}`, payload)).statusCode).toBe(404);
    expect((await asBoss.delete(`/api/equipes/${foreign.id}`)).statusCode).toBe(404);
    expect((await asBoss.get(`/api/equipes/club/${c2.id}`)).statusCode).toBe(404);
    expect((await asBoss.post('/api/equipes', { ...payload, idClub: c2.id })).statusCode).toBe(404);
  });

  it('by-cat-div lists same category and division, except excludeId', async () => {
    const c = await createClub(ctx.app.db);
    const a = await createTeam(ctx.app.db, c.id, { nom: 'A', categorie: 'U17', division: 'R2' });
    await createTeam(ctx.app.db, c.id, { nom: 'B', categorie: 'u17', division: 'r2' });
    await createTeam(ctx.app.db, c.id, { nom: 'C', categorie: 'U17', division: 'R1' });
    const asB = await signIn(ctx.app, await createMember(ctx.app.db, c.id, { role: 'JOUEUR' }));
    const res = await asB.get(
      `/api/equipes/by-cat-div?categorie=U17&division=R2&excludeId=${a.id}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().map((t: { nom: string }) => t.nom)).toEqual(['B']);
    const all = await asB.get('/api/equipes/by-cat-div?categorie=U17&division=R2&excludeId=');
    expect(all.json().map((t: { nom: string }) => t.nom)).toEqual(['A', 'B']);
    expect((await asB.get('/api/equipes/by-cat-div?division=R2')).statusCode).toBe(400);
  });
});

describe('[teams] documentation', () => {
  it('the members and teams routes are in the OpenAPI description', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of [
      '/api/equipes',
      '/api/equipes/{id}',
      '/api/equipes/by-cat-div',
      '/api/equipes/club/{clubId}',
      '/api/membres',
      '/api/membres/{id}',
      '/api/membres/club/{clubId}',
      '/api/membres/club/{clubId}/recherche',
      '/api/membres/{clubId}/equipe/{nomEquipe}',
      '/api/membres/recherche/equipe',
      '/api/membres/{id}/invitation',
    ])
      expect(paths, p).toContain(p);
  });
});
