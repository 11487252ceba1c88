import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { AUTH_MESSAGES, LOGIN_MESSAGES, api } from '@club/contract';
import { buildTestApp, TestClient, type TestContext } from '../../test/helper.ts';
import { createClub, createMember, createTeam } from '../../db/factories.ts';
import { oneTimeTokens } from '../../db/schema.ts';
import type { FastifyInstance } from 'fastify';
import { createInvitationService } from './index.ts';
import { freshIp, tokenFromLink, waitForMail } from '../../test/http-utils.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const PASSWORD = 'Choisi-Par-Moi-2025';

const sendInvitation = (app: FastifyInstance, member: { id: number; clubId: number }) =>
  createInvitationService({
    db: app.db,
    config: app.config,
    mailer: app.mailer,
    log: app.log,
    passwords: app.passwords,
  }).send(member);

async function invited() {
  const club = await createClub(ctx.app.db, {
    nom: `Les Aigles ${Math.random().toString(36).slice(2, 7)}`,
  });
  const team = await createTeam(ctx.app.db, club.id);
  const leader = await createMember(ctx.app.db, club.id, { role: 'DIRIGEANT' });
  const player = await createMember(ctx.app.db, club.id, {
    role: 'JOUEUR',
    teamId: team.id,
    password: null,
    prenom: 'Inès',
  });
  const before = ctx.smtp.mails.length;
  await sendInvitation(ctx.app, player);
  const mail = await waitForMail(
    ctx,
    (m) => m.to.includes(player.email) && ctx.smtp.mails.indexOf(m) >= before,
  );
  return { club, team, leader, player, mail, token: tokenFromLink(mail.text, '/activation') };
}
// The caller's address is no part of a declaration: raw() sends it, to the declared URL.
const login = (email: string, password: string) =>
  new TestClient(ctx.app).raw({
    method: api.auth.login.method,
    url: api.auth.login.path,
    payload: { email, password, deviceFingerprint: 'fp' },
    remoteAddress: freshIp(),
  });

describe('[auth] invitations', () => {
  it('mails a French invitation with a link to /activation', async () => {
    const { mail, club } = await invited();
    expect(mail.subject).toBe(`Invitation à rejoindre ${club.nom}`);
    expect(mail.text).toContain('http://localhost:3000/activation?token=');
    expect(mail.text).toContain('7 jours');
    expect(mail.html).toContain('Activer mon compte');
  });

  it('GET tells who is invited; POST sets the password once; then the member can log in', async () => {
    const { token, player, club } = await invited();
    const c = new TestClient(ctx.app);
    const info = await c.send(api.auth.invitation, { params: { token } });
    expect(info.status).toBe(200);
    expect(info.body).toEqual({
      prenom: 'Inès',
      nom: player.nom,
      email: player.email,
      nomClub: club.nom,
      compteExistant: false,
    });
    expect((await login(player.email, PASSWORD)).statusCode).toBe(401);
    const res = await c.send(api.auth.activate, { body: { token, password: PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: AUTH_MESSAGES.activated });
    expect((await login(player.email, PASSWORD)).statusCode).toBe(200);
    const again = await c.send(api.auth.activate, {
      body: { token, password: 'Autre-Passe-Solide-3' },
    });
    expect(again.status).toBe(400);
    expect(again.error).toEqual({ message: AUTH_MESSAGES.invitationInvalid });
    expect((await c.send(api.auth.invitation, { params: { token } })).status).toBe(404);
  });

  it('expires after 7 days', async () => {
    const { token, player } = await invited();
    await ctx.app.db
      .update(oneTimeTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(oneTimeTokens.memberId, player.id));
    const c = new TestClient(ctx.app);
    expect((await c.send(api.auth.invitation, { params: { token } })).error).toEqual({
      message: AUTH_MESSAGES.invitationInvalid,
    });
    expect((await c.send(api.auth.activate, { body: { token, password: PASSWORD } })).status).toBe(
      400,
    );
    expect((await login(player.email, PASSWORD)).json()).toEqual({
      message: LOGIN_MESSAGES.badCredentials,
    });
  });

  it('applies the password rules', async () => {
    const { token } = await invited();
    const res = await new TestClient(ctx.app).send(api.auth.activate, {
      body: { token, password: 'faible' },
    });
    expect(res.status).toBe(400);
    expect(res.error.errors?.password).toBeTypeOf('string');
  });

  it('a newer invitation voids the older link', async () => {
    const { token, player } = await invited();
    await sendInvitation(ctx.app, player);
    expect(
      (await new TestClient(ctx.app).send(api.auth.invitation, { params: { token } })).status,
    ).toBe(404);
  });
});
