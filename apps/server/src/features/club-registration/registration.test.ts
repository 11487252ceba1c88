import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AUTH_MESSAGES, REGISTRATION_MESSAGES, SERVER_MESSAGES, api, urlOf } from '@club/contract';
import { buildTestApp, TestClient, type TestContext } from '../../test/helper.ts';
import { createClub, createMember } from '../../db/factories.ts';
import { clubs, members, sports } from '../../db/schema.ts';
import { freshIp } from '../../test/http-utils.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({ EXISTENCE_CHECKS_PER_IP: '5', REGISTRATIONS_PER_IP: '1000' });
});
afterAll(async () => {
  await ctx?.close();
});

let n = 0;
function payload(overrides: Record<string, unknown> = {}) {
  n++;
  return {
    nom: 'Dupont',
    prenom: 'Jeanne',
    email: `jeanne.dupont${n}@example.org`,
    password: 'Club-Solide-Passe-1',
    dateNaissance: '1985-04-12',
    nomClub: `US Nantes ${n} ${Date.now()}`,
    sportNom: 'Handball',
    genre: 'Femme',
    ...overrides,
  };
}
// The tests below send bodies the declaration refuses (a field missing or unknown): raw(), to the
// declared URL.
const register = (body: object) =>
  new TestClient(ctx.app).raw({
    method: api.publicSite.register.method,
    url: api.publicSite.register.path,
    payload: body,
  });

describe('[club] registration', () => {
  it('creates the club (with its sport) and its DIRIGEANT in one go; e-mail lowercased and trimmed', async () => {
    const body = payload({ email: '  Jeanne.MIXTE@Example.ORG ', nomClub: '  Les Canaris  ' });
    const res = await register(body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: REGISTRATION_MESSAGES.success });
    const [m] = await ctx.app.db
      .select()
      .from(members)
      .where(eq(members.email, 'jeanne.mixte@example.org'));
    expect(m).toMatchObject({
      email: 'jeanne.mixte@example.org',
      role: 'DIRIGEANT',
      statut: 'Actif',
      nom: 'Dupont',
      genre: 'Femme',
      dateNaissance: '1985-04-12',
    });
    const [club] = await ctx.app.db
      .select({ nom: clubs.nom, sport: sports.nom })
      .from(clubs)
      .innerJoin(sports, eq(sports.id, clubs.sportId))
      .where(eq(clubs.id, m!.clubId));
    expect(club).toEqual({ nom: 'Les Canaris', sport: 'Handball' });
    // The caller's address is no part of a declaration: raw() sends it, to the declared URL.
    const login = await new TestClient(ctx.app).raw({
      method: api.auth.login.method,
      url: api.auth.login.path,
      payload: {
        email: 'jeanne.mixte@example.org',
        password: body.password,
        deviceFingerprint: 'fp',
      },
      remoteAddress: freshIp(),
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({
      role: 'DIRIGEANT',
      nomClub: 'Les Canaris',
      idEquipe: null,
    });
  });

  it('a taken e-mail → 409, nothing created: an account’s says to sign in and create the club there (decision 0112), another the spec text', async () => {
    const first = payload();
    expect((await register(first)).statusCode).toBe(201);
    const second = payload({ email: first.email.toUpperCase() });
    const res = await register(second);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: REGISTRATION_MESSAGES.accountExists,
      errors: { email: REGISTRATION_MESSAGES.accountExists },
    });
    // A member still waiting for their invitation has no account: the spec's text.
    const club = await createClub(ctx.app.db);
    const pending = await createMember(ctx.app.db, club.id, { password: null });
    const third = await register(payload({ email: pending.email }));
    expect(third.statusCode).toBe(409);
    expect(third.json()).toEqual({
      message: REGISTRATION_MESSAGES.emailTaken,
      errors: { email: REGISTRATION_MESSAGES.emailTaken },
    });
    expect(await ctx.app.db.select().from(clubs).where(eq(clubs.nom, second.nomClub))).toHaveLength(
      0,
    );
  });

  it('a taken club name (any case) → 409 with the spec text', async () => {
    const first = payload();
    await register(first);
    const res = await register(payload({ nomClub: first.nomClub.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(REGISTRATION_MESSAGES.clubTaken);
  });

  it('both taken → 409 with the combined message', async () => {
    const first = payload();
    await register(first);
    const res = await register(payload({ email: first.email, nomClub: first.nomClub }));
    expect(res.json().message).toBe(REGISTRATION_MESSAGES.fixConflicts);
  });

  it.each([
    ['nom', { nom: 'D' }],
    ['nom', { nom: ' ' }],
    ['prenom', { prenom: 'x'.repeat(81) }],
    ['nomClub', { nomClub: 'C' }],
    ['nomClub', { nomClub: 'c'.repeat(121) }],
    ['email', { email: 'pas un email' }],
    ['password', { password: 'court' }],
    ['dateNaissance', { dateNaissance: '1985-13-45' }],
    ['sportNom', { sportNom: 'Curling' }],
    ['genre', { genre: 'X' }],
    ['nom', { nom: undefined }],
  ])('invalid %s → 400 naming the field', async (field, override) => {
    const res = await register(payload(override));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(SERVER_MESSAGES.validation);
    expect(res.json().errors[field]).toBeTypeOf('string');
  });

  it('the spec messages are used for e-mail and password', async () => {
    const res = await register(payload({ email: 'mauvais', password: 'court' }));
    expect(res.json().errors).toMatchObject({
      email: REGISTRATION_MESSAGES.emailInvalid,
      password: REGISTRATION_MESSAGES.passwordRule,
    });
    const empty = await register(payload({ email: '  ' }));
    expect(empty.json().errors.email).toBe(REGISTRATION_MESSAGES.emailRequired);
  });

  it('a common password or the own e-mail is refused', async () => {
    expect((await register(payload({ password: 'Motdepasse123!' }))).json().message).toBe(
      AUTH_MESSAGES.passwordTooCommon,
    );
    const res = await register(
      payload({ email: 'long.nom1@example.org', password: 'Long.Nom1@example.org' }),
    );
    expect(res.json().message).toBe(AUTH_MESSAGES.passwordIsEmail);
  });

  it('unknown fields are refused', async () => {
    const res = await register({ ...payload(), role: 'DIRIGEANT' });
    expect(res.statusCode).toBe(400);
  });
});

describe('[club] existence checks', () => {
  it('answer {exists}, case-insensitively, and are rate limited per IP', async () => {
    const body = payload();
    await register(body);
    const ip = freshIp();
    // The caller's address is no part of a declaration: raw() sends it, to the declared URL.
    const get = (url: string) =>
      new TestClient(ctx.app).raw({ method: 'GET', url, remoteAddress: ip });
    const emailExists = (email: string) =>
      get(urlOf(api.publicSite.emailExists, { query: { email } }));
    const clubExists = (nomClub: string) =>
      get(urlOf(api.publicSite.clubExists, { query: { nomClub } }));
    expect((await emailExists(body.email.toUpperCase())).json()).toEqual({ exists: true });
    expect((await emailExists('nouveau@example.org')).json()).toEqual({ exists: false });
    expect((await clubExists(body.nomClub.toLowerCase())).json()).toEqual({ exists: true });
    expect((await clubExists('Inexistant')).json()).toEqual({ exists: false });
    expect((await clubExists('Inexistant')).statusCode).toBe(200);
    const limited = await clubExists('Inexistant');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.headers['x-rate-limit-retry-after-seconds']).toBeDefined();
  });
});
