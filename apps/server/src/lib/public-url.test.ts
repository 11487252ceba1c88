import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { api } from '@club/contract';
import { createClub, createMember } from '../db/factories.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import {
  buildTestApp,
  createTestDatabase,
  signIn,
  TEST_JWT_SECRET,
  TestClient,
  type TestContext,
} from '../test/helper.ts';
import { freshIp, waitForMail } from '../test/http-utils.ts';
import { publicBaseUrl } from './public-url.ts';

/**
 * Links in e-mails (reset, invitation, convocations) come from PUBLIC_URL, else from the
 * configured HOST and PORT — never from the request's Host or Origin: with PUBLIC_URL unset,
 * `Host: evil.example` + a matching Origin used to mail the victim a genuine reset token on the
 * attacker's host.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({ PUBLIC_URL: '', HOST: '127.0.0.1', PORT: '3999' });
});
afterAll(async () => {
  await ctx?.close();
});

const hostile = {
  host: 'evil.example',
  origin: 'http://evil.example',
  'x-forwarded-host': 'evil.example',
};

describe('[defects] links in e-mails never come from request headers', () => {
  it('the base address: PUBLIC_URL, else http://HOST:PORT (a wildcard address reads localhost)', () => {
    expect(publicBaseUrl({ PUBLIC_URL: 'https://club.example/', HOST: '0.0.0.0', PORT: 80 })).toBe(
      'https://club.example',
    );
    expect(publicBaseUrl({ PUBLIC_URL: undefined, HOST: '127.0.0.1', PORT: 3000 })).toBe(
      'http://127.0.0.1:3000',
    );
    expect(publicBaseUrl({ PUBLIC_URL: undefined, HOST: '0.0.0.0', PORT: 8080 })).toBe(
      'http://localhost:8080',
    );
    expect(publicBaseUrl({ PUBLIC_URL: undefined, HOST: '::', PORT: 8080 })).toBe(
      'http://localhost:8080',
    );
    expect(publicBaseUrl({ PUBLIC_URL: undefined, HOST: '::1', PORT: 8080 })).toBe(
      'http://[::1]:8080',
    );
  });

  it('a reset requested with a hostile Host and Origin mails a link on the configured host', async () => {
    const club = await createClub(ctx.app.db);
    const victim = await createMember(ctx.app.db, club.id);
    const attacker = new TestClient(ctx.app);
    // The caller's address is no part of a declaration: raw() sends it, to the declared URL.
    const res = await attacker.raw({
      method: api.auth.forgotPassword.method,
      url: api.auth.forgotPassword.path,
      payload: { email: victim.email },
      headers: hostile,
      remoteAddress: freshIp(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await waitForMail(ctx, (m) => m.to.includes(victim.email));
    expect(mail.text).toContain('http://127.0.0.1:3999/mdpOublie?token=');
    expect(mail.text + mail.html).not.toContain('evil.example');
  });

  it('an invitation sent from a request with a hostile Host links to the configured host too', async () => {
    const club = await createClub(ctx.app.db);
    const boss = await createMember(ctx.app.db, club.id, { role: 'DIRIGEANT' });
    const asBoss = await signIn(ctx.app, boss);
    const email = `invite.${Date.now()}@example.org`;
    const res = await asBoss.send(
      api.members.create,
      {
        body: {
          nom: 'Invité',
          prenom: 'Jean',
          dateDeNaissance: '1990-01-01',
          genre: 'Homme',
          email,
          numeroTelephone: '0612345678',
          role: 'JOUEUR',
          clubId: club.id,
        },
      },
      { headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' } },
    );
    expect(res.status, res.text).toBe(201);
    const mail = await waitForMail(ctx, (m) => m.to.includes(email));
    expect(mail.text).toContain('http://127.0.0.1:3999/activation?token=');
    expect(mail.text + mail.html).not.toContain('evil.example');
  });

  it('warns at start in production when PUBLIC_URL is unset, not when it is set', async () => {
    const logs = async (env: Record<string, string>) => {
      const lines: { level: number; msg: string }[] = [];
      const stream = new Writable({
        write(chunk, _e, cb) {
          for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
          cb();
        },
      });
      const database = await createTestDatabase();
      const app = await buildApp({
        config: loadConfig({
          NODE_ENV: 'production',
          JWT_SECRET: TEST_JWT_SECRET,
          WEB_DIST: '',
          ...env,
        }),
        database,
        logger: { level: 'info', stream },
      });
      await app.close();
      await database.close();
      return lines.filter((l) => l.level === 40 && l.msg.includes('PUBLIC_URL'));
    };
    const unset = await logs({});
    expect(unset).toHaveLength(1);
    expect(unset[0]!.msg).toContain('http://127.0.0.1:3000');
    expect(await logs({ PUBLIC_URL: 'https://club.example' })).toEqual([]);
  });
});
