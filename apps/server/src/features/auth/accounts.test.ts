import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  COOKIE_ACCESS_TOKEN,
  REGISTRATION_MESSAGES,
  api,
  routeKey,
  type TAccountClub,
} from '@club/contract';
import { createClub, createMember, createTeam, DEFAULT_TEST_PASSWORD } from '../../db/factories.ts';
import { buildTestApp, signIn, TestClient, type TestContext } from '../../test/helper.ts';
import { setCookie, tokenFromLink, waitForMail } from '../../test/http-utils.ts';

/**
 * An account in several clubs (docs/decisions/0112): one e-mail, one password, a member row in
 * each club. The login opens the club used last and names the others; POST /auth/club moves the
 * session (new cookies) and the other club's rows stay out of reach.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const FP = 'device-accounts';
const EMAIL = 'marie.deux-clubs@example.org';
let football: { id: number; nom: string };
let basket: { id: number; nom: string };
let marieFoot: Awaited<ReturnType<typeof createMember>>;
let marieBasketId: number;

const loginAs = async (client: TestClient, password = DEFAULT_TEST_PASSWORD, email = EMAIL) =>
  client.send(api.auth.login, { body: { email, password, deviceFingerprint: FP } });

describe('[auth] an account in two clubs', { timeout: 60_000 }, () => {
  it('a member added in another club with the account’s e-mail accepts the invitation with the existing password', async () => {
    football = await createClub(ctx.app.db, { nom: 'FC Football Deux' });
    basket = await createClub(ctx.app.db, { nom: 'Basket Club Deux' });
    const u13 = await createTeam(ctx.app.db, football.id, { nom: 'U13' });
    marieFoot = await createMember(ctx.app.db, football.id, {
      email: EMAIL,
      role: 'PARENT',
      prenom: 'Marie',
      nom: 'Durand',
    });
    void u13;
    const boss = await signIn(
      ctx.app,
      await createMember(ctx.app.db, basket.id, { role: 'DIRIGEANT' }),
    );
    const before = ctx.smtp.mails.length;
    const created = await boss.send(api.members.create, {
      body: {
        nom: 'Durand',
        prenom: 'Marie',
        dateDeNaissance: '1984-03-02',
        genre: 'Femme',
        email: 'Marie.Deux-Clubs@example.org',
        numeroTelephone: '0611223344',
        role: 'PARENT',
        clubId: basket.id,
      },
    });
    expect(created.status, created.text).toBe(201);
    marieBasketId = created.body.id;
    // The same club twice is still refused.
    const twice = await boss.send(api.members.create, {
      body: {
        nom: 'Durand',
        prenom: 'Marie',
        dateDeNaissance: '1984-03-02',
        genre: 'Femme',
        email: EMAIL,
        numeroTelephone: '0611223344',
        role: 'PARENT',
        clubId: basket.id,
      },
    });
    expect(twice.status).toBe(409);

    const mail = await waitForMail(
      ctx,
      (m) => m.to.includes(EMAIL) && ctx.smtp.mails.indexOf(m) >= before,
    );
    const token = tokenFromLink(mail.text, '/activation');
    const anonymous = new TestClient(ctx.app);
    const info = await anonymous.send(api.auth.invitation, { params: { token } });
    expect(info.status, info.text).toBe(200);
    expect(info.body).toMatchObject({ nomClub: basket.nom, compteExistant: true });
    const wrong = await anonymous.send(api.auth.activate, {
      body: { token, password: 'Autre-Mot-De-Passe-99' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.error.errors?.password).toBe(AUTH_MESSAGES.existingPasswordWrong);
    const ok = await anonymous.send(api.auth.activate, {
      body: { token, password: DEFAULT_TEST_PASSWORD },
    });
    expect(ok.status, ok.text).toBe(200);
  });

  it('the login keeps the spec’s shape for the club used last and adds `clubs`', async () => {
    const client = new TestClient(ctx.app);
    const res = await loginAs(client);
    expect(res.status, res.text).toBe(200);
    const info = res.body;
    // Never used yet: the first row opens.
    expect(info).toMatchObject({ id: marieFoot.id, idClub: football.id, role: 'PARENT' });
    expect(info.clubs).toEqual(
      expect.arrayContaining<TAccountClub>([
        { idClub: football.id, nomClub: football.nom, idMembre: marieFoot.id, role: 'PARENT' },
        { idClub: basket.id, nomClub: basket.nom, idMembre: marieBasketId, role: 'PARENT' },
      ]),
    );
    expect(info.clubs).toHaveLength(2);
  });

  it(`${routeKey(api.auth.switchClub)} switches (new cookies, the other club out of reach, the old session revoked); a club of nobody’s account → 403`, async () => {
    const client = new TestClient(ctx.app);
    await loginAs(client);
    const before = client.cookies.get(COOKIE_ACCESS_TOKEN);
    const old = new TestClient(ctx.app);
    for (const [k, v] of client.cookies) old.cookies.set(k, v);

    // The raw answer, for its Set-Cookie; its body read through the declaration's schema.
    const res = await client.call(api.auth.switchClub, { body: { idClub: basket.id } });
    expect(res.statusCode, res.body).toBe(200);
    expect(api.auth.switchClub.responses[200].parse(res.json())).toMatchObject({
      id: marieBasketId,
      idClub: basket.id,
    });
    expect(setCookie(res, COOKIE_ACCESS_TOKEN)).toBeTruthy();
    expect(client.cookies.get(COOKIE_ACCESS_TOKEN)).not.toBe(before);
    const me = await client.send(api.dashboard.infos);
    expect(me.status, me.text).toBe(200);
    expect(me.body).toMatchObject({ id: marieBasketId, idClub: basket.id });
    // The football club's rows are another club's now (row-level security, caches per club).
    // (Her role here may not list a club's members: the route refuses that before any club is
    // looked at, docs/decisions/0142-the-route-applies-the-declared-permission.md.)
    const footMembers = await client.send(api.members.listClub, {
      params: { clubId: football.id },
    });
    expect(footMembers.status).toBe(403);
    const footRow = await client.send(api.members.get, { params: { id: marieFoot.id } });
    expect(footRow.status).toBe(404);
    // Her own row in the basket club is there.
    const own = await client.send(api.members.get, { params: { id: marieBasketId } });
    expect(own.status, own.text).toBe(200);
    // The session left behind is revoked.
    const stale = await old.send(api.auth.refresh, { body: { deviceFingerprint: FP } });
    expect(stale.status).toBe(401);

    const stranger = await createClub(ctx.app.db);
    const denied = await client.send(api.auth.switchClub, { body: { idClub: stranger.id } });
    expect(denied.status).toBe(403);
    expect(denied.error.message).toBe(AUTH_MESSAGES.notInClub);

    // The next login opens the club used last.
    const again = await loginAs(new TestClient(ctx.app));
    expect(again.body).toMatchObject({ idClub: basket.id, id: marieBasketId });
  });

  it('registering a club with the account’s e-mail → 409; signed in, POST /api/clubs creates it with the account as DIRIGEANT', async () => {
    const register = await new TestClient(ctx.app).send(api.publicSite.register, {
      body: {
        nom: 'Durand',
        prenom: 'Marie',
        email: EMAIL,
        password: 'Club-Solide-Passe-1',
        dateNaissance: '1984-03-02',
        nomClub: 'Handball Trois',
        sportNom: 'Handball',
        genre: 'Femme',
      },
    });
    expect(register.status).toBe(409);
    expect(register.error).toEqual({
      message: REGISTRATION_MESSAGES.accountExists,
      errors: { email: REGISTRATION_MESSAGES.accountExists },
    });

    const client = new TestClient(ctx.app);
    await loginAs(client);
    const created = await client.send(api.clubs.create, {
      body: { nomClub: 'Handball Trois', sportNom: 'Handball' },
    });
    expect(created.status, created.text).toBe(201);
    const club = created.body;
    expect(club).toMatchObject({ nomClub: 'Handball Trois', role: 'DIRIGEANT' });
    const taken = await client.send(api.clubs.create, {
      body: { nomClub: 'Handball Trois', sportNom: 'Handball' },
    });
    expect(taken.status).toBe(409);
    const switched = await client.send(api.auth.switchClub, { body: { idClub: club.idClub } });
    expect(switched.status, switched.text).toBe(200);
    expect(switched.body).toMatchObject({
      role: 'DIRIGEANT',
      nomClub: 'Handball Trois',
    });
    expect(switched.body.clubs).toHaveLength(3);
  });

  it('one password: changed in one club, it is the account’s in every club', async () => {
    const client = new TestClient(ctx.app);
    await loginAs(client);
    const NEW = 'Nouveau-Passe-Solide-77';
    const changed = await client.send(api.auth.changePassword, {
      body: { currentPassword: DEFAULT_TEST_PASSWORD, newPassword: NEW },
    });
    expect(changed.status, changed.text).toBe(200);
    const res = await loginAs(new TestClient(ctx.app), NEW);
    expect(res.status, res.text).toBe(200);
    expect(res.body.clubs).toHaveLength(3);
    expect((await loginAs(new TestClient(ctx.app))).status).toBe(401);
  });
});
