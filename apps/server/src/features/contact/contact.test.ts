import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { count, eq } from 'drizzle-orm';
import { CONTACT_MESSAGES, SERVER_MESSAGES, api } from '@club/contract';
import { contactMessages } from '../../db/schema.ts';
import { CAPTCHA_COUNTER_RANGE, createCaptcha } from './captcha.ts';
import { buildTestApp, startSmtpServer, TestClient, type TestContext } from '../../test/helper.ts';
import { waitForMail, waitForMailQueueIdle } from '../../test/http-utils.ts';

const EDITOR = 'editeur@club.test';
let ctx: TestContext;
beforeAll(async () => {
  // Retries after 1 s (doubling): the SMTP outage test below sees its mail sent again.
  ctx = await buildTestApp({
    EDITOR_EMAIL: EDITOR,
    CONTACT_PER_IP: '5',
    MAIL_RETRY_DELAY_SECONDS: '1',
    // A dozen captchas are solved below: the test cost (the production range is checked below).
    CAPTCHA_WORK: 'test',
  });
});
afterAll(async () => {
  await ctx?.close();
});

let ipCounter = 0;
/** Each test speaks from its own address so the per-IP limit of one test does not leak into another. */
function client() {
  const ip = `10.0.0.${++ipCounter}`;
  const c = new TestClient(ctx.app);
  // The caller's address is no part of a declaration: raw() sends it, to the declared URL (and
  // lets the tests below send what the declared body refuses).
  const post = (body: object) =>
    c.raw({
      method: api.publicSite.contact.method,
      url: api.publicSite.contact.path,
      payload: body,
      remoteAddress: ip,
    });
  return { c, ip, post };
}

/** Fetches a challenge and solves it as the browser widget would; returns the widget's payload. */
async function solvedCaptcha(): Promise<string> {
  const res = await new TestClient(ctx.app).send(api.publicSite.captcha);
  expect(res.status).toBe(200);
  // The contract declares the challenge's parameters loosely; altcha's type names them.
  const challenge = JSON.parse(res.text) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  expect(solution).not.toBeNull();
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

async function validBody(overrides: Record<string, unknown> = {}) {
  return {
    nom: 'Durand',
    prenom: 'Alice',
    email: 'alice@example.org',
    sujet: 'Question sur les tarifs',
    message: 'Bonjour,\nest-ce vraiment gratuit ?',
    token: randomUUID(),
    captcha: await solvedCaptcha(),
    ...overrides,
  };
}

async function storedCount(token?: string) {
  const q = ctx.database.db.select({ n: count() }).from(contactMessages);
  const [row] = token ? await q.where(eq(contactMessages.token, token)) : await q;
  return row!.n;
}

describe('[contact] GET /api/contact/captcha', () => {
  it('in production a solution costs 1,000 to 5,000 tries; the test setting, 10 to 50', async () => {
    const limiter = ctx.app.limiter;
    const solve = async (range?: readonly [number, number]) => {
      const captcha = createCaptcha({ secret: 's', keySecret: 'k', limiter, counterRange: range });
      const solution = await solveChallenge({ challenge: await captcha.challenge(), deriveKey });
      return solution!.counter;
    };
    const standard = await solve();
    expect(standard).toBeGreaterThanOrEqual(1_000);
    expect(standard).toBeLessThanOrEqual(5_000);
    const cheap = await solve(CAPTCHA_COUNTER_RANGE.test);
    expect(cheap).toBeGreaterThanOrEqual(10);
    expect(cheap).toBeLessThanOrEqual(50);
  });

  it('returns a signed, expiring proof-of-work challenge that is never cached', async () => {
    const res = await new TestClient(ctx.app).send(api.publicSite.captcha);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.body;
    expect(body.signature).toEqual(expect.any(String));
    expect(body.parameters.algorithm).toBe('PBKDF2/SHA-256');
    expect(body.parameters.expiresAt).toBeGreaterThan(Date.now() / 1000);
  });
});

describe('[contact] POST /api/contact', () => {
  it('stores the message, mails it to the editor with reply-to the sender, answers the spec message', async () => {
    const { post } = client();
    const sujet = `Question sur les tarifs ${randomUUID().slice(0, 8)}`;
    const body = await validBody({ sujet });
    const res = await post(body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: '✅ Message envoyé avec succès !' });

    // Sent by the mail queue's worker (src/jobs), then marked mailed.
    const mail = await waitForMail(ctx, (m) => m.subject.includes(sujet));
    await waitForMailQueueIdle(ctx);

    const [row] = await ctx.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.token, body.token));
    expect(row).toMatchObject({
      nom: 'Durand',
      prenom: 'Alice',
      email: 'alice@example.org',
      sujet,
    });
    expect(row!.mailedAt).not.toBeNull();

    expect(ctx.smtp.mails.filter((m) => m.subject.includes(sujet))).toHaveLength(1);
    expect(mail.to).toEqual([EDITOR]);
    expect(mail.subject).toBe(`[Contact] ${sujet}`);
    expect(mail.text).toContain('est-ce vraiment gratuit ?');
    expect(mail.raw).toMatch(/^Reply-To: alice@example\.org\r?$/im);
  });

  it('SMTP down when a message is sent: stored, retried, mailed once when SMTP is back', async () => {
    const port = ctx.smtp.port;
    await ctx.smtp.close();
    const { post } = client();
    const sujet = `Panne SMTP ${randomUUID().slice(0, 8)}`;
    const body = await validBody({ sujet });
    const res = await post(body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: CONTACT_MESSAGES.success });
    const deadline = Date.now() + 15_000;
    while ((await ctx.app.mailQueue.stats()).retrying < 1) {
      if (Date.now() > deadline) throw new Error('aucun nouvel essai prévu');
      await new Promise((r) => setTimeout(r, 25));
    }
    const stored = async () =>
      (
        await ctx.database.db
          .select()
          .from(contactMessages)
          .where(eq(contactMessages.token, body.token))
      )[0]!;
    expect((await stored()).mailedAt).toBeNull();

    ctx.smtp = await startSmtpServer(port); // back on the same address
    await waitForMail(ctx, (m) => m.subject.includes(sujet), 15_000);
    await waitForMailQueueIdle(ctx, 15_000);
    expect(ctx.smtp.mails.filter((m) => m.subject.includes(sujet))).toHaveLength(1);
    expect((await stored()).mailedAt).not.toBeNull();
  });

  it('a repeated token is a no-op answering the same success (stored and mailed once)', async () => {
    const { post } = client();
    const sujet = `Question répétée ${randomUUID().slice(0, 8)}`;
    const body = await validBody({ sujet });
    expect((await post(body)).statusCode).toBe(200);
    // Same submission again (e.g. a retry after a lost answer), even with a fresh captcha.
    const again = await post({ ...body, captcha: await solvedCaptcha() });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: CONTACT_MESSAGES.success });
    expect(await storedCount(body.token)).toBe(1);
    await waitForMail(ctx, (m) => m.subject.includes(sujet));
    await waitForMailQueueIdle(ctx);
    expect(ctx.smtp.mails.filter((m) => m.subject.includes(sujet))).toHaveLength(1);
  });

  it('refuses a replayed captcha solution with a new token', async () => {
    const { post } = client();
    const first = await validBody();
    expect((await post(first)).statusCode).toBe(200);
    const replay = await post({ ...first, token: randomUUID() });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe('Veuillez valider le captcha.');
  });

  it('refuses a missing, forged or tampered captcha', async () => {
    const { post } = client();
    const payload = await solvedCaptcha();
    const decoded = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
    // The proof is the derived key: change one hex digit of it.
    const key: string = decoded.solution.derivedKey;
    decoded.solution.derivedKey = (key[0] === 'a' ? 'b' : 'a') + key.slice(1);
    const tampered = Buffer.from(JSON.stringify(decoded)).toString('base64');
    for (const captcha of ['', 'not-base64-json', tampered]) {
      const body = await validBody({ captcha });
      const res = await post(body);
      expect(res.statusCode).toBe(400);
      if (captcha) expect(res.json().message).toBe(CONTACT_MESSAGES.captchaRequired);
      else expect(res.json().errors.captcha).toBe(CONTACT_MESSAGES.captchaRequired);
      expect(await storedCount(body.token)).toBe(0);
    }
  });

  it('validates every field with the spec messages (values trimmed)', async () => {
    const { post } = client();
    const token = randomUUID();
    const res = await post({
      nom: '  ',
      prenom: '',
      email: 'pas un email',
      sujet: ' ',
      message: '   ',
      token,
      captcha: 'x',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      nom: 'Le nom est requis.',
      prenom: 'Le prénom est requis.',
      email: "L'email est invalide.",
      sujet: 'Le sujet est requis.',
      message: 'Le message est requis.',
    });
    expect(await storedCount(token)).toBe(0);
  });

  it('refuses a message longer than 5000 characters, unknown fields and a non-UUID token', async () => {
    const { post } = client();
    const long = await post(await validBody({ message: 'a'.repeat(5001) }));
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.message).toBe(SERVER_MESSAGES.tooLong(5000));
    const extra = await post(await validBody({ honeypot: 'bot' }));
    expect(extra.statusCode).toBe(400);
    const badToken = await post(await validBody({ token: 'abc' }));
    expect(badToken.statusCode).toBe(400);
    // 5000 exactly is accepted.
    expect((await post(await validBody({ message: 'a'.repeat(5000) }))).statusCode).toBe(200);
  });

  it('CR/LF in the subject or names never reach a mail header', async () => {
    const { post } = client();
    const res = await post(
      await validBody({
        sujet: 'Bonjour\r\nBcc: victime@example.org',
        nom: 'Evil\r\nX-Injected: 1',
      }),
    );
    expect(res.statusCode).toBe(200);
    const mail = await waitForMail(ctx, (m) => m.text.includes('Evil'));
    expect(mail.to).toEqual([EDITOR]);
    const headers = mail.raw.split(/\r?\n\r?\n/)[0]!;
    expect(headers).not.toMatch(/^Bcc:/im);
    expect(headers).not.toMatch(/^X-Injected:/im);
  });

  it('allows 5 messages per hour per IP, then answers 429 with Retry-After', async () => {
    const { post } = client();
    for (let i = 0; i < 5; i++) expect((await post(await validBody())).statusCode).toBe(200);
    const token = randomUUID();
    const sixth = await post(await validBody({ token }));
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe(SERVER_MESSAGES.tooManyRequests);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect(await storedCount(token)).toBe(0);
    // Another address is not affected.
    expect((await client().post(await validBody())).statusCode).toBe(200);
  });

  it('is protected against cross-site forgery like every POST', async () => {
    const res = await new TestClient(ctx.app).send(
      api.publicSite.contact,
      { body: await validBody() },
      { xsrf: false },
    );
    expect(res.status).toBe(403);
  });
});
