import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { PUSH_MESSAGES, ZPushMessageSchema, api, type TPushMessage } from '@club/contract';
import { createClub, createMember, createTeam } from '../../db/factories.ts';
import { pushSubscriptions } from '../../db/schema.ts';
import { clubLocalDateTime } from '../../lib/club-time.ts';
import { buildTestApp, signIn, type TestClient, type TestContext } from '../../test/helper.ts';
import { until } from '../../test/http-utils.ts';
import {
  browserSubscription,
  startPushReceiver,
  verifyVapid,
  type BrowserSubscription,
  type PushReceiver,
} from '../../test/push-receiver.ts';
import {
  allowedByConfiguration,
  checkEndpoint,
  checkEndpointSyntax,
  guardedLookup,
  isPublicAddress,
  PushEndpointRefused,
} from './push.endpoints.ts';

/**
 * Web Push end to end (PGlite, or PostgreSQL with TEST_DATABASE_URL): a local push service
 * receives what the real application sends through its job queue, and a browser-side
 * subscription generated here decrypts it (RFC 8291, node:crypto only) and checks the VAPID
 * signature (RFC 8292). The push service is on 127.0.0.1: PUSH_ENDPOINTS_ALLOWED lets it in, as
 * its documentation says it is meant for.
 */
let ctx: TestContext;
let receiver: PushReceiver;
type Member = Awaited<ReturnType<typeof createMember>>;
let club: { id: number; nom: string };
let team: { id: number; nom: string };
let coach: Member, player: Member, other: Member;
let asCoach: TestClient, asPlayer: TestClient, asOther: TestClient;
let seq = 0;

beforeAll(async () => {
  receiver = await startPushReceiver();
  ctx = await buildTestApp({
    QUIET_HOURS: '',
    NOTIFICATION_DELAY_SECONDS: '0',
    PUSH_ENDPOINTS_ALLOWED: receiver.origin,
  });
  const db = ctx.app.db;
  club = await createClub(db, { nom: 'US Push' });
  team = await createTeam(db, club.id, { nom: 'Seniors' });
  coach = await createMember(db, club.id, { role: 'ENTRAINEUR', teamId: team.id, prenom: 'Coco' });
  player = await createMember(db, club.id, { teamId: team.id, prenom: 'Paul' });
  other = await createMember(db, club.id, { teamId: team.id, prenom: 'Olga' });
  asCoach = await signIn(ctx.app, coach);
  asPlayer = await signIn(ctx.app, player);
  asOther = await signIn(ctx.app, other);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await receiver?.close();
});

/** A browser subscribed through the API, with its own path on the push service. */
async function subscribe(as: TestClient, path = `/push/${++seq}`): Promise<BrowserSubscription> {
  const sub = browserSubscription(`${receiver.origin}${path}`);
  const res = await as.send(api.push.subscribe, { body: sub.json });
  expect(res.status, res.text).toBe(201);
  expect(res.body.message).toBe(PUSH_MESSAGES.subscribed);
  return sub;
}
const pushesTo = (sub: BrowserSubscription) =>
  receiver.received.filter((r) => `${receiver.origin}${r.path}` === sub.endpoint);
/** The decrypted, schema-checked payloads a subscription received. */
const messagesOf = (sub: BrowserSubscription): TPushMessage[] =>
  pushesTo(sub).map((r) => ZPushMessageSchema.parse(JSON.parse(sub.decrypt(r.body).toString())));
const subscriptionRows = (endpoint: string) =>
  ctx.app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));

describe('subscriptions', () => {
  it('the public key is the one that signs the pushes', async () => {
    const res = await asPlayer.send(api.push.key);
    expect(res.status).toBe(200);
    expect(res.body.clePublique).toMatch(/^[A-Za-z0-9_-]{87}$/);
  });

  it('subscribing twice keeps one row; unsubscribing removes it; only one’s own', async () => {
    const sub = await subscribe(asOther);
    await subscribe(asOther, new URL(sub.endpoint).pathname);
    expect(await subscriptionRows(sub.endpoint)).toHaveLength(1);
    // Another member cannot remove it.
    await asPlayer.send(api.push.unsubscribe, { body: { endpoint: sub.endpoint } });
    expect(await subscriptionRows(sub.endpoint)).toHaveLength(1);
    const res = await asOther.send(api.push.unsubscribe, { body: { endpoint: sub.endpoint } });
    expect(res.status).toBe(200);
    expect(await subscriptionRows(sub.endpoint)).toHaveLength(0);
  });

  it('bad keys are refused with a French 400', async () => {
    const res = await asPlayer.send(api.push.subscribe, {
      body: {
        endpoint: `${receiver.origin}/push/bad`,
        keys: { p256dh: 'pas une clé !', auth: '' },
      },
    });
    expect(res.status).toBe(400);
    expect(res.error.errors?.['keys.p256dh']).toBe(PUSH_MESSAGES.keysInvalid);
  });

  it('keys that cannot be encrypted to are refused (p256dh: a P-256 point, 65 bytes, 0x04 first; auth: 16 bytes)', async () => {
    const good = browserSubscription('x').json.keys;
    const b64 = (bytes: number[]) => Buffer.from(bytes).toString('base64url');
    const point = Buffer.from(good.p256dh, 'base64url');
    const offCurve = Buffer.from(point);
    offCurve[64] = offCurve[64]! ^ 1; // y no longer matches x
    const cases: [string, { p256dh: string; auth: string }][] = [
      ['keys.p256dh', { p256dh: 'AAAA', auth: 'AAAA' }], // the probe
      ['keys.p256dh', { p256dh: 'AAAA', auth: good.auth }],
      ['keys.auth', { p256dh: good.p256dh, auth: 'AAAA' }],
      ['keys.auth', { p256dh: good.p256dh, auth: b64(Array(17).fill(7)) }],
      ['keys.p256dh', { p256dh: b64([0x02, ...point.subarray(1, 33)]), auth: good.auth }], // compressed
      ['keys.p256dh', { p256dh: b64([0x05, ...point.subarray(1)]), auth: good.auth }],
      ['keys.p256dh', { p256dh: b64([...point, 0]), auth: good.auth }], // 66 bytes
      ['keys.p256dh', { p256dh: offCurve.toString('base64url'), auth: good.auth }],
    ];
    for (const [field, keys] of cases) {
      const res = await asPlayer.send(api.push.subscribe, {
        body: { endpoint: `${receiver.origin}/push/cles-${++seq}`, keys },
      });
      expect(res.status, JSON.stringify(keys)).toBe(400);
      expect(res.error.errors?.[field], JSON.stringify(keys)).toBe(PUSH_MESSAGES.keysInvalid);
    }
    expect(
      await ctx.app.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.memberId, player.id)),
    ).toEqual([]);
  });
});

describe('[security] server-side request forgery', () => {
  it('refuses endpoints that are not https on a public address', async () => {
    const keys = browserSubscription('x').json.keys;
    for (const endpoint of [
      'http://push.example.com/x', // not https
      'https://127.0.0.1/x',
      'https://127.0.0.1:8443/x',
      'https://10.0.0.5/x',
      'https://172.16.3.4/x',
      'https://192.168.1.10/x',
      'https://169.254.169.254/latest/meta-data', // cloud metadata (link-local)
      'https://100.64.0.1/x', // carrier-grade NAT
      'https://0.0.0.0/x',
      'https://[::1]/x',
      'https://[fd00::1]/x',
      'https://[fe80::1]/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://localhost/x',
      'https://printer.local/x',
      'https://user:pass@push.example.com/x',
      `${receiver.origin.replace('127.0.0.1', '127.0.0.10')}/x`, // not the allowed prefix
      // another port than https's of a public host: probing its other services
      'https://142.250.74.10:22/x',
      'https://142.250.74.10:6379/x',
      'https://142.250.74.10:8443/x',
      'https://fcm.googleapis.com:80/x',
      // IPv4-compatible IPv6: the IPv4 it embeds (::7f00:1 is 127.0.0.1)
      'https://[::7f00:1]:9101/',
      'https://[::7f00:1]/x',
      'https://[::a00:5]/x',
      // the allowed origin written as user info of another host
      `${receiver.origin}:x@127.0.0.2:9102/`,
      `${receiver.origin}@127.0.0.2/`,
      `${receiver.origin.replace('http://', 'http://u:p@')}/x`,
      // the allowed host on another port
      `http://127.0.0.1:${Number(new URL(receiver.origin).port) + 1}/x`,
    ]) {
      const res = await asPlayer.send(api.push.subscribe, { body: { endpoint, keys } });
      expect(res.status, endpoint).toBe(400);
      expect(res.error.message, endpoint).toBe(PUSH_MESSAGES.endpointRefused);
    }
    expect(
      await ctx.app.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.memberId, player.id)),
    ).toEqual([]);
  });

  it('a host that resolves to a private address is refused; a public one passes', async () => {
    const resolver = (map: Record<string, string[]>) => async (host: string) => map[host] ?? [];
    await expect(
      checkEndpoint('https://push.evil.test/x', [], resolver({ 'push.evil.test': ['10.1.2.3'] })),
    ).rejects.toBeInstanceOf(PushEndpointRefused);
    await expect(
      checkEndpoint(
        'https://push.mixed.test/x',
        [],
        resolver({ 'push.mixed.test': ['142.250.1.1', '::1'] }),
      ),
    ).rejects.toBeInstanceOf(PushEndpointRefused);
    await expect(
      checkEndpoint(
        'https://fcm.googleapis.com/fcm/send/abc',
        [],
        resolver({ 'fcm.googleapis.com': ['142.250.74.10', '2a00:1450:4007:80f::200a'] }),
      ),
    ).resolves.toBeUndefined();
    expect(isPublicAddress('8.8.8.8')).toBe(true);
    expect(isPublicAddress('::ffff:10.0.0.1')).toBe(false);
    expect(isPublicAddress('2002:a00:1::')).toBe(false); // 6to4 of 10.0.0.1
    expect(isPublicAddress('::7f00:1')).toBe(false); // IPv4-compatible 127.0.0.1
    expect(isPublicAddress('::a00:1')).toBe(false); // 10.0.0.1
    expect(isPublicAddress('::808:808')).toBe(true); // 8.8.8.8
    // the allow-list is compared as origins (scheme, host, port), never as strings
    const allowed = ['http://127.0.0.1:9100'];
    expect(allowedByConfiguration('http://127.0.0.1:9100/x', allowed)).toBe(true);
    expect(allowedByConfiguration('http://127.0.0.1:9100:x@127.0.0.2:9102/', allowed)).toBe(false);
    expect(allowedByConfiguration('http://127.0.0.1:9100@127.0.0.2/', allowed)).toBe(false);
    expect(allowedByConfiguration('http://u:p@127.0.0.1:9100/x', allowed)).toBe(false);
    expect(allowedByConfiguration('http://127.0.0.1:91000/x', allowed)).toBe(false);
    expect(allowedByConfiguration('https://127.0.0.1:9100/x', allowed)).toBe(false);
    expect(allowedByConfiguration('http://127.0.0.1:9000/x', ['http://127.0.0.1'])).toBe(false);
    expect(allowedByConfiguration('http://127.0.0.1:80/x', ['http://127.0.0.1'])).toBe(true);
    expect(allowedByConfiguration('http://127.0.0.10/x', ['http://127.0.0.1'])).toBe(false);
    expect(
      allowedByConfiguration('http://127.0.0.1:9100/push/1', ['http://127.0.0.1:9100/push']),
    ).toBe(true);
    expect(
      allowedByConfiguration('http://127.0.0.1:9100/pushx', ['http://127.0.0.1:9100/push']),
    ).toBe(false);
    // the default https port only, written or not
    expect(checkEndpointSyntax('https://142.250.74.10:443/x', []).port).toBe('');
    expect(() => checkEndpointSyntax('https://142.250.74.10:22/x', [])).toThrow(
      PushEndpointRefused,
    );
    // and the sender never calls the host behind the user info
    expect(() => checkEndpointSyntax('http://127.0.0.1:9100:x@127.0.0.2:9102/', allowed)).toThrow(
      PushEndpointRefused,
    );
  });

  it('checks the address actually connected to (no DNS rebinding between check and send)', async () => {
    const err = await new Promise<Error | null>((resolve) =>
      guardedLookup('localhost', { all: true }, (e) => resolve(e)),
    );
    expect(err).toBeInstanceOf(PushEndpointRefused);
    // A subscription row that points at a loopback address (as if its host had been re-pointed
    // since it was accepted) is never called: the send refuses and drops it.
    const before = receiver.received.length;
    const endpoint = `${receiver.origin.replace('http:', 'https:')}/rebound`;
    const [row] = await ctx.app.db
      .insert(pushSubscriptions)
      .values({
        clubId: club.id,
        memberId: other.id,
        endpoint,
        ...browserSubscription(endpoint).json.keys,
      })
      .returning();
    await ctx.app.db.transaction((tx) =>
      ctx.app.push.notify(tx, {
        clubId: club.id,
        memberIds: [other.id],
        kind: 'annonces',
        message: { titre: 't', corps: 'c', url: '/' },
      }),
    );
    await until('abonnement retiré', async () => (await subscriptionRows(endpoint)).length === 0);
    expect(receiver.received.length).toBe(before);
    expect(row).toBeDefined();
  });
});

describe('sending', () => {
  it('an announcement reaches the device: encrypted (aes128gcm), signed (VAPID), and decrypts to its JSON', async () => {
    const sub = await subscribe(asPlayer);
    const res = await asCoach.send(api.announcements.create, {
      body: {
        titre: 'Terrain fermé',
        contenu: 'Le terrain est fermé ce soir à cause de la pluie. Entraînement au gymnase.',
        equipesIds: [team.id],
      },
    });
    expect(res.status).toBe(201);
    const a = res.body;
    await until('push reçu', () => pushesTo(sub).length === 1);
    const [push] = pushesTo(sub);
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    expect(push!.headers['content-type']).toBe('application/octet-stream');
    expect(Number(push!.headers.ttl)).toBeGreaterThan(0);
    const claims = verifyVapid(push!.headers.authorization, receiver.origin);
    expect(claims.k).toBe((await asPlayer.send(api.push.key)).body.clePublique);
    expect(claims.sub).toBe('mailto:contact@example.org');
    // The body is not the plain text.
    expect(push!.body.toString('latin1')).not.toContain('Terrain');
    expect(messagesOf(sub)).toEqual([
      {
        titre: 'Terrain fermé',
        corps: 'Le terrain est fermé ce soir à cause de la pluie. Entraînement au gymnase.',
        url: `/US%20Push/annonces?annonce=${a.id}`,
      },
    ]);
  });

  it('a convocation reaches the player’s devices; a kind turned off on push does not', async () => {
    const sub = await subscribe(asOther);
    const off = await asOther.send(api.notifications.setPreferences, {
      body: { canaux: { annonces: { push: false } } },
    });
    expect(off.status).toBe(200);
    expect(off.body.canaux.annonces).toEqual({ email: true, push: false });
    expect(off.body.canaux.convocations).toEqual({ email: true, push: true });
    const start = clubLocalDateTime('Europe/Paris', new Date(Date.now() + 5 * 86_400_000));
    const end = clubLocalDateTime(
      'Europe/Paris',
      new Date(Date.now() + 5 * 86_400_000 + 7_200_000),
    );
    const event = await asCoach.send(api.events.create, {
      body: {
        nom: 'Match de coupe',
        type: 'MATCH',
        dateDebut: start,
        dateFin: end,
        lieux: 'Stade',
        equipesIds: [team.id],
        adversaireNom: 'FC Voisin',
        clubId: club.id,
      },
    });
    expect(event.status, event.text).toBe(201);
    expect(event.body.match).toBeTruthy();
    await asCoach.send(api.announcements.create, {
      body: { titre: 'Muette', contenu: 'x', equipesIds: [team.id] },
    });
    await until('convocation reçue', () => pushesTo(sub).length >= 1);
    // The announcement's job ran too (Paul got it), but not on Olga's device.
    await until('annonce pour Paul', async () =>
      receiver.received.some(
        (r) => r.path.startsWith('/push/') && r.path !== new URL(sub.endpoint).pathname,
      ),
    );
    await new Promise((r) => setTimeout(r, 1500));
    const messages = messagesOf(sub);
    expect(messages.map((m) => m.titre)).toEqual([
      // The mail's subject: the match named by its sides, home first (decision 0143).
      expect.stringMatching(/^Convocation : Seniors – FC Voisin le /),
    ]);
    expect(messages[0]!.url).toBe('/US%20Push/Seniors/matche');
  }, 30_000);

  it('several notifications queued at once (a selection): each member’s devices get their own message only', async () => {
    const paul = await subscribe(asPlayer);
    const olga = await subscribe(asOther);
    const queued = await ctx.app.db.transaction((tx) =>
      ctx.app.push.notifyMany(tx, [
        {
          clubId: club.id,
          timezone: 'Europe/Paris',
          memberIds: [player.id],
          kind: 'convocations',
          message: { titre: 'Sélectionné(e)', corps: 'Paul', url: '/' },
        },
        {
          clubId: club.id,
          memberIds: [other.id],
          kind: 'convocations',
          message: { titre: 'Remplaçant(e)', corps: 'Olga', url: '/' },
        },
      ]),
    );
    // Paul now has two devices (the announcement test's and this one), Olga two as well.
    expect(queued).toBeGreaterThanOrEqual(2);
    await until(
      'les deux messages',
      () => pushesTo(paul).length === 1 && pushesTo(olga).length === 1,
    );
    await new Promise((r) => setTimeout(r, 500));
    expect(messagesOf(paul).map((m) => m.corps)).toEqual(['Paul']);
    expect(messagesOf(olga).map((m) => m.corps)).toEqual(['Olga']);
  });

  it('an endpoint answering 410 Gone (or 404) is dropped; 5xx is retried', async () => {
    const gone = await subscribe(asCoach, '/push/gone');
    receiver.answer.set('/push/gone', 410);
    const notFound = await subscribe(asCoach, '/push/not-found');
    receiver.answer.set('/push/not-found', 404);
    await ctx.app.db.transaction((tx) =>
      ctx.app.push.notify(tx, {
        clubId: club.id,
        memberIds: [coach.id],
        kind: 'annonces',
        message: { titre: 'x', corps: 'y', url: '/' },
      }),
    );
    await until('410 retiré', async () => (await subscriptionRows(gone.endpoint)).length === 0);
    await until('404 retiré', async () => (await subscriptionRows(notFound.endpoint)).length === 0);
    expect(pushesTo(gone)).toHaveLength(1);

    const flaky = await subscribe(asCoach, '/push/flaky');
    receiver.answer.set('/push/flaky', 503);
    await ctx.app.db.transaction((tx) =>
      ctx.app.push.notify(tx, {
        clubId: club.id,
        memberIds: [coach.id],
        kind: 'annonces',
        message: { titre: 'flaky', corps: 'y', url: '/' },
      }),
    );
    await until('premier essai', () => pushesTo(flaky).length === 1);
    const { rows } = await ctx.app.database.executeSql(
      `select state from pgboss.job where name = 'push' and (data->>'subscriptionId')::int = $1`,
      [(await subscriptionRows(flaky.endpoint))[0]!.id],
    );
    await until('nouvel essai prévu', async () => {
      const r = await ctx.app.database.executeSql(
        `select state from pgboss.job where name = 'push' and (data->>'subscriptionId')::int = $1`,
        [(await subscriptionRows(flaky.endpoint))[0]!.id],
      );
      return r.rows.some((x) => x.state === 'retry');
    });
    expect(rows.length).toBe(1);
    // Still subscribed: a failing push service is not a gone subscription.
    expect(await subscriptionRows(flaky.endpoint)).toHaveLength(1);
    await ctx.app.db
      .delete(pushSubscriptions)
      .where(
        and(eq(pushSubscriptions.clubId, club.id), eq(pushSubscriptions.endpoint, flaky.endpoint)),
      );
  }, 30_000);
});
