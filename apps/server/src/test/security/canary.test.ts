import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API_DOCS_PATH, api, type EndpointSpec } from '@club/contract';
import {
  announcements,
  announcementTeams,
  clubs,
  conversations,
  messages,
} from '../../db/schema.ts';
import {
  createConvocation,
  createEvent,
  createMember,
  createTeam,
  linkGuardian,
  setMemberTeams,
} from '../../db/factories.ts';
import { matchSync } from '../../features/matches/matches.sync.ts';
import { buildTestApp, type TestClient, type TestContext } from '../helper.ts';
import { waitForMailQueueIdle } from '../http-utils.ts';
import {
  PRINCIPALS,
  buildGridWorld,
  isInfrastructureRoute,
  type GridWorld,
  type Principal,
} from '../policy-grid.ts';

/**
 * The canary scan: club B is seeded with unique strings (its name, town, address,
 * description, teams, members' names, e-mails, phones and positions, events, places, opponents,
 * absence justifications); every GET route — lists, searches, dashboards, the calendar feed — is
 * crawled as every member of club A with every id of both clubs, and every e-mail sent to club A's
 * members is read: no canary anywhere. A marker of club A's own data must show up (the crawl reads
 * real answers, not only refusals).
 */
const CANARY = 'zqcanari';
/** A canary string: the marker, a number, and a word, so that each one is unique. */
let n = 0;
const canary = (what: string) => `${CANARY}${++n}${what}`;
const OWN = 'zqpropre';

let ctx: TestContext;
let w: GridWorld;
let clients: Record<Principal, TestClient>;
const ids = {
  club: [] as number[],
  team: [] as number[],
  member: [] as number[],
  event: [] as number[],
  match: [] as number[],
  announcement: [] as number[],
  conversation: [] as number[],
};
const teamNames: [number, string][] = [];

beforeAll(async () => {
  ctx = await buildTestApp();
  ({ world: w, clients } = await buildGridWorld(ctx.app));
  const db = ctx.app.db;

  // club B, every text a canary
  await db
    .update(clubs)
    .set({
      nom: canary('Club'),
      ville: canary('Ville'),
      adresse: canary('Adresse'),
      description: canary('Description'),
      telephone: '0299999999',
    })
    .where(eq(clubs.id, w.otherClub.id));
  const bTeams = [
    w.otherTeam,
    await createTeam(db, w.otherClub.id, {
      nom: canary('Equipe'),
      categorie: canary('Categorie'),
      division: canary('Division'),
    }),
  ];
  const bMember = (role: 'JOUEUR' | 'PARENT' | 'ENTRAINEUR', teamId: number) =>
    createMember(db, w.otherClub.id, {
      role,
      teamId,
      nom: canary('Nom'),
      prenom: canary('Prenom'),
      email: `${canary('mail')}@canari-b.example`,
      telephone: '0677777777',
      poste: canary('Poste'),
      numeroLicence: canary('Licence'),
    });
  const bPlayers = [];
  for (const t of bTeams) {
    await bMember('ENTRAINEUR', t.id);
    const p = await bMember('JOUEUR', t.id);
    bPlayers.push(p);
    const parent = await bMember('PARENT', t.id);
    await linkGuardian(db, w.otherClub.id, parent.id, p.id);
    await setMemberTeams(
      db,
      w.otherClub.id,
      p.id,
      bTeams.map((x) => x.id),
    );
    const event = await createEvent(db, w.otherClub.id, {
      nom: canary('Evenement'),
      lieux: canary('Lieu'),
      teamIds: [t.id],
    });
    ids.event.push(event.id);
    const matchEvent = await createEvent(db, w.otherClub.id, {
      nom: canary('Match'),
      type: 'MATCH',
      lieux: canary('Stade'),
      dateDebut: '2099-04-01 15:00:00',
      dateFin: '2099-04-01 17:00:00',
      teamIds: [t.id],
    });
    const { matchId } = await db.transaction((tx) =>
      matchSync.upsertForEvent(tx, w.otherClub.id, matchEvent.id, {
        homeTeamId: t.id,
        awayTeamId: null,
        opponentName: canary('Adversaire'),
      }),
    );
    ids.event.push(matchEvent.id);
    ids.match.push(matchId);
    await createConvocation(db, w.otherClub.id, matchId, parent.id, {
      statutPresence: 'INDISPONIBLE',
      justification: canary('Justification'),
    }).catch(() => undefined); // the match already convoked its players: one more row for the parent
  }
  // an event for every team of club B (no team named)
  ids.event.push(
    (await createEvent(db, w.otherClub.id, { nom: canary('Fete'), lieux: canary('Salle') })).id,
  );

  // announcements of club B: to one of its teams and to the whole club
  const bAuthor = await createMember(db, w.otherClub.id, {
    role: 'DIRIGEANT',
    nom: canary('Auteur'),
  });
  for (const teamId of [bTeams[0]!.id, null]) {
    const [a] = await db
      .insert(announcements)
      .values({
        clubId: w.otherClub.id,
        authorId: bAuthor.id,
        titre: canary('Annonce'),
        contenu: canary('Contenu'),
        clubWide: teamId === null,
      })
      .returning({ id: announcements.id });
    if (teamId)
      await db
        .insert(announcementTeams)
        .values({ announcementId: a!.id, teamId, clubId: w.otherClub.id });
    ids.announcement.push(a!.id);
  }

  // a conversation of club B's first team, its title and its message canaries
  const [bConversation] = await db
    .insert(conversations)
    .values({
      clubId: w.otherClub.id,
      type: 'EQUIPE',
      titre: canary('Conversation'),
      teamId: bTeams[0]!.id,
    })
    .returning({ id: conversations.id });
  await db.insert(messages).values({
    clubId: w.otherClub.id,
    conversationId: bConversation!.id,
    authorId: bAuthor.id,
    contenu: canary('Message'),
  });
  ids.conversation.push(bConversation!.id);

  // club A: its own data carries a marker, so that the crawl is seen to read real answers
  const aEvent = await createEvent(db, w.club.id, {
    nom: `${OWN} séance`,
    lieux: 'Gymnase',
    teamIds: [w.t1.id],
  });
  const aMatchEvent = await createEvent(db, w.club.id, {
    nom: `${OWN} match`,
    type: 'MATCH',
    lieux: 'Stade',
    dateDebut: '2099-04-02 15:00:00',
    dateFin: '2099-04-02 17:00:00',
    teamIds: [w.t1.id],
  });
  const { matchId: aMatch } = await db.transaction((tx) =>
    matchSync.upsertForEvent(tx, w.club.id, aMatchEvent.id, {
      homeTeamId: w.t1.id,
      awayTeamId: null,
      opponentName: `${OWN} adversaire`,
    }),
  );

  ids.club.push(w.club.id, w.otherClub.id);
  ids.team.push(w.t1.id, w.t2.id, w.t3.id, ...bTeams.map((t) => t.id));
  ids.member.push(w.player1.id, w.player2.id, w.me.AUTRE_CLUB.id, ...bPlayers.map((p) => p.id));
  const [aAnnouncement] = await db
    .insert(announcements)
    .values({
      clubId: w.club.id,
      authorId: w.me.DIRIGEANT.id,
      titre: `${OWN} annonce`,
      contenu: 'Pour tout le club.',
      clubWide: true,
    })
    .returning({ id: announcements.id });
  ids.announcement.push(aAnnouncement!.id);
  const [aConversation] = await db
    .insert(conversations)
    .values({ clubId: w.club.id, type: 'EQUIPE', titre: `${OWN} conversation`, teamId: w.t1.id })
    .returning({ id: conversations.id });
  ids.conversation.push(aConversation!.id);
  ids.event.push(aEvent.id, aMatchEvent.id);
  ids.match.push(aMatch);
  teamNames.push(
    [w.club.id, w.t1.nom],
    [w.otherClub.id, w.otherTeam.nom],
    ...bTeams.map((t): [number, string] => [w.otherClub.id, t.nom]),
  );
}, 180_000); // the world is built through the factories: slow on a loaded machine
afterAll(async () => {
  await ctx?.close();
});

/**
 * What a route's `:id` names, by its path: the kind of the first declared route whose path up to
 * its `:id` begins it (a team's matches before a match, a club's tariffs with the club).
 */
const ID_KINDS: [EndpointSpec, keyof typeof ids][] = [
  [api.matches.listTeam, 'team'],
  [api.teams.get, 'team'],
  [api.dashboard.events, 'team'],
  [api.dashboard.members, 'team'],
  [api.members.get, 'member'],
  [api.events.get, 'event'],
  [api.matches.get, 'match'],
  [api.clubs.get, 'club'],
  [api.announcements.receipts, 'announcement'],
  [api.conversations.messages, 'conversation'],
];
function kindOf(route: string): keyof typeof ids {
  const kind = ID_KINDS.find(([e]) => route.startsWith(e.path.slice(0, e.path.indexOf(':'))));
  if (!kind) throw new Error(`canary scan: what does :id name in ${route}?`);
  return kind[1];
}

/** Every value a path or query parameter of that name gets during the crawl. */
function valuesFor(name: string, route: string): string[] {
  if (/^club/i.test(name)) return ids.club.map(String);
  if (name === 'id') return ids[kindOf(route)].map(String);
  if (/^(equipe|team)/i.test(name)) return ids.team.map(String);
  if (/equipe|team/i.test(name) && /nom/i.test(name)) return teamNames.map(([, nom]) => nom);
  if (/id$/i.test(name)) return [...new Set(Object.values(ids).flat())].map(String);
  if (/nom|q|recherche|search/i.test(name)) return [CANARY, 'a', ''];
  return [];
}

/** The URLs of a GET route: each path parameter takes each of its values (the others the first). */
function urlsFor(pattern: string, queryNames: string[]): string[] {
  const params: string[] = pattern.match(/:[A-Za-z]+/g) ?? [];
  const first = Object.fromEntries(
    params.map((p) => [p, valuesFor(p.slice(1), pattern)[0] ?? '1']),
  );
  const fill = (vals: Record<string, string>) =>
    pattern.replace(/:[A-Za-z]+/g, (p) => encodeURIComponent(vals[p]!));
  const paths = new Set<string>([fill(first)]);
  for (const p of params)
    for (const v of valuesFor(p.slice(1), pattern)) paths.add(fill({ ...first, [p]: v }));
  // team pages: each club with each of its team names
  if (params.includes(':clubId') && params.includes(':nomEquipe'))
    for (const [club, nom] of teamNames)
      paths.add(fill({ ':clubId': String(club), ':nomEquipe': nom }));
  const urls: string[] = [];
  for (const path of paths) {
    urls.push(path);
    for (const q of queryNames)
      for (const v of valuesFor(q, pattern)) urls.push(`${path}?${q}=${encodeURIComponent(v)}`);
    // club and team together (team searches)
    if (queryNames.includes('clubId') && queryNames.includes('nomEquipe'))
      for (const [club, nom] of teamNames)
        urls.push(`${path}?clubId=${club}&nomEquipe=${encodeURIComponent(nom)}`);
  }
  return urls;
}

const CLUB_A = PRINCIPALS.filter((p) => p !== 'AUTRE_CLUB');
const hits: string[] = [];
let requests = 0;
let ownSeen = 0;
let okAnswers = 0;
let getRoutes: string[] = [];
let openapi: {
  paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
};
const feeds: string[] = [];

describe('[security] canary scan: nothing of club B reaches a member of club A', () => {
  it('each member of club A subscribes to a calendar feed (crawled like any GET)', async () => {
    // The OpenAPI document is no endpoint of the contract: its path is the contract's constant.
    openapi = (await ctx.app.inject({ method: 'GET', url: `${API_DOCS_PATH}/json` })).json();
    getRoutes = ctx.app.registeredRoutes
      .filter((r) => r.method === 'GET' && !isInfrastructureRoute(`GET ${r.url}`))
      .map((r) => r.url);
    expect(getRoutes.length).toBeGreaterThan(20);
    for (const p of CLUB_A) {
      if (p === 'ANONYME') continue;
      const res = await clients[p].send(api.calendarFeeds.subscribe, { body: {} });
      expect(res.status, res.text).toBe(201);
      feeds.push(new URL(res.body.url, 'http://x').pathname);
    }
  });

  for (const p of CLUB_A) {
    it(`${p}: every GET route × every id of both clubs: 0 hits`, { timeout: 120_000 }, async () => {
      const before = hits.length;
      for (const route of getRoutes) {
        const queryNames = (
          openapi.paths[route.replace(/:([A-Za-z]+)/g, '{$1}')]?.get?.parameters ?? []
        )
          .filter((x) => x.in === 'query')
          .map((x) => x.name);
        const urls = route === api.calendarFeeds.feed.path ? feeds : urlsFor(route, queryNames);
        for (const url of urls) {
          // every registered GET route with every id: a crawl, which no declaration types
          const res = await clients[p].raw({ method: 'GET', url });
          requests++;
          expect(res.statusCode, `${p} ${url}`).toBeLessThan(500);
          if (res.statusCode === 200) okAnswers++;
          const text = res.rawPayload.toString('utf8').toLowerCase();
          if (text.includes(CANARY)) hits.push(`${p} GET ${url} → ${res.statusCode}`);
          if (text.includes(OWN)) ownSeen++;
        }
      }
      expect(hits.slice(before)).toEqual([]);
    });
  }

  it(
    'the mails sent to club A (invitations, a reset link): 0 hits; in all 0 hits',
    { timeout: 60_000 },
    async () => {
      const dirigeant = clients.DIRIGEANT;
      const created = await dirigeant.send(api.members.create, {
        body: {
          nom: 'Invité',
          prenom: 'Nouveau',
          dateDeNaissance: '2001-02-03',
          genre: 'Homme',
          email: `invite.${Date.now()}@club-a.example`,
          numeroTelephone: '0611223344',
          role: 'JOUEUR',
          nomEquipe: w.t1.nom,
          clubId: w.club.id,
        },
      });
      expect(created.status, created.text).toBe(201);
      const invited = await createMember(ctx.app.db, w.club.id, {
        password: null,
        teamId: w.t1.id,
      });
      expect(
        (await dirigeant.send(api.members.resendInvitation, { params: { id: invited.id } })).status,
      ).toBe(200);
      const reset = await clients.ANONYME.send(api.auth.forgotPassword, {
        body: { email: w.me.JOUEUR.email },
      });
      expect(reset.status, reset.text).toBeLessThan(300);
      await waitForMailQueueIdle(ctx, 20_000);
      const aAddresses = new Set(
        [...Object.values(w.me), w.player1, w.player2, w.player3, invited]
          .filter((m) => m.clubId === w.club.id)
          .map((m) => m.email.toLowerCase()),
      );
      aAddresses.add(created.body.email!.toLowerCase());
      const aMails = ctx.smtp.mails.filter((m) =>
        m.to.some((t) => aAddresses.has(t.toLowerCase())),
      );
      expect(aMails.length).toBeGreaterThanOrEqual(3);
      for (const m of aMails)
        if (`${m.subject}\n${m.raw}\n${m.text}\n${m.html}`.toLowerCase().includes(CANARY))
          hits.push(`mail to ${m.to.join(',')}: ${m.subject}`);

      console.info(
        `[security] canary scan: ${requests} GET (${okAnswers} answered 200) by ${CLUB_A.length} principals, ${aMails.length} mails, ${n} canaries, ${hits.length} hits`,
      );
      expect(hits).toEqual([]);
      // the crawl read club A's own data (the feeds, events, matches) — it is not only refusals
      expect(requests).toBeGreaterThan(500);
      expect(ownSeen).toBeGreaterThan(20);
      expect(okAnswers).toBeGreaterThan(requests / 10);
    },
  );

  it('the canaries are there to find: club B’s own DIRIGEANT sees them', async () => {
    const res = await clients.AUTRE_CLUB.send(api.members.listClub, {
      params: { clubId: w.otherClub.id },
    });
    expect(res.status).toBe(200);
    expect(res.text.toLowerCase()).toContain(CANARY);
  });
});
