import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  AUTH_MESSAGES,
  LOGIN_MESSAGES,
  PASSWORD_RESET_MESSAGES,
  REGISTRATION_MESSAGES,
  SETTINGS_MESSAGES,
  api,
} from '@club/contract';
import { buildTestApp, signIn, TestClient, type TestContext } from '../../test/helper.ts';
import { createClub, createMember, DEFAULT_TEST_PASSWORD } from '../../db/factories.ts';
import { members, oneTimeTokens } from '../../db/schema.ts';
import { freshIp, tokenFromLink, waitForMail } from '../../test/http-utils.ts';
import { isCommonPassword } from './password-policy.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const NEW_PASSWORD = 'Nouveau-Passe-Solide-7';

async function member() {
  const club = await createClub(ctx.app.db);
  return createMember(ctx.app.db, club.id, { prenom: 'Zoé <b>' });
}
async function hashOf(id: number) {
  const [row] = await ctx.app.db
    .select({ h: members.passwordHash })
    .from(members)
    .where(eq(members.id, id));
  return row!.h;
}
async function canLogin(email: string, password: string) {
  // The caller's address is no part of a declaration: raw() sends it, to the declared URL.
  const res = await new TestClient(ctx.app).raw({
    method: api.auth.login.method,
    url: api.auth.login.path,
    payload: { email, password, deviceFingerprint: 'fp' },
    remoteAddress: freshIp(),
  });
  return res.statusCode === 200;
}
async function requestReset(email: string) {
  return new TestClient(ctx.app).send(api.auth.forgotPassword, { body: { email } });
}
async function resetLink(email: string) {
  const before = ctx.smtp.mails.length;
  expect((await requestReset(email)).status).toBe(200);
  const mail = await waitForMail(
    ctx,
    (m) =>
      m.to.includes(email) &&
      ctx.smtp.mails.indexOf(m) >= before &&
      m.subject.includes('Réinitialisation'),
  );
  return { mail, token: tokenFromLink(mail.text, '/mdpOublie') };
}
const update = (body: { email: string; newPassword: string; token?: string }) =>
  new TestClient(ctx.app).send(api.auth.resetPassword, { body });

describe('[auth] password reset request', () => {
  it('answers the same neutral message for a known and an unknown e-mail', async () => {
    const m = await member();
    const known = await requestReset(m.email);
    const unknown = await requestReset('inconnu.total@example.org');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual({ message: AUTH_MESSAGES.resetRequested });
    expect(unknown.text).toBe(known.text);
  });

  it('mails a single-use link to PUBLIC_URL/mdpOublie, in French, text and escaped HTML', async () => {
    const m = await member();
    const { mail, token } = await resetLink(m.email);
    expect(mail.text).toContain(`http://localhost:3000/mdpOublie?token=`);
    expect(mail.text).toContain('60 minutes');
    expect(mail.html).toContain('Zoé &lt;b&gt;');
    expect(mail.html).not.toContain('Zoé <b>');
    expect(token.length).toBeGreaterThan(40);
  });

  it('6th request for one e-mail within 30 minutes → 429', async () => {
    const email = `limite.reset.${Date.now()}@example.org`;
    for (let i = 0; i < 5; i++) expect((await requestReset(email)).status).toBe(200);
    const res = await requestReset(email);
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
    expect(res.headers['x-rate-limit-retry-after-seconds']).toBeDefined();
  });
});

describe('[auth] password reset with the token', () => {
  it('the token-less call of the spec changes nothing', async () => {
    const m = await member();
    const before = await hashOf(m.id);
    const res = await update({ email: m.email, newPassword: NEW_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.error).toEqual({ message: AUTH_MESSAGES.resetTokenRequired });
    expect(await hashOf(m.id)).toBe(before);
    expect(await canLogin(m.email, DEFAULT_TEST_PASSWORD)).toBe(true);
  });

  it('works once: sets the password, revokes every session, mails a notice; a second use fails', async () => {
    const m = await member();
    const session = await signIn(ctx.app, m);
    const { token } = await resetLink(m.email);
    const res = await update({ email: m.email.toUpperCase(), newPassword: NEW_PASSWORD, token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: PASSWORD_RESET_MESSAGES.success });
    expect(await canLogin(m.email, NEW_PASSWORD)).toBe(true);
    expect(await canLogin(m.email, DEFAULT_TEST_PASSWORD)).toBe(false);
    expect((await session.send(api.dashboard.infos)).status).toBe(401);
    await waitForMail(
      ctx,
      (x) => x.to.includes(m.email) && x.subject === 'Votre mot de passe a été modifié',
    );
    const again = await update({ email: m.email, newPassword: 'Encore-Autre-Passe-9', token });
    expect(again.status).toBe(400);
    expect(again.error).toEqual({ message: AUTH_MESSAGES.resetTokenInvalid });
    expect(await canLogin(m.email, NEW_PASSWORD)).toBe(true);
  });

  it('expires after 60 minutes', async () => {
    const m = await member();
    const { token } = await resetLink(m.email);
    await ctx.app.db
      .update(oneTimeTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(oneTimeTokens.memberId, m.id));
    const res = await update({ email: m.email, newPassword: NEW_PASSWORD, token });
    expect(res.status).toBe(400);
    expect(res.error).toEqual({ message: AUTH_MESSAGES.resetTokenInvalid });
    expect(await canLogin(m.email, DEFAULT_TEST_PASSWORD)).toBe(true);
  });

  it('a newer link voids the older one', async () => {
    const m = await member();
    const first = await resetLink(m.email);
    await resetLink(m.email);
    const res = await update({ email: m.email, newPassword: NEW_PASSWORD, token: first.token });
    expect(res.status).toBe(400);
  });

  it('the token must belong to that e-mail', async () => {
    const a = await member();
    const b = await member();
    const { token } = await resetLink(a.email);
    const res = await update({ email: b.email, newPassword: NEW_PASSWORD, token });
    expect(res.status).toBe(400);
    expect(await canLogin(b.email, DEFAULT_TEST_PASSWORD)).toBe(true);
    expect(await canLogin(a.email, DEFAULT_TEST_PASSWORD)).toBe(true);
  });

  it('password rules are enforced and do not burn the token', async () => {
    const m = await member();
    const { token } = await resetLink(m.email);
    const cases: [string, string][] = [
      ['court-A1!', REGISTRATION_MESSAGES.passwordRule],
      ['sansmajuscule-1!', REGISTRATION_MESSAGES.passwordRule],
      [`Aa1!${'x'.repeat(130)}`, AUTH_MESSAGES.passwordTooLong],
      ['Password2024!', AUTH_MESSAGES.passwordTooCommon],
      ['Azerty123456!', AUTH_MESSAGES.passwordTooCommon],
    ];
    for (const [pw, message] of cases) {
      const res = await update({ email: m.email, newPassword: pw, token });
      expect(res.status, pw).toBe(400);
      expect(res.error.errors?.newPassword ?? res.error.message, pw).toBe(message);
    }
    expect((await update({ email: m.email, newPassword: NEW_PASSWORD, token })).status).toBe(200);
  });

  it('refuses the own e-mail as password', async () => {
    const club = await createClub(ctx.app.db);
    const m = await createMember(ctx.app.db, club.id, { email: 'jean.dupont-2024@example.org' });
    const { token } = await resetLink(m.email);
    const res = await update({
      email: m.email,
      newPassword: 'Jean.Dupont-2024@example.org',
      token,
    });
    expect(res.status).toBe(400);
    expect(res.error.message).toBe(AUTH_MESSAGES.passwordIsEmail);
  });
});

describe('[auth] password change from the settings', () => {
  it('requires the current password', async () => {
    const m = await member();
    const c = await signIn(ctx.app, m);
    const res = await c.send(api.auth.changePassword, {
      body: { currentPassword: 'Faux-Passe-12345', newPassword: NEW_PASSWORD },
    });
    expect(res.status).toBe(400);
    expect(res.error.message).toBe(AUTH_MESSAGES.currentPasswordWrong);
    expect(await canLogin(m.email, DEFAULT_TEST_PASSWORD)).toBe(true);
  });

  it('changes it, keeps this session, revokes the others, and voids reset links', async () => {
    const m = await member();
    const mine = await signIn(ctx.app, m);
    const other = await signIn(ctx.app, m);
    const { token } = await resetLink(m.email);
    const res = await mine.send(api.auth.changePassword, {
      body: { currentPassword: DEFAULT_TEST_PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: SETTINGS_MESSAGES.passwordUpdated });
    expect((await mine.send(api.dashboard.infos)).status).toBe(200);
    expect((await other.send(api.dashboard.infos)).status).toBe(401);
    expect(await canLogin(m.email, NEW_PASSWORD)).toBe(true);
    expect(
      (await update({ email: m.email, newPassword: 'Encore-Autre-Passe-9', token })).status,
    ).toBe(400);
  });

  it('11th change within 10 minutes → 429', async () => {
    const m = await member();
    const c = await signIn(ctx.app, m);
    for (let i = 0; i < 10; i++) {
      const res = await c.send(api.auth.changePassword, {
        body: { currentPassword: 'Faux-Passe-12345', newPassword: NEW_PASSWORD },
      });
      expect(res.status).toBe(400);
    }
    const res = await c.send(api.auth.changePassword, {
      body: { currentPassword: DEFAULT_TEST_PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('without a session → 401', async () => {
    const c = new TestClient(ctx.app);
    const res = await c.send(api.auth.changePassword, {
      body: { currentPassword: 'x', newPassword: NEW_PASSWORD },
    });
    expect(res.status).toBe(401);
  });
});

describe('[auth] common-password list', () => {
  it('refuses listed words with digits and punctuation around, accepts real passphrases', () => {
    expect(isCommonPassword('Football!!2025')).toBe(true);
    expect(isCommonPassword('P@ssw0rd')).toBe(true);
    expect(isCommonPassword(DEFAULT_TEST_PASSWORD)).toBe(false);
    expect(isCommonPassword('Cheval-Batterie-Agrafe-9')).toBe(false);
  });
  it('the login message is the spec text', () => {
    expect(LOGIN_MESSAGES.badCredentials).toBe('Email ou mot de passe incorrect.');
  });
});
