import { api as endpoints } from '@club/contract';
import { expect, test, waitForMail } from '../fixtures.ts';

/**
 * Checks the fixtures themselves against the real API: registration, sign-in with the browser
 * holding the cookies. Runs as soon as the registration route exists (issue: auth/club work).
 */
test.describe('[foundation] e2e fixtures', () => {
  test('a registered leader is signed in and the browser holds the session', async ({
    leaderPage,
    club,
  }) => {
    const cookies = await leaderPage.context().cookies();
    const names = cookies.map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(['accessToken', 'XSRF-TOKEN']));
    const res = await leaderPage.request.get(endpoints.dashboard.infos.path);
    expect(res.status()).toBe(200);
    expect(JSON.stringify(await res.json())).toContain(club.email);
  });

  test('waitForMail sees a password-reset mail sent through the real SMTP server', async ({
    api,
    club,
  }) => {
    const since = Date.now();
    const res = await api.send(endpoints.auth.forgotPassword, { body: { email: club.email } });
    expect(res.status).toBe(200);
    const mail = await waitForMail(club.email, /mot de passe/i, { since });
    expect(mail.links.some((l) => l.includes('/mdpOublie?token='))).toBeTruthy();
  });
});
