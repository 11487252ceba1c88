import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, getTableColumns } from 'drizzle-orm';
import {
  api,
  COOKIE_ACCESS_TOKEN,
  COOKIE_REFRESH_TOKEN,
  PRIVACY_MESSAGES,
  ZAccountDataSchema,
} from '@club/contract';
import {
  DEFAULT_TEST_PASSWORD,
  createClub,
  createConvocation,
  createEvent,
  createMatch,
  createMember,
  createTeam,
  linkGuardian,
} from '../../db/factories.ts';
import {
  auditLog,
  calendarFeeds,
  pushSubscriptions,
  carpoolOffers,
  carpoolSeats,
  convocations,
  eventPresences,
  guardians,
  members,
  oneTimeTokens,
  sessions,
  teamMemberships,
} from '../../db/schema.ts';
import { sha256 } from '../../lib/tokens.ts';
import {
  MEMBER_COLUMNS_IN_EXPORT,
  MEMBER_COLUMNS_NOT_EXPORTED,
} from './account-data.repository.ts';
import { buildTestApp, signIn, TestClient, type TestContext } from '../../test/helper.ts';
import { freshIp } from '../../test/http-utils.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({ REGISTRATIONS_PER_IP: '1000', PASSWORD_CHANGES_PER_MEMBER: '1000' });
});
afterAll(async () => {
  await ctx?.close();
});

/** A club with a team, a past and a future match, a past and a future training. */
async function world() {
  const db = ctx.app.db;
  const club = await createClub(db);
  const team = await createTeam(db, club.id, { nom: 'Seniors' });
  const boss = await createMember(db, club.id, { role: 'DIRIGEANT', nom: 'Chef' });
  const past = await createMatch(db, club.id, {
    homeTeamId: team.id,
    opponentName: 'Passé FC',
    dateDebut: '2020-03-01 15:00:00',
    dateFin: '2020-03-01 17:00:00',
  });
  const future = await createMatch(db, club.id, {
    homeTeamId: team.id,
    opponentName: 'Futur FC',
    dateDebut: '2099-03-01 15:00:00',
    dateFin: '2099-03-01 17:00:00',
  });
  const pastTraining = await createEvent(db, club.id, {
    teamIds: [team.id],
    dateDebut: '2020-03-02 18:00:00',
    dateFin: '2020-03-02 20:00:00',
  });
  const futureTraining = await createEvent(db, club.id, {
    teamIds: [team.id],
    dateDebut: '2099-03-02 18:00:00',
    dateFin: '2099-03-02 20:00:00',
  });
  return { club, team, boss, past, future, pastTraining, futureTraining };
}

/** Everything secret the database holds about members: none of it may leave in an export. */
async function secretsOf(memberIds: number[]): Promise<string[]> {
  const db = ctx.app.db;
  const values: string[] = [];
  for (const id of memberIds) {
    const [m] = await db.select().from(members).where(eq(members.id, id));
    if (m?.passwordHash) values.push(m.passwordHash);
    for (const s of await db.select().from(sessions).where(eq(sessions.memberId, id))) {
      values.push(s.tokenHash, s.id, s.familyId);
      if (s.previousTokenHash) values.push(s.previousTokenHash);
    }
    for (const f of await db.select().from(calendarFeeds).where(eq(calendarFeeds.memberId, id)))
      values.push(f.tokenHash);
    for (const t of await db.select().from(oneTimeTokens).where(eq(oneTimeTokens.memberId, id)))
      values.push(t.tokenHash);
    for (const p of await db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.memberId, id)))
      values.push(p.endpoint, p.p256dh, p.auth);
  }
  return values;
}

describe('[privacy] GET /api/compte/donnees — the export', () => {
  it('is a JSON attachment with everything about the reader and their children, and no hash, token or secret', async () => {
    const db = ctx.app.db;
    const w = await world();
    const parent = await createMember(db, w.club.id, {
      role: 'PARENT',
      teamId: w.team.id,
      nom: 'Parent',
      prenom: 'Paula',
      numeroLicence: 'LIC-PARENT',
    });
    const child = await createMember(db, w.club.id, {
      role: 'JOUEUR',
      teamId: w.team.id,
      nom: 'Enfant',
      prenom: 'Théo',
      dateNaissance: '2012-05-06',
      statut: 'Blessé',
    });
    const stranger = await createMember(db, w.club.id, {
      role: 'JOUEUR',
      teamId: w.team.id,
      nom: 'Étranger',
    });
    await linkGuardian(db, w.club.id, parent.id, child.id);
    await createConvocation(db, w.club.id, w.past.match.id, child.id, {
      statutPresence: 'INDISPONIBLE',
      justification: 'Entorse à la cheville',
      answeredAt: new Date('2020-02-28T10:00:00Z'),
    });
    await createConvocation(db, w.club.id, w.past.match.id, stranger.id, {
      statutPresence: 'INDISPONIBLE',
      justification: 'Secret de l’étranger',
    });
    await db.insert(eventPresences).values({
      eventId: w.pastTraining.id,
      memberId: child.id,
      clubId: w.club.id,
      statutPresence: 'INDISPONIBLE',
      justification: 'Chez le médecin',
    });

    // A real sign-in (a refresh token), a calendar feed, a preference, a profile change.
    const device = new TestClient(ctx.app);
    // The caller's address is no part of a declaration: raw() sends it, to the declared URL.
    const login = await device.raw({
      method: api.auth.login.method,
      url: api.auth.login.path,
      payload: {
        email: parent.email,
        password: DEFAULT_TEST_PASSWORD,
        deviceFingerprint: 'appareil-42',
      },
      remoteAddress: freshIp(),
      headers: { 'user-agent': 'Navigateur de test' },
    });
    expect(login.statusCode, login.body).toBe(200);
    const feed = await device.send(api.calendarFeeds.subscribe, {
      body: { matchesSeulement: true },
    });
    expect(feed.status, feed.text).toBe(201);
    const feedToken = /([A-Za-z0-9_-]{43})\.ics/.exec(feed.body.url)![1]!;
    const prefs = await device.send(api.notifications.setPreferences, {
      body: { emails: false, canaux: { annonces: { push: false } } },
    });
    expect(prefs.status, prefs.text).toBe(200);
    // A device subscribed to Web Push (its endpoint and keys let anyone push to it: never exported).
    await db.insert(pushSubscriptions).values({
      clubId: w.club.id,
      memberId: parent.id,
      endpoint: `https://push.example.org/appareil-secret-${parent.id}`,
      p256dh: `cle-publique-secrete-${parent.id}`,
      auth: `authentification-secrete-${parent.id}`,
      userAgent: 'Navigateur de test',
    });
    // A ride the parent offers to the future match (its departure place is personal data).
    await db.insert(carpoolOffers).values({
      clubId: w.club.id,
      eventId: w.future.event.id,
      driverId: parent.id,
      places: 3,
      depart: '12 rue des Lilas',
      heureDepart: '2099-01-01 13:00:00',
    });
    expect(
      (
        await device.send(api.members.update, {
          params: { id: parent.id },
          body: { numeroTelephone: '0699887766' },
        })
      ).status,
    ).toBe(200);
    await db.insert(oneTimeTokens).values({
      memberId: parent.id,
      clubId: w.club.id,
      purpose: 'password_reset',
      tokenHash: sha256('un-jeton-de-reinitialisation'),
      expiresAt: new Date(Date.now() + 3600_000),
    });

    const res = await device.send(api.auth.exportData);
    expect(res.status, res.text).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="mes-donnees-club-manager-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = ZAccountDataSchema.parse(res.body);

    expect(data.moi.profil).toMatchObject({
      id: parent.id,
      nom: 'Parent',
      email: parent.email,
      numeroTelephone: '0699887766',
      numeroLicence: 'LIC-PARENT',
      partageCoordonnees: false,
    });
    expect(data.moi.club).toEqual({ id: w.club.id, nom: w.club.nom });
    expect(data.moi.equipes.map((t) => t.nom)).toEqual(['Seniors']);
    expect(data.moi.enfants).toEqual([{ id: child.id, nom: 'Enfant', prenom: 'Théo' }]);
    expect(data.moi.appareilsNotifications).toEqual([
      expect.objectContaining({ service: 'push.example.org' }),
    ]);
    expect(data.moi.covoiturage.conduites).toEqual([
      expect.objectContaining({ depart: '12 rue des Lilas', places: 3 }),
    ]);
    expect(data.moi.preferencesNotifications.emails).toBe(false);
    expect(data.moi.preferencesNotifications.canaux.annonces).toEqual({ email: true, push: false });
    expect(data.moi.preferencesNotifications.canaux.convocations).toEqual({
      email: true,
      push: true,
    });
    expect(data.moi.abonnementsCalendrier).toEqual([
      expect.objectContaining({ equipeId: null, matchesSeulement: true, revoqueLe: null }),
    ]);
    expect(data.moi.sessions).toEqual([
      expect.objectContaining({ navigateur: 'Navigateur de test', appareil: 'appareil-42' }),
    ]);
    expect(data.moi.journal).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'update', objet: 'member', objetId: parent.id }),
      ]),
    );

    // The child: profile (health included, for the guardian), guardianship, answers, attendance.
    expect(data.enfants).toHaveLength(1);
    const kid = data.enfants[0]!;
    expect(kid.profil).toMatchObject({
      id: child.id,
      statut: 'Blessé',
      dateDeNaissance: '2012-05-06',
    });
    expect(kid.parents).toEqual([{ id: parent.id, nom: 'Parent', prenom: 'Paula' }]);
    expect(kid.convocations).toEqual([
      expect.objectContaining({
        matchId: w.past.match.id,
        statutPresence: 'INDISPONIBLE',
        justification: 'Entorse à la cheville',
        reponduLe: '2020-02-28T10:00:00.000Z',
      }),
    ]);
    expect(kid.presences).toEqual([
      expect.objectContaining({
        evenementId: w.pastTraining.id,
        justification: 'Chez le médecin',
      }),
    ]);

    // Nobody else's data, no secret: no hash, token, session id or password, under any key.
    const text = res.body;
    expect(text).not.toContain(stranger.email);
    expect(text).not.toContain('Secret de l’étranger');
    const secrets = [
      ...(await secretsOf([parent.id, child.id])),
      feedToken,
      device.cookies.get(COOKIE_REFRESH_TOKEN)!,
      device.cookies.get(COOKIE_ACCESS_TOKEN)!,
      DEFAULT_TEST_PASSWORD,
    ];
    expect(secrets.length).toBeGreaterThanOrEqual(8);
    for (const secret of secrets) expect(text, 'a secret in the export').not.toContain(secret);
    const keys = new Set<string>();
    const walk = (v: unknown) => {
      if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === 'object')
        for (const [k, x] of Object.entries(v)) {
          keys.add(k);
          walk(x);
        }
    };
    walk(data);
    expect([...keys].filter((k) => /hash|token|jeton|secret|password/i.test(k))).toEqual([]);
  });

  it('signed out: 401', async () => {
    expect((await new TestClient(ctx.app).send(api.auth.exportData)).status).toBe(401);
  });
});

describe('[privacy] the export accounts for every column of a member', () => {
  it('each column of members is exported at its path, or listed as deliberately left out', async () => {
    const columns = Object.keys(getTableColumns(members)).sort();
    const exported = Object.keys(MEMBER_COLUMNS_IN_EXPORT);
    const leftOut = Object.keys(MEMBER_COLUMNS_NOT_EXPORTED);
    expect(exported.filter((c) => leftOut.includes(c))).toEqual([]);
    expect(
      [...exported, ...leftOut].sort(),
      'a new column of members: add it to the export (MEMBER_COLUMNS_IN_EXPORT) or say why not',
    ).toEqual(columns);

    // A member whose every exported column holds a value: each one shows at its path.
    const db = ctx.app.db;
    const club = await createClub(db);
    const team = await createTeam(db, club.id, { nom: 'Vétérans' });
    const member = await createMember(db, club.id, {
      role: 'JOUEUR',
      teamId: team.id,
      dateNaissance: '1990-01-02',
      numeroLicence: 'LIC-TOUT',
    });
    await db
      .update(members)
      .set({
        genre: 'Femme',
        telephone: '0611223344',
        taille: 170,
        poids: 60,
        numero: 9,
        poste: 'Ailière',
        avatarUrl: 'https://example.org/a.png',
        partageCoordonnees: true,
        clubRole: 'RESPONSABLE',
        activatedAt: new Date('2026-01-01T00:00:00Z'),
        passwordChangedAt: new Date('2026-01-02T00:00:00Z'),
        notificationPrefs: { annonces: { push: false } },
      })
      .where(eq(members.id, member.id));
    const res = await (await signIn(ctx.app, member)).send(api.auth.exportData);
    const moi: unknown = res.body.moi;
    const at = (path: string) =>
      path.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown>)?.[k], moi);
    const missing = Object.entries(MEMBER_COLUMNS_IN_EXPORT)
      .filter(([, path]) => {
        const value = at(path);
        return value === undefined || value === null || (Array.isArray(value) && !value.length);
      })
      .map(([column, path]) => `${column} → ${path}`);
    expect(missing).toEqual([]);
  });
});

describe('[privacy] DELETE /api/compte — erasure', () => {
  it('asks the password: missing or wrong → 400 in French, nothing changes', async () => {
    const w = await world();
    const player = await createMember(ctx.app.db, w.club.id, { role: 'JOUEUR', teamId: w.team.id });
    const as = await signIn(ctx.app, player);
    // A missing body is what the declaration cannot send: raw(), to the declared URL.
    const missing = await as.raw({
      method: api.auth.deleteAccount.method,
      url: api.auth.deleteAccount.path,
    });
    expect(missing.statusCode).toBe(400);
    const empty = await as.send(api.auth.deleteAccount, { body: { motDePasse: '' } });
    expect(empty.status).toBe(400);
    expect(empty.error.errors).toEqual({ motDePasse: PRIVACY_MESSAGES.passwordRequired });
    const wrong = await as.send(api.auth.deleteAccount, {
      body: { motDePasse: 'Mauvais-mot-de-passe-1!' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.error).toEqual({
      message: PRIVACY_MESSAGES.passwordWrong,
      errors: { motDePasse: PRIVACY_MESSAGES.passwordWrong },
    });
    expect((await as.send(api.dashboard.infos)).status).toBe(200);
    const [row] = await ctx.app.db.select().from(members).where(eq(members.id, player.id));
    expect(row!.erasedAt).toBeNull();
    expect(row!.email).toBe(player.email);
  });

  it('erases the personal data, keeps anonymous results, ends every session, frees the e-mail', async () => {
    const db = ctx.app.db;
    const w = await world();
    const player = await createMember(db, w.club.id, {
      role: 'JOUEUR',
      teamId: w.team.id,
      nom: 'Durand',
      prenom: 'Léa',
      statut: 'Blessé',
      numeroLicence: 'LIC-123',
      taille: 170,
      poids: 60,
      numero: 9,
      poste: 'Ailière',
    });
    const parent = await createMember(db, w.club.id, { role: 'PARENT', teamId: w.team.id });
    await linkGuardian(db, w.club.id, parent.id, player.id);
    await createConvocation(db, w.club.id, w.past.match.id, player.id, {
      statutPresence: 'INDISPONIBLE',
      justification: 'Blessure au genou',
    });
    await createConvocation(db, w.club.id, w.future.match.id, player.id, {
      statutPresence: 'DISPONIBLE',
    });
    await db.insert(eventPresences).values([
      {
        eventId: w.pastTraining.id,
        memberId: player.id,
        clubId: w.club.id,
        statutPresence: 'INDISPONIBLE',
        justification: 'Rendez-vous médical',
      },
      {
        eventId: w.futureTraining.id,
        memberId: player.id,
        clubId: w.club.id,
        statutPresence: 'DISPONIBLE',
      },
    ]);
    // Two devices: a real sign-in (refresh token) and a back-door session.
    const device = new TestClient(ctx.app);
    // The caller's address is no part of a declaration: raw() sends it, to the declared URL.
    const login = () =>
      device.raw({
        method: api.auth.login.method,
        url: api.auth.login.path,
        payload: {
          email: player.email,
          password: DEFAULT_TEST_PASSWORD,
          deviceFingerprint: 'fp-efface',
        },
        remoteAddress: freshIp(),
      });
    expect((await login()).statusCode).toBe(200);
    const refreshToken = device.cookies.get(COOKIE_REFRESH_TOKEN)!;
    const other = await signIn(ctx.app, player);
    expect((await device.send(api.calendarFeeds.subscribe, { body: {} })).status).toBe(201);
    // A device subscribed to Web Push: it must stop receiving the club's notifications.
    await db.insert(pushSubscriptions).values({
      clubId: w.club.id,
      memberId: player.id,
      endpoint: `https://push.example.org/efface-${player.id}`,
      p256dh: 'cle-publique',
      auth: 'secret',
    });
    // A ride the player offers, and a seat they hold in the leader's car.
    const [ride] = await db
      .insert(carpoolOffers)
      .values({
        clubId: w.club.id,
        eventId: w.future.event.id,
        driverId: player.id,
        places: 2,
        depart: '3 impasse du Joueur',
        heureDepart: '2099-01-01 13:00:00',
      })
      .returning();
    const [bossRide] = await db
      .insert(carpoolOffers)
      .values({
        clubId: w.club.id,
        eventId: w.future.event.id,
        driverId: w.boss.id,
        places: 2,
        placesPrises: 1,
        depart: 'Club',
        heureDepart: '2099-01-01 13:00:00',
      })
      .returning();
    await db
      .insert(carpoolSeats)
      .values({ clubId: w.club.id, offerId: bossRide!.id, memberId: player.id });

    const res = await device.send(api.auth.deleteAccount, {
      body: { motDePasse: DEFAULT_TEST_PASSWORD },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ message: PRIVACY_MESSAGES.accountDeleted });
    // The cookies are cleared.
    const cleared = [res.headers['set-cookie'] ?? []].flat().map((c) => c.split('=')[0]);
    expect(cleared).toEqual(expect.arrayContaining([COOKIE_ACCESS_TOKEN, COOKIE_REFRESH_TOKEN]));

    // The row: anonymised, no password, no personal field; the e-mail replaced.
    const [row] = await db.select().from(members).where(eq(members.id, player.id));
    expect(row).toMatchObject({
      nom: 'Supprimé',
      prenom: 'Membre',
      dateNaissance: null,
      genre: null,
      telephone: null,
      numeroLicence: null,
      statut: 'Actif',
      taille: null,
      poids: null,
      numero: null,
      poste: null,
      passwordHash: null,
      teamId: null,
      partageCoordonnees: false,
    });
    expect(row!.erasedAt).not.toBeNull();
    expect(row!.email).not.toBe(player.email);
    expect(row!.email).toMatch(/@anonyme\.invalid$/);
    for (const table of [
      sessions,
      calendarFeeds,
      teamMemberships,
      oneTimeTokens,
      pushSubscriptions,
    ])
      expect(await db.select().from(table).where(eq(table.memberId, player.id))).toEqual([]);
    expect(await db.select().from(guardians).where(eq(guardians.childId, player.id))).toEqual([]);
    expect(await db.select().from(carpoolOffers).where(eq(carpoolOffers.id, ride!.id))).toEqual([]);
    expect(
      await db.select().from(carpoolSeats).where(eq(carpoolSeats.memberId, player.id)),
    ).toEqual([]);
    const [freed] = await db.select().from(carpoolOffers).where(eq(carpoolOffers.id, bossRide!.id));
    expect(freed!.placesPrises).toBe(0);

    // Results and attendance stay, anonymous: the past answers without justification; the
    // upcoming ones are gone.
    const conv = await db.select().from(convocations).where(eq(convocations.memberId, player.id));
    expect(conv.map((c) => [c.matchId, c.statutPresence, c.justification])).toEqual([
      [w.past.match.id, 'INDISPONIBLE', null],
    ]);
    const pres = await db
      .select()
      .from(eventPresences)
      .where(eq(eventPresences.memberId, player.id));
    expect(pres.map((p) => [p.eventId, p.justification])).toEqual([[w.pastTraining.id, null]]);
    const asBoss = await signIn(ctx.app, w.boss);
    const list = (await asBoss.send(api.matches.convocations, { params: { id: w.past.match.id } }))
      .body;
    expect(list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          joueur: { id: player.id, nom: 'Supprimé', prenom: 'Membre' },
          statutPresence: 'INDISPONIBLE',
        }),
      ]),
    );
    // In no list, not readable by id.
    const members_ = (await asBoss.send(api.members.listClub, { params: { clubId: w.club.id } }))
      .body;
    // Without a page asked, the list itself (not a page of it).
    if (!Array.isArray(members_)) throw new Error(`liste attendue : ${JSON.stringify(members_)}`);
    expect(members_.map((m) => m.id)).not.toContain(player.id);
    expect((await asBoss.send(api.members.get, { params: { id: player.id } })).status).toBe(404);
    // An audit line without personal data.
    const [erased] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, player.id), eq(auditLog.action, 'erase')));
    expect(erased).toMatchObject({ entity: 'member', actorMemberId: player.id });
    expect(JSON.stringify(erased!.details)).not.toContain('Durand');

    // Every session is over: cookies of both devices, the refresh token, a new sign-in.
    expect((await other.send(api.dashboard.infos)).status).toBe(401);
    device.cookies.set(COOKIE_REFRESH_TOKEN, refreshToken);
    expect(
      (await device.send(api.auth.refresh, { body: { deviceFingerprint: 'fp-efface' } })).status,
    ).toBe(401);
    expect((await login()).statusCode).toBe(401);

    // The e-mail is free: a new account (a club registration) can use it.
    const again = await new TestClient(ctx.app).raw({
      method: api.publicSite.register.method,
      url: api.publicSite.register.path,
      payload: {
        nom: 'Durand',
        prenom: 'Léa',
        email: player.email,
        password: 'Nouveau-Depart-2026!',
        dateNaissance: '1990-01-01',
        nomClub: `Club de Léa ${Date.now()}`,
        sportNom: 'Football',
        genre: 'Femme',
      },
      remoteAddress: freshIp(),
    });
    expect(again.statusCode, again.body).toBe(201);
  });

  it('the last DIRIGEANT is refused in French; with another DIRIGEANT the account goes', async () => {
    const w = await world();
    const asBoss = await signIn(ctx.app, w.boss);
    const refused = await asBoss.send(api.auth.deleteAccount, {
      body: { motDePasse: DEFAULT_TEST_PASSWORD },
    });
    expect(refused.status).toBe(409);
    expect(refused.error.message).toBe(PRIVACY_MESSAGES.lastManager);
    expect((await asBoss.send(api.dashboard.infos)).status).toBe(200);

    await createMember(ctx.app.db, w.club.id, { role: 'DIRIGEANT' });
    const ok = await asBoss.send(api.auth.deleteAccount, {
      body: { motDePasse: DEFAULT_TEST_PASSWORD },
    });
    expect(ok.status, ok.text).toBe(200);
    expect((await asBoss.send(api.dashboard.infos)).status).toBe(401);
  });
});
