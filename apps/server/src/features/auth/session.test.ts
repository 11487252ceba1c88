import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  COOKIE_ACCESS_TOKEN,
  COOKIE_REFRESH_TOKEN,
  COOKIE_XSRF_TOKEN,
  LOGIN_MESSAGES,
  SERVER_MESSAGES,
  api,
} from '@club/contract';
import { buildTestApp, signIn, TestClient, type TestContext } from '../../test/helper.ts';
import { createClub, createMember, createTeam, DEFAULT_TEST_PASSWORD } from '../../db/factories.ts';
import { members, sessions } from '../../db/schema.ts';
import { freshIp, setCookie } from '../../test/http-utils.ts';

let ctx: TestContext;
beforeAll(async () => {
  // TEST_REDIS_URL runs the throttles on the shared Redis limiter instead of the in-memory one.
  ctx = await buildTestApp(
    process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL } : {},
  );
});
afterAll(async () => {
  await ctx?.close();
});

const FP = 'device-1';

async function setup(overrides: Parameters<typeof createMember>[2] = {}) {
  const club = await createClub(ctx.app.db);
  const team = await createTeam(ctx.app.db, club.id);
  const member = await createMember(ctx.app.db, club.id, { teamId: team.id, ...overrides });
  const ip = freshIp();
  const client = new TestClient(ctx.app);
  // The caller's address is no part of a declaration: raw() sends it, to the declared URL.
  const login = (email: string, password: string, fp = FP) =>
    client.raw({
      method: api.auth.login.method,
      url: api.auth.login.path,
      payload: { email, password, deviceFingerprint: fp },
      remoteAddress: ip,
    });
  return { club, team, member, client, login, ip };
}

describe('[auth] login', () => {
  it('right credentials → 200 with the session info and the three cookies', async () => {
    const { member, club, team, login } = await setup({ role: 'JOUEUR' });
    const res = await login(`  ${member.email.toUpperCase()} `, DEFAULT_TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: member.id,
      idClub: club.id,
      idEquipe: team.id,
      role: 'JOUEUR',
      email: member.email,
      nomEquipe: team.nom,
      nomClub: club.nom,
      statut: 'Actif',
      joueurId: member.id,
      // Every club of the account (decision 0112): here one.
      clubs: [{ idClub: club.id, nomClub: club.nom, idMembre: member.id, role: 'JOUEUR' }],
    });
    const access = setCookie(res, COOKIE_ACCESS_TOKEN)!;
    expect(access).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(access.maxAge).toBe(7 * 24 * 3600);
    const refresh = setCookie(res, COOKIE_REFRESH_TOKEN)!;
    expect(refresh).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/auth' });
    expect(refresh.maxAge).toBe(7 * 24 * 3600);
    expect(refresh.value).toHaveLength(43); // 256 bits, base64url
    const xsrf = setCookie(res, COOKIE_XSRF_TOKEN)!;
    expect(xsrf.httpOnly).toBeFalsy();
    expect(xsrf).toMatchObject({ sameSite: 'Lax', path: '/' });
    expect(access.secure).toBeFalsy(); // plain http in tests; Secure over https (below)
  });

  it('cookies are Secure when served over https', async () => {
    const https = await buildTestApp({ PUBLIC_URL: 'https://club.example' });
    try {
      const club = await createClub(https.app.db);
      const member = await createMember(https.app.db, club.id, { role: 'DIRIGEANT' });
      const c = new TestClient(https.app);
      const res = await c.call(
        api.auth.login,
        { body: { email: member.email, password: DEFAULT_TEST_PASSWORD, deviceFingerprint: FP } },
        { headers: { origin: 'https://club.example' } },
      );
      expect(res.statusCode).toBe(200);
      for (const name of [COOKIE_ACCESS_TOKEN, COOKIE_REFRESH_TOKEN, COOKIE_XSRF_TOKEN])
        expect(setCookie(res, name)!.secure).toBe(true);
      expect(res.headers['strict-transport-security']).toContain('max-age=');
    } finally {
      await https.close();
    }
  });

  it('the access token carries the session and is usable at once', async () => {
    const { member, client, login } = await setup({ role: 'DIRIGEANT', teamId: null });
    await login(member.email, DEFAULT_TEST_PASSWORD);
    const res = await client.send(api.dashboard.infos);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: member.id,
      role: 'DIRIGEANT',
      nomEquipe: null,
      idEquipe: null,
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('unknown e-mail and wrong password answer the same 401 (status and body)', async () => {
    const { member, login } = await setup();
    const wrong = await login(member.email, 'Mauvais-Passe-123');
    const unknown = await login('personne.inconnue@example.org', 'Mauvais-Passe-123');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: LOGIN_MESSAGES.badCredentials });
    expect(unknown.body).toBe(wrong.body);
    expect(setCookie(wrong, COOKIE_ACCESS_TOKEN)).toBeUndefined();
  });

  it('a member not yet activated (no password) cannot log in: same 401', async () => {
    const { member, login } = await setup({ password: null });
    const res = await login(member.email, DEFAULT_TEST_PASSWORD);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: LOGIN_MESSAGES.badCredentials });
  });

  it('a malformed payload → 400 with French field messages', async () => {
    const { client, ip } = await setup();
    const res = await client.raw({
      method: api.auth.login.method,
      url: api.auth.login.path,
      payload: { email: 'pas-un-email', password: '', deviceFingerprint: FP },
      remoteAddress: ip,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      email: LOGIN_MESSAGES.emailInvalid,
      password: LOGIN_MESSAGES.passwordRequired,
    });
  });

  it('the 11th failure for one e-mail answers 429 with Retry-After, even with the right password', async () => {
    const { member, login } = await setup();
    for (let i = 1; i <= 10; i++) {
      const res = await login(member.email, `Mauvais-Passe-${i}x`);
      expect(res.statusCode).toBe(401);
    }
    const res = await login(member.email, DEFAULT_TEST_PASSWORD);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: LOGIN_MESSAGES.tooManyAttempts });
    const retry = Number(res.headers['retry-after']);
    expect(retry).toBeGreaterThan(800);
    expect(retry).toBeLessThanOrEqual(900);
    expect(res.headers['x-rate-limit-retry-after-seconds']).toBe(String(retry));
    expect(setCookie(res, COOKIE_ACCESS_TOKEN)).toBeUndefined();
  });

  it('unknown e-mails are throttled the same way', async () => {
    const { login } = await setup();
    const ghost = `fantome.${Date.now()}@example.org`; // unique: counters may live in a shared Redis
    for (let i = 0; i < 10; i++) expect((await login(ghost, 'Xx-1234567890')).statusCode).toBe(401);
    expect((await login(ghost, 'Xx-1234567890')).statusCode).toBe(429);
  });

  it('a success resets the failure counter', async () => {
    const { member, login } = await setup();
    for (let i = 0; i < 9; i++) await login(member.email, 'Mauvais-Passe-123');
    expect((await login(member.email, DEFAULT_TEST_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 9; i++)
      expect((await login(member.email, 'Mauvais-Passe-123')).statusCode).toBe(401);
  });

  it('31st attempt from one IP within 5 minutes → 429 with both headers', async () => {
    const { login } = await setup();
    for (let i = 0; i < 30; i++) {
      const res = await login(`inconnu${i}@example.org`, 'Mauvais-Passe-123');
      expect(res.statusCode).toBe(401);
    }
    const res = await login('encore@example.org', 'Mauvais-Passe-123');
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.headers['x-rate-limit-retry-after-seconds']).toBe(res.headers['retry-after']);
  });

  it('rehashes a password stored with older Argon2 parameters', async () => {
    const { member, login } = await setup();
    const { hash } = await import('@node-rs/argon2');
    const old = await hash(DEFAULT_TEST_PASSWORD, {
      algorithm: 2,
      memoryCost: 4096,
      timeCost: 1,
      parallelism: 1,
    });
    await ctx.app.db.update(members).set({ passwordHash: old }).where(eq(members.id, member.id));
    expect((await login(member.email, DEFAULT_TEST_PASSWORD)).statusCode).toBe(200);
    const [row] = await ctx.app.db
      .select({ h: members.passwordHash })
      .from(members)
      .where(eq(members.id, member.id));
    expect(row!.h).not.toBe(old);
    expect(row!.h).toContain('m=19456,t=2,p=1');
  });

  it('a cookie set before login is not reused after it (no session fixation)', async () => {
    const { member, client, login } = await setup();
    client.cookies.set(COOKIE_ACCESS_TOKEN, 'planted-by-attacker');
    client.cookies.set(COOKIE_REFRESH_TOKEN, 'planted-refresh');
    await client.ensureXsrf();
    const before = new Map(client.cookies);
    const res = await login(member.email, DEFAULT_TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    for (const name of [COOKIE_ACCESS_TOKEN, COOKIE_REFRESH_TOKEN, COOKIE_XSRF_TOKEN]) {
      expect(client.cookies.get(name)).toBeTruthy();
      expect(client.cookies.get(name)).not.toBe(before.get(name));
    }
    // The pre-login anti-forgery token no longer passes once the session exists.
    const stale = await new TestClient(ctx.app).raw({
      method: api.auth.changePassword.method,
      url: api.auth.changePassword.path,
      xsrf: false,
      headers: {
        cookie: `${COOKIE_ACCESS_TOKEN}=${client.cookies.get(COOKIE_ACCESS_TOKEN)}; ${COOKIE_XSRF_TOKEN}=${before.get(COOKIE_XSRF_TOKEN)}`,
        'x-xsrf-token': before.get(COOKIE_XSRF_TOKEN)!,
      },
      payload: { currentPassword: DEFAULT_TEST_PASSWORD, newPassword: 'Nouveau-Passe-Solide-1' },
    });
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toEqual({ message: SERVER_MESSAGES.csrf });
  });
});

describe('[auth] refresh', () => {
  async function loggedIn() {
    const s = await setup();
    expect((await s.login(s.member.email, DEFAULT_TEST_PASSWORD)).statusCode).toBe(200);
    return s;
  }
  const refresh = (c: TestClient, fp = FP) =>
    c.call(api.auth.refresh, { body: { deviceFingerprint: fp } });

  it('rotates the refresh token on every use', async () => {
    const { client, member } = await loggedIn();
    const t1 = client.cookies.get(COOKIE_REFRESH_TOKEN)!;
    const res = await refresh(client);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: member.id });
    const t2 = client.cookies.get(COOKIE_REFRESH_TOKEN)!;
    expect(t2).not.toBe(t1);
    expect(setCookie(res, COOKIE_REFRESH_TOKEN)).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/auth',
    });
    expect((await client.send(api.dashboard.infos)).status).toBe(200);
    expect((await refresh(client)).statusCode).toBe(200);
    expect(client.cookies.get(COOKIE_REFRESH_TOKEN)).not.toBe(t2);
  });

  it('re-use of a rotated token (after the grace) revokes the whole family', async () => {
    const { client } = await loggedIn();
    const t1 = client.cookies.get(COOKIE_REFRESH_TOKEN)!;
    await refresh(client);
    await refresh(client); // t1 is now two rotations old: no grace at all
    const thief = new TestClient(ctx.app);
    thief.cookies.set(COOKIE_REFRESH_TOKEN, t1);
    const res = await refresh(thief);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: SERVER_MESSAGES.sessionExpired });
    // The legitimate holder is out too: access token and current refresh token refused.
    expect((await client.send(api.dashboard.infos)).status).toBe(401);
    expect((await refresh(client)).statusCode).toBe(401);
  });

  it('the immediately previous token works within 10 s (two tabs), not after', async () => {
    const { client } = await loggedIn();
    const t1 = client.cookies.get(COOKIE_REFRESH_TOKEN)!;
    await refresh(client);
    const t2 = client.cookies.get(COOKIE_REFRESH_TOKEN)!;
    const tab = new TestClient(ctx.app);
    tab.cookies = new Map(client.cookies);
    tab.cookies.set(COOKIE_REFRESH_TOKEN, t1);
    const grace = await refresh(tab);
    expect(grace.statusCode).toBe(200);
    expect(setCookie(grace, COOKIE_REFRESH_TOKEN)).toBeUndefined(); // the jar keeps t2
    expect((await tab.send(api.dashboard.infos)).status).toBe(200);
    // Ten seconds later the same re-use is theft.
    await ctx.app.db
      .update(sessions)
      .set({ rotatedAt: sql`now() - interval '11 seconds'` })
      .where(eq(sessions.tokenHash, (await import('../../lib/tokens.ts')).sha256(t1)));
    expect((await refresh(tab)).statusCode).toBe(401);
    client.cookies.set(COOKIE_REFRESH_TOKEN, t2);
    expect((await refresh(client)).statusCode).toBe(401);
  });

  it('the device fingerprint must match', async () => {
    const { client } = await loggedIn();
    const res = await refresh(client, 'other-device');
    expect(res.statusCode).toBe(401);
  });

  it('idle (7 days) and absolute (30 days) expiry are enforced', async () => {
    for (const column of ['expires_at', 'absolute_expires_at']) {
      const { client, member } = await loggedIn();
      await ctx.app.db.execute(
        sql`update sessions set ${sql.raw(column)} = now() - interval '1 second' where member_id = ${member.id}`,
      );
      expect((await refresh(client)).statusCode).toBe(401);
    }
  });

  it('no refresh cookie → 401 and the cookies are cleared', async () => {
    const c = new TestClient(ctx.app);
    const res = await refresh(c);
    expect(res.statusCode).toBe(401);
    expect(setCookie(res, COOKIE_ACCESS_TOKEN)!.value).toBe('');
  });
});

describe('[auth] logout', () => {
  it('revokes the session at once and clears the cookies', async () => {
    const s = await setup();
    await s.login(s.member.email, DEFAULT_TEST_PASSWORD);
    const access = s.client.cookies.get(COOKIE_ACCESS_TOKEN)!;
    const refreshToken = s.client.cookies.get(COOKIE_REFRESH_TOKEN)!;
    const res = await s.client.call(api.auth.logout, { body: {} });
    expect(res.statusCode).toBe(200);
    for (const name of [COOKIE_ACCESS_TOKEN, COOKIE_REFRESH_TOKEN, COOKIE_XSRF_TOKEN]) {
      const c = setCookie(res, name)!;
      expect(c.value).toBe('');
    }
    const old = new TestClient(ctx.app);
    old.cookies.set(COOKIE_ACCESS_TOKEN, access);
    expect((await old.send(api.dashboard.infos)).status).toBe(401);
    const again = new TestClient(ctx.app);
    again.cookies.set(COOKIE_REFRESH_TOKEN, refreshToken);
    expect((await again.send(api.auth.refresh, { body: { deviceFingerprint: FP } })).status).toBe(
      401,
    );
  });

  it('succeeds without any session and without a body', async () => {
    const c = new TestClient(ctx.app);
    expect((await c.send(api.auth.logout, { body: undefined })).status).toBe(200);
  });
});

describe('[auth] GET /api/dashboard/infos', () => {
  it('answers the current member', async () => {
    const club = await createClub(ctx.app.db);
    const team = await createTeam(ctx.app.db, club.id);
    const m = await createMember(ctx.app.db, club.id, {
      role: 'ENTRAINEUR',
      teamId: team.id,
      nom: 'Durand',
      prenom: 'Léa',
    });
    const c = await signIn(ctx.app, m);
    const res = await c.send(api.dashboard.infos);
    expect(res.body).toEqual({
      id: m.id,
      idClub: club.id,
      idEquipe: team.id,
      role: 'ENTRAINEUR',
      email: m.email,
      nom: 'Durand',
      prenom: 'Léa',
      nomClub: club.nom,
      nomEquipe: team.nom,
      statut: 'Actif',
      roleClub: null,
      equipes: [{ id: team.id, nom: team.nom, role: 'ENTRAINEUR' }],
      // A member who is nobody's guardian: no children (decision 0084).
      enfants: [],
      // The hats, one section each on the home (docs/architecture.md §7).
      casquettes: {
        roleClub: null,
        equipes: [{ id: team.id, nom: team.nom, role: 'ENTRAINEUR' }],
        enfants: [],
      },
    });
  });
  it('without a session → 401', async () => {
    const res = await new TestClient(ctx.app).send(api.dashboard.infos);
    expect(res.status).toBe(401);
    expect(res.error).toEqual({ message: SERVER_MESSAGES.unauthenticated });
  });
});
