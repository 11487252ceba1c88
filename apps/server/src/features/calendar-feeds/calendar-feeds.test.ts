import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { api, urlOf, type TCalendarSubscription } from '@club/contract';
import {
  createClub,
  createEvent,
  createMatch,
  createMember,
  createTeam,
} from '../../db/factories.ts';
import { calendarFeeds } from '../../db/schema.ts';
import { sha256 } from '../../lib/tokens.ts';
import { buildTestApp, signIn, type TestClient, type TestContext } from '../../test/helper.ts';

/** Personal calendar feed: the secret URL, its filters, revocation, tenant isolation. */
let ctx: TestContext;
let club: { id: number };
let seniors: { id: number; nom: string };
let u17: { id: number; nom: string };
let foreignTeam: { id: number };
let asPlayer: TestClient; // player of Seniors
let asLeader: TestClient;
let asOtherLeader: TestClient;
let playerId: number;
const ev: Record<string, number> = {};

interface ParsedEvent {
  uid: string;
  summary: string;
  location: string | null;
  start: string;
  end: string;
  tzid: string | undefined;
}

/** The feed parsed by an independent parser (ical.js). */
function parse(body: string): ParsedEvent[] {
  const calendar = new ICAL.Component(ICAL.parse(body));
  return calendar.getAllSubcomponents('vevent').map((v) => ({
    uid: String(v.getFirstPropertyValue('uid')),
    summary: String(v.getFirstPropertyValue('summary')),
    location: (v.getFirstPropertyValue('location') as string | null) ?? null,
    start: String(v.getFirstPropertyValue('dtstart')),
    end: String(v.getFirstPropertyValue('dtend')),
    tzid: v.getFirstProperty('dtstart')?.getParameter('tzid') as string | undefined,
  }));
}
const names = (list: ParsedEvent[]) => list.map((e) => e.summary).sort();

/** Subscribes and returns the URL's path (the app is driven with inject). */
async function subscribe(client: TestClient, body: TCalendarSubscription = {}) {
  const res = await client.send(api.calendarFeeds.subscribe, { body });
  expect(res.status, res.text).toBe(201);
  const { url } = res.body;
  expect(url).toMatch(/^http:\/\/localhost:3000\/api\/calendrier\/[A-Za-z0-9_-]{43}\.ics$/);
  return new URL(url).pathname;
}
/** GET without any cookie. */
const fetchFeed = (path: string) => ctx.app.inject({ method: 'GET', url: path });

beforeAll(async () => {
  ctx = await buildTestApp();
  const db = ctx.app.db;
  club = await createClub(db, { timezone: 'Europe/Paris' });
  const other = await createClub(db);
  seniors = await createTeam(db, club.id, { nom: 'Seniors' });
  u17 = await createTeam(db, club.id, { nom: 'U17' });
  foreignTeam = await createTeam(db, other.id, { nom: 'Ailleurs' });
  const player = await createMember(db, club.id, { role: 'JOUEUR', teamId: seniors.id });
  playerId = player.id;
  asPlayer = await signIn(ctx.app, player);
  asLeader = await signIn(ctx.app, await createMember(db, club.id, { role: 'DIRIGEANT' }));
  asOtherLeader = await signIn(ctx.app, await createMember(db, other.id, { role: 'DIRIGEANT' }));

  const mk = (nom: string, type: string, day: string, teamIds: number[]) =>
    createEvent(db, club.id, {
      nom,
      type,
      dateDebut: `${day} 19:00:00`,
      dateFin: `${day} 21:00:00`,
      lieux: 'Gymnase Nord',
      teamIds,
    });
  // Winter (UTC+1) and summer (UTC+2): the wall clock is emitted as is, with the club's TZID.
  ev.winterTraining = (
    await mk('Entraînement seniors hiver', 'ENTRAINEMENT', '2030-01-15', [seniors.id])
  ).id;
  ev.summerTraining = (
    await mk('Entraînement seniors été', 'ENTRAINEMENT', '2030-07-16', [seniors.id])
  ).id;
  ev.u17Training = (await mk('Entraînement U17', 'ENTRAINEMENT', '2030-01-16', [u17.id])).id;
  ev.clubMeeting = (await mk('Assemblée générale', 'REUNION', '2030-02-01', [])).id;
  const { event: match } = await createMatch(db, club.id, {
    homeTeamId: seniors.id,
    awayTeamId: null,
    opponentName: 'AS Voisine',
    dateDebut: '2030-03-10 15:00:00',
    dateFin: '2030-03-10 17:00:00',
    lieux: 'Stade municipal',
  });
  ev.match = match.id;
  await createEvent(db, other.id, { nom: 'Événement ailleurs', teamIds: [foreignTeam.id] });
});
afterAll(async () => {
  await ctx?.close();
});

describe('[calendar-feeds] GET /api/calendrier/{token}.ics', () => {
  it('answers text/calendar without cookie: exactly the player’s events, club wall clock with TZID', async () => {
    const path = await subscribe(asPlayer);
    const res = await fetchFeed(path);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    const events = parse(res.body);
    // The club's zone is described (VTIMEZONE), so that the TZID resolves in any client.
    const vtimezone = new ICAL.Component(ICAL.parse(res.body)).getFirstSubcomponent('vtimezone');
    expect(vtimezone?.getFirstPropertyValue('tzid')).toBe('Europe/Paris');
    // Seniors' events and the club-wide meeting; never U17's nor another club's.
    expect(names(events)).toEqual(
      [
        'Assemblée générale',
        'Entraînement seniors hiver',
        'Entraînement seniors été',
        await matchName(),
      ].sort(),
    );
    const winter = events.find((e) => e.summary === 'Entraînement seniors hiver')!;
    expect(winter).toMatchObject({
      start: '2030-01-15T19:00:00',
      end: '2030-01-15T21:00:00',
      tzid: 'Europe/Paris',
      location: 'Gymnase Nord',
    });
    const summer = events.find((e) => e.summary === 'Entraînement seniors été')!;
    expect(summer).toMatchObject({ start: '2030-07-16T19:00:00', tzid: 'Europe/Paris' });
    // UIDs are stable: one per event, the same at the next poll.
    expect(new Set(events.map((e) => e.uid)).size).toBe(events.length);
    const again = parse((await fetchFeed(path)).body);
    expect(again.map((e) => e.uid).sort()).toEqual(events.map((e) => e.uid).sort());
  });

  it('folds long lines at 75 octets without cutting a character (RFC 5545 §3.1)', async () => {
    // Accents (2 octets in UTF-8), a typographic apostrophe (3) and an emoji (4, a surrogate
    // pair in JavaScript) on lines far past 75 octets: the folding ical-generator does, with
    // the fix of patches/ical-generator+10.2.0.patch (decision 0097).
    const db = ctx.app.db;
    const elsewhere = await createClub(db, { timezone: 'Europe/Paris' });
    const leader = await signIn(
      ctx.app,
      await createMember(db, elsewhere.id, { role: 'DIRIGEANT' }),
    );
    const nom = `Réunion d’après-saison — éducateurs, bénévoles et arbitres ⚽🏆 ${'é'.repeat(90)}`;
    const lieux = `Salle polyvalente ${'🏟️'.repeat(30)} Île-de-Nantes, près du gymnase Léo-Lagrange`;
    await createEvent(db, elsewhere.id, {
      nom,
      type: 'REUNION',
      lieux,
      dateDebut: '2030-05-02 18:00:00',
      dateFin: '2030-05-02 20:00:00',
    });
    const res = await fetchFeed(await subscribe(leader));
    expect(res.statusCode, res.body).toBe(200);
    const raw = Buffer.from(res.body, 'utf8');
    const lines = res.body.split('\r\n');
    expect(lines.some((l) => l.startsWith(' '))).toBe(true); // some lines were folded
    for (const line of lines) {
      expect(Buffer.byteLength(line, 'utf8'), line).toBeLessThanOrEqual(75);
      expect(line).not.toMatch(/[\uD800-\uDBFF]$|^ ?[\uDC00-\uDFFF]/); // no pair cut in two
    }
    expect(raw.toString('utf8')).toBe(res.body); // every octet sequence decodes
    const [event] = parse(res.body);
    expect(event).toMatchObject({ summary: nom, location: lieux });
  });

  it('a leader’s feed filtered on one team: that team’s events and those with no team', async () => {
    const events = parse((await fetchFeed(await subscribe(asLeader, { equipeId: u17.id }))).body);
    expect(names(events)).toEqual(['Assemblée générale', 'Entraînement U17']);
  });

  it('matches only: the match, with its place and opponent', async () => {
    const res = await fetchFeed(await subscribe(asPlayer, { matchesSeulement: true }));
    const events = parse(res.body);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      summary: await matchName(),
      location: 'Stade municipal',
      start: '2030-03-10T15:00:00',
      tzid: 'Europe/Paris',
    });
    expect(res.body).toContain('AS Voisine');
  });

  it('a new subscription revokes the previous URL; DELETE revokes the current one', async () => {
    const first = await subscribe(asPlayer);
    const second = await subscribe(asPlayer);
    expect(second).not.toBe(first);
    expect((await fetchFeed(first)).statusCode).toBe(404);
    expect((await fetchFeed(second)).statusCode).toBe(200);
    const res = await asPlayer.send(api.calendarFeeds.revoke);
    expect(res.status, res.text).toBe(200);
    expect((await fetchFeed(second)).statusCode).toBe(404);
    const live = await ctx.app.db
      .select()
      .from(calendarFeeds)
      .where(eq(calendarFeeds.memberId, playerId));
    expect(live.every((f) => f.revokedAt !== null)).toBe(true);
  });

  it('answers 304 to If-None-Match while nothing changed, 200 once an event changes', async () => {
    const path = await subscribe(asPlayer);
    const first = await fetchFeed(path);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const headers = { 'if-none-match': etag };
    expect((await ctx.app.inject({ method: 'GET', url: path, headers })).statusCode).toBe(304);
    await createEvent(ctx.app.db, club.id, { nom: 'Nouvelle séance', teamIds: [seniors.id] });
    const changed = await ctx.app.inject({ method: 'GET', url: path, headers });
    expect(changed.statusCode).toBe(200);
    expect(names(parse(changed.body))).toContain('Nouvelle séance');
  });

  it('unknown or malformed tokens answer 404 in JSON', async () => {
    const unknown = await fetchFeed(
      urlOf(api.calendarFeeds.feed, { params: { fichier: `${'A'.repeat(43)}.ics` } }),
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toHaveProperty('message');
    expect(
      (await fetchFeed(urlOf(api.calendarFeeds.feed, { params: { fichier: 'abc.ics' } })))
        .statusCode,
    ).toBe(404);
    // The subscription's state is a signed-in read: no cookie, no answer.
    expect((await fetchFeed(urlOf(api.calendarFeeds.state))).statusCode).toBe(401);
  });

  it('only the token’s hash is stored', async () => {
    const path = await subscribe(asPlayer);
    const token = path
      .split('/')
      .pop()!
      .replace(/\.ics$/, '');
    const rows = await ctx.app.db.select().from(calendarFeeds);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    expect(rows.some((r) => r.tokenHash === sha256(token))).toBe(true);
  });
});

describe('[calendar-feeds] GET /api/calendrier/abonnement', () => {
  it('says whether a feed is live, since when and with which filters, never its address', async () => {
    const asLeaderFresh = await signIn(
      ctx.app,
      await createMember(ctx.app.db, club.id, { role: 'DIRIGEANT' }),
    );
    const none = await asLeaderFresh.send(api.calendarFeeds.state);
    expect(none.status, none.text).toBe(200);
    expect(none.body).toEqual({ abonnement: null });

    const before = Date.now();
    const path = await subscribe(asLeaderFresh, { equipeId: u17.id, matchesSeulement: true });
    const res = await asLeaderFresh.send(api.calendarFeeds.state);
    expect(res.status, res.text).toBe(200);
    const { abonnement } = res.body;
    expect(abonnement?.equipe).toEqual({ id: u17.id, nom: 'U17' });
    expect(abonnement?.matchesSeulement).toBe(true);
    expect(Math.abs(Date.parse(abonnement!.creeLe) - before)).toBeLessThan(60_000);
    const token = path
      .split('/')
      .pop()!
      .replace(/\.ics$/, '');
    expect(res.text).not.toContain(token);

    // All my teams: no team; after DELETE, no feed.
    await subscribe(asLeaderFresh);
    const all = (await asLeaderFresh.send(api.calendarFeeds.state)).body;
    expect(all.abonnement).toMatchObject({ equipe: null, matchesSeulement: false });
    await asLeaderFresh.send(api.calendarFeeds.revoke);
    expect((await asLeaderFresh.send(api.calendarFeeds.state)).body).toEqual({
      abonnement: null,
    });
  });

  it('is the member’s own: another member’s feed is not shown', async () => {
    await subscribe(asPlayer, { matchesSeulement: true });
    const other = await signIn(
      ctx.app,
      await createMember(ctx.app.db, club.id, { role: 'JOUEUR', teamId: seniors.id }),
    );
    expect((await other.send(api.calendarFeeds.state)).body).toEqual({ abonnement: null });
  });
});

describe('[calendar-feeds] POST /api/calendrier/abonnement', () => {
  it('a team whose events the player may not read → 403', async () => {
    const res = await asPlayer.send(api.calendarFeeds.subscribe, { body: { equipeId: u17.id } });
    expect(res.status).toBe(403);
  });

  it('another club’s team → 404, and no feed of that club is created', async () => {
    const res = await asPlayer.send(api.calendarFeeds.subscribe, {
      body: { equipeId: foreignTeam.id },
    });
    expect(res.status).toBe(404);
    const theirs = await asOtherLeader.send(api.calendarFeeds.subscribe, {
      body: { equipeId: seniors.id },
    });
    expect(theirs.status).toBe(404);
  });

  it('another club’s leader gets nothing of this club in their own feed', async () => {
    const body = (await fetchFeed(await subscribe(asOtherLeader))).body;
    expect(names(parse(body))).toEqual(['Événement ailleurs']);
  });

  it('refuses bad bodies with 400 and needs a session', async () => {
    const subscribeBadly = (payload: object) =>
      asPlayer.raw({
        method: 'POST',
        url: urlOf(api.calendarFeeds.subscribe, { body: {} }),
        payload,
      });
    expect((await subscribeBadly({ equipeId: 'x' })).statusCode).toBe(400);
    expect((await subscribeBadly({ matchesSeulement: 'oui' })).statusCode).toBe(400);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: urlOf(api.calendarFeeds.subscribe, { body: {} }),
      payload: {},
    });
    expect([401, 403]).toContain(anonymous.statusCode);
  });
});

/** The match's title in the feed: both sides, the home side first ('Seniors – AS Voisine'). */
async function matchName() {
  const e = (await asLeader.send(api.events.get, { params: { id: ev.match! } })).body;
  return `${e.equipes[0]!.nom} – ${e.adversaire}`;
}
