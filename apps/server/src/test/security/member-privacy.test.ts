/**
 * Who sees which member field (docs/privacy.md, packages/contract/src/privacy.ts), checked on every
 * route that answers members. The list of such routes is read from the server's route table: each
 * registered route's 2xx response schemas are walked for member-shaped objects (a zod object with
 * `nom` and `prenom`); a route found there without a case below fails the first test, so a new
 * route that returns members cannot forget the projection.
 *
 * The world: team « Seniors » with a coach C (adult), an adult player A (not sharing, injured), an
 * adult player S (sharing his e-mail and phone), a minor player M (15, sharing forced on in the
 * database: a minor's details must stay private anyway; suspended), a parent P (M's guardian).
 * Readers, one per kind: the member themself, a guardian, the DIRIGEANT, a RESPONSABLE, another
 * coach of the team, another player X and another parent Q of the team.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MEMBER_FIELD_MESSAGES, PRIVACY_MESSAGES, api, routeKey } from '@club/contract';
import {
  createClub,
  createConvocation,
  createEvent,
  createMatch,
  createMember,
  createTeam,
  linkGuardian,
  setMemberHats,
} from '../../db/factories.ts';
import { eventPresences, members, oneTimeTokens } from '../../db/schema.ts';
import { createLinkTokens } from '../../features/notifications/notifications.tokens.ts';
import { sha256 } from '../../lib/tokens.ts';
import { buildTestApp, signIn, TestClient, type TestContext } from '../helper.ts';
import { gridCall, send, type GridCall } from '../policy-grid.ts';

/* ------------------------------------------------------------------ the field table */
/* (docs/privacy.md §3; the rule itself: packages/contract/src/privacy.ts) */

const HEALTH = ['statut'];
const CONTACT = ['email', 'numeroTelephone'];
const PERSONAL = ['dateDeNaissance', 'genre', 'numeroLicence', 'taille', 'poids'];
const OWN = ['partageCoordonnees'];
const PRIVATE = [...HEALTH, ...CONTACT, ...PERSONAL, ...OWN];

const READER_KINDS = [
  'self',
  'guardian',
  'DIRIGEANT',
  'RESPONSABLE',
  'coach',
  'player',
  'parent',
] as const;
type ReaderKind = (typeof READER_KINDS)[number];
/** The rows of the table: the family, the staff, the other families of a shared team. */
const ROW: Record<ReaderKind, 'family' | 'staff' | 'otherFamilies'> = {
  self: 'family',
  guardian: 'family',
  DIRIGEANT: 'staff',
  RESPONSABLE: 'staff',
  coach: 'staff',
  player: 'otherFamilies',
  parent: 'otherFamilies',
};
const TARGETS = ['coach', 'adult', 'sharingAdult', 'minor', 'parent'] as const;
type TargetName = (typeof TARGETS)[number];

/** The private fields a reader of that kind sees of that member, straight from the table. */
function visible(kind: ReaderKind, target: TargetName): Set<string> {
  switch (ROW[kind]) {
    case 'family':
      return new Set(PRIVATE);
    case 'staff':
      return new Set([...HEALTH, ...CONTACT, ...PERSONAL]);
    case 'otherFamilies':
      // coaches' always; an adult's only when shared; a minor's never (even when "shared")
      return new Set(target === 'coach' || target === 'sharingAdult' ? CONTACT : []);
  }
}

/* ------------------------------------------------------------------ schemas */

type ZodLike = { _zod?: { def?: Record<string, unknown> & { type: string } } };

/** The key lists of the member-shaped objects (with nom and prenom) a zod schema can hold. */
export function memberShapes(schema: unknown): string[][] {
  const out: string[][] = [];
  const seen = new Set<unknown>();
  const walk = (s: unknown) => {
    if (!s || typeof s !== 'object' || seen.has(s)) return;
    seen.add(s);
    const def = (s as ZodLike)._zod?.def;
    if (!def) return;
    const d = def as Record<string, unknown>;
    switch (def.type) {
      case 'object': {
        const shape = d.shape as Record<string, unknown>;
        const keys = Object.keys(shape);
        if (keys.includes('nom') && keys.includes('prenom')) out.push(keys);
        for (const k of keys) walk(shape[k]);
        break;
      }
      case 'array':
        walk(d.element);
        break;
      case 'union':
        for (const o of d.options as unknown[]) walk(o);
        break;
      case 'intersection':
        walk(d.left);
        walk(d.right);
        break;
      case 'tuple':
        for (const o of d.items as unknown[]) walk(o);
        break;
      case 'record':
        walk(d.valueType);
        break;
      case 'pipe':
        walk(d.in);
        walk(d.out);
        break;
      case 'lazy':
        walk((d.getter as () => unknown)());
        break;
      default:
        if ('innerType' in d) walk(d.innerType);
    }
  };
  walk(schema);
  return out;
}

/* ------------------------------------------------------------------ the world */

type Member = Awaited<ReturnType<typeof createMember>>;
let ctx: TestContext;
let club: { id: number };
let team: { id: number; nom: string };
let target: Record<TargetName, Member>;
let readerOf: Record<Exclude<ReaderKind, 'self' | 'guardian'>, Member>;
let client: Map<number, TestClient>;
let matchId: number;
let trainingId: number;

const minorBirthDate = () => {
  const d = new Date();
  return `${d.getUTCFullYear() - 15}-03-16`;
};

beforeAll(async () => {
  ctx = await buildTestApp({ PASSWORD_CHANGES_PER_MEMBER: '1000' });
  const db = ctx.app.db;
  club = await createClub(db);
  team = await createTeam(db, club.id, { nom: 'Seniors' });
  const m = (over: Parameters<typeof createMember>[2]) =>
    createMember(db, club.id, { teamId: team.id, ...over });
  target = {
    coach: await m({ role: 'ENTRAINEUR', nom: 'Coach', dateNaissance: '1980-02-02' }),
    adult: await m({
      role: 'JOUEUR',
      nom: 'Adulte',
      statut: 'Blessé',
      numeroLicence: 'LIC-ADULTE',
      taille: 181,
      poids: 77,
      dateNaissance: '1995-06-07',
    }),
    sharingAdult: await m({
      role: 'JOUEUR',
      nom: 'Partage',
      dateNaissance: '1996-01-01',
      partageCoordonnees: true,
    }),
    minor: await m({
      role: 'JOUEUR',
      nom: 'Mineur',
      statut: 'Suspendu',
      dateNaissance: minorBirthDate(),
    }),
    parent: await m({ role: 'PARENT', nom: 'Parent', dateNaissance: '1978-04-04' }),
  };
  // A minor's choice to share is not accepted by the server; forced here, it must change nothing.
  await db.update(members).set({ partageCoordonnees: true }).where(eq(members.id, target.minor.id));
  await linkGuardian(db, club.id, target.parent.id, target.minor.id);
  readerOf = {
    DIRIGEANT: await createMember(db, club.id, { role: 'DIRIGEANT', nom: 'Dirigeant' }),
    RESPONSABLE: await createMember(db, club.id, { role: 'RESPONSABLE', nom: 'Responsable' }),
    coach: await m({ role: 'ENTRAINEUR', nom: 'Adjoint' }),
    player: await m({ role: 'JOUEUR', nom: 'Coéquipier' }),
    parent: await m({ role: 'PARENT', nom: 'Autreparent' }),
  };
  client = new Map();
  for (const member of [...Object.values(target), ...Object.values(readerOf)])
    client.set(member.id, await signIn(ctx.app, member));

  const { match } = await createMatch(db, club.id, {
    homeTeamId: team.id,
    opponentName: 'Visiteurs',
    dateDebut: '2099-05-01 15:00:00',
    dateFin: '2099-05-01 17:00:00',
  });
  matchId = match.id;
  for (const p of [target.adult, target.sharingAdult, target.minor])
    await createConvocation(db, club.id, matchId, p.id);
  trainingId = (
    await createEvent(db, club.id, {
      teamIds: [team.id],
      dateDebut: '2099-05-02 18:00:00',
      dateFin: '2099-05-02 20:00:00',
    })
  ).id;
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

/** Who reads which targets, for each kind. */
function pairs(kind: ReaderKind): { reader: Member; name: TargetName; member: Member }[] {
  if (kind === 'self')
    return TARGETS.map((name) => ({ reader: target[name], name, member: target[name] }));
  if (kind === 'guardian') return [{ reader: target.parent, name: 'minor', member: target.minor }];
  return TARGETS.map((name) => ({ reader: readerOf[kind], name, member: target[name] }));
}

/* ------------------------------------------------------------------ the routes */

interface ProjectedCase {
  kind: 'projected';
  /** Whether the reader gets an answer (from the permission tables); otherwise 403. */
  answers: (k: ReaderKind, t: TargetName) => boolean;
  /** Targets the route can name at all (a convocation list holds players only). */
  about?: readonly TargetName[];
  call: (reader: Member, member: Member) => GridCall;
  /** The id of the member the answer is about (default: the target's). */
  subjectId?: (json: unknown, member: Member) => number;
}
interface NamesOnlyCase {
  /**
   * The route names members (an author, who read an announcement) but its answer schema holds no
   * field of the table beyond the names: nothing to project, whoever reads it.
   */
  kind: 'namesOnly';
}
interface HolderCase {
  /** The route answers its caller (or the holder of a token) about themselves or their child. */
  kind: 'holder';
  check: () => Promise<void>;
}

const PLAYERS = ['adult', 'sharingAdult', 'minor'] as const satisfies readonly TargetName[];
const everyone = () => true;
const leaders = (k: ReaderKind) => k === 'DIRIGEANT' || k === 'RESPONSABLE';
/** A member list asked without paging: the list side of the declared answer (a page fails). */
function unpaged<T>(body: T[] | { content: T[] }): T[] {
  if (!Array.isArray(body))
    throw new Error(`une page au lieu de la liste : ${JSON.stringify(body)}`);
  return body;
}
const teamParams = () => ({ clubId: club.id, nomEquipe: team.nom });
const teamSearch = () => ({ clubId: club.id, nomEquipe: team.nom });
let seq = 0;

const CASES: Record<string, ProjectedCase | HolderCase | NamesOnlyCase> = {
  [routeKey(api.members.listClub)]: {
    kind: 'projected',
    answers: leaders,
    call: () => gridCall(api.members.listClub, { params: { clubId: club.id } }),
  },
  [routeKey(api.members.searchClub)]: {
    kind: 'projected',
    answers: leaders,
    call: (_r, m) =>
      gridCall(api.members.searchClub, {
        params: { clubId: club.id },
        query: { nom: m.nom, page: 0, size: 50 },
      }),
  },
  [routeKey(api.members.searchTeam)]: {
    kind: 'projected',
    answers: everyone,
    call: (_r, m) => gridCall(api.members.searchTeam, { query: { ...teamSearch(), nom: m.nom } }),
  },
  [routeKey(api.members.listTeam)]: {
    kind: 'projected',
    answers: everyone,
    call: () => gridCall(api.members.listTeam, { params: teamParams() }),
  },
  [routeKey(api.members.get)]: {
    kind: 'projected',
    answers: everyone,
    call: (_r, m) => gridCall(api.members.get, { params: { id: m.id } }),
  },
  [routeKey(api.members.update)]: {
    kind: 'projected',
    // an empty update answers the member to whoever may edit some field of it
    answers: (k, t) =>
      k === 'self' || leaders(k) || (k === 'coach' && (PLAYERS as readonly string[]).includes(t)),
    call: (_r, m) => gridCall(api.members.update, { params: { id: m.id }, body: {} }),
  },
  [routeKey(api.members.create)]: {
    kind: 'projected',
    // a new adult member of the team, answered to the leader who creates it
    answers: leaders,
    about: ['adult'],
    call: () =>
      gridCall(api.members.create, {
        body: {
          nom: 'Nouveau',
          prenom: 'Membre',
          dateDeNaissance: '1990-01-01',
          genre: 'Homme',
          email: `nouveau.${++seq}.${Date.now()}@example.org`,
          numeroTelephone: '0611223344',
          role: 'JOUEUR',
          equipesIds: [team.id],
          clubId: club.id,
        },
      }),
    subjectId: (json) => api.members.create.responses[201].parse(json).id,
  },
  [routeKey(api.dashboard.members)]: {
    kind: 'projected',
    answers: everyone,
    call: () => gridCall(api.dashboard.members, { params: { id: team.id } }),
  },
  [routeKey(api.matches.convocations)]: {
    kind: 'projected',
    answers: everyone,
    about: PLAYERS,
    call: () => gridCall(api.matches.convocations, { params: { id: matchId } }),
  },
  [routeKey(api.matches.answerConvocations)]: {
    kind: 'projected',
    answers: everyone,
    about: PLAYERS,
    call: () =>
      gridCall(api.matches.answerConvocations, { params: { id: matchId }, body: { items: [] } }),
  },
  [routeKey(api.events.presences)]: {
    kind: 'projected',
    answers: everyone,
    about: PLAYERS,
    call: () => gridCall(api.events.presences, { params: { id: trainingId } }),
  },
  [routeKey(api.events.answerPresence)]: {
    kind: 'projected',
    // staff answer any row; a player their own when ACTIF (only S is); a parent a child's when ACTIF
    answers: (k, t) => ROW[k] === 'staff' || (k === 'self' && t === 'sharingAdult'),
    about: PLAYERS,
    call: (_r, m) =>
      gridCall(api.events.answerPresence, {
        params: { id: trainingId },
        body: { joueurId: m.id, statutPresence: null },
      }),
  },
  [routeKey(api.events.rollCall)]: {
    kind: 'projected',
    // the roll call: the same rows answered as the one-row PUT (decision 0101)
    answers: (k, t) => ROW[k] === 'staff' || (k === 'self' && t === 'sharingAdult'),
    about: PLAYERS,
    call: (_r, m) =>
      gridCall(api.events.rollCall, {
        params: { id: trainingId },
        body: { presences: [{ joueurId: m.id, statutPresence: null }] },
      }),
  },
  [routeKey(api.announcements.list)]: { kind: 'namesOnly' },
  [routeKey(api.announcements.receipts)]: { kind: 'namesOnly' },
  [routeKey(api.announcements.create)]: { kind: 'namesOnly' },
  [routeKey(api.announcements.markRead)]: { kind: 'namesOnly' },
  // Conversations name their participants and each message's author; who reads which
  // conversation is features/conversations (conversations.test.ts, conversations.grid.ts).
  [routeKey(api.conversations.list)]: { kind: 'namesOnly' },
  [routeKey(api.conversations.messages)]: { kind: 'namesOnly' },
  [routeKey(api.conversations.create)]: { kind: 'namesOnly' },
  [routeKey(api.conversations.send)]: { kind: 'namesOnly' },
  // Carpooling names the driver and the passengers; the selection names the players.
  [routeKey(api.carpool.list)]: { kind: 'namesOnly' },
  [routeKey(api.carpool.offer)]: { kind: 'namesOnly' },
  [routeKey(api.carpool.book)]: { kind: 'namesOnly' },
  [routeKey(api.carpool.unbook)]: { kind: 'namesOnly' },
  [routeKey(api.matches.selection)]: { kind: 'namesOnly' },
  // The match sheet and its live actions name the players (decisions 0125–0127); the public
  // live page names first names only and no id (features/matches/match-sheet.test.ts).
  [routeKey(api.matchSheet.sheet)]: { kind: 'namesOnly' },
  [routeKey(api.matchSheet.updateSheet)]: { kind: 'namesOnly' },
  [routeKey(api.matchSheet.addAction)]: { kind: 'namesOnly' },
  [routeKey(api.matchSheet.removeAction)]: { kind: 'namesOnly' },
  [routeKey(api.matchSheet.live)]: { kind: 'namesOnly' },
  // Fees name the members (and the leaders who recorded a payment); which family sees which row is
  // features/fees/fees.test.ts and fees.grid.ts (FEE_PERMISSIONS).
  [routeKey(api.fees.list)]: { kind: 'namesOnly' },
  [routeKey(api.fees.own)]: { kind: 'namesOnly' },
  [routeKey(api.fees.exempt)]: { kind: 'namesOnly' },
  [routeKey(api.fees.remind)]: { kind: 'namesOnly' },
  [routeKey(api.fees.record)]: { kind: 'namesOnly' },
  [routeKey(api.fees.cancel)]: { kind: 'namesOnly' },
  // Duties name their volunteers (another family's by first name and initial) and the families of
  // the proposal and the tally (coach and leaders): features/duties/duties.test.ts, duties.grid.ts.
  [routeKey(api.duties.list)]: { kind: 'namesOnly' },
  [routeKey(api.duties.replace)]: { kind: 'namesOnly' },
  [routeKey(api.duties.signUp)]: { kind: 'namesOnly' },
  [routeKey(api.duties.withdraw)]: { kind: 'namesOnly' },
  [routeKey(api.duties.propose)]: { kind: 'namesOnly' },
  [routeKey(api.duties.tally)]: { kind: 'namesOnly' },
  // The home (decision 0083) names children, players, unactivated accounts: names only.
  [routeKey(api.dashboard.home)]: { kind: 'namesOnly' },
  // Statistics: the rows themselves are the private part (a child's attendance, selections).
  [routeKey(api.statistics.team)]: {
    kind: 'holder',
    check: async () => {
      const rows = async (reader: Member) => {
        const res = await client
          .get(reader.id)!
          .send(api.statistics.team, { params: { teamId: team.id } });
        expect(res.status, res.text).toBe(200);
        for (const j of res.body.joueurs)
          expect(Object.keys(j.membre).sort()).toEqual(['id', 'nom', 'prenom']);
        return res.body.joueurs;
      };
      const ids = async (reader: Member) => (await rows(reader)).map((j) => j.membre.id).sort();
      const players = [target.adult.id, target.sharingAdult.id, target.minor.id].sort();
      for (const staff of [readerOf.coach, readerOf.DIRIGEANT, readerOf.RESPONSABLE, target.coach])
        expect(await ids(staff)).toEqual(expect.arrayContaining(players));
      // a player: their own row only, without the fairness flag
      expect(await ids(readerOf.player)).toEqual([readerOf.player.id]);
      expect((await rows(target.adult)).map((j) => [j.membre.id, j.alerteEquite])).toEqual([
        [target.adult.id, null],
      ]);
      // a parent: the children's rows; another family's parent: none
      expect(await ids(target.parent)).toEqual([target.minor.id]);
      expect(await ids(readerOf.parent)).toEqual([]);
    },
  },
  [routeKey(api.dashboard.infos)]: {
    kind: 'holder',
    check: async () => {
      for (const m of Object.values(target)) {
        const res = await client.get(m.id)!.send(api.dashboard.infos);
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ id: m.id, email: m.email, statut: m.statut });
      }
    },
  },
  [routeKey(api.auth.exportData)]: {
    kind: 'holder',
    check: async () => {
      const parent = (await client.get(target.parent.id)!.send(api.auth.exportData)).body;
      expect(parent.moi.profil.id).toBe(target.parent.id);
      expect(parent.enfants.map((e) => e.profil.id)).toEqual([target.minor.id]);
      const player = (await client.get(readerOf.player.id)!.send(api.auth.exportData)).body;
      expect(player.moi.profil.id).toBe(readerOf.player.id);
      expect(player.enfants).toEqual([]);
      expect(JSON.stringify(player)).not.toContain(target.adult.email);
    },
  },
  [routeKey(api.auth.invitation)]: {
    kind: 'holder',
    check: async () => {
      const invited = await createMember(ctx.app.db, club.id, { password: null, nom: 'Invite' });
      const raw = `jeton-${Date.now()}-${Math.random()}`;
      await ctx.app.db.insert(oneTimeTokens).values({
        memberId: invited.id,
        clubId: club.id,
        purpose: 'invitation',
        tokenHash: sha256(raw),
        expiresAt: new Date(Date.now() + 3600_000),
      });
      const res = await new TestClient(ctx.app).send(api.auth.invitation, {
        params: { token: raw },
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body).toMatchObject({ nom: 'Invite', email: invited.email });
    },
  },
  [routeKey(api.notifications.answerLink)]: {
    kind: 'holder',
    check: async () => {
      const jeton = createLinkTokens(ctx.app.secretFor).answer({
        clubId: club.id,
        matchId,
        playerId: target.minor.id,
      });
      const res = await new TestClient(ctx.app).send(api.notifications.answerLink, {
        query: { jeton },
      });
      expect(res.status, res.text).toBe(200);
      // the player (or guardian) the link was mailed to: names only
      expect(res.body.joueur).toEqual({ prenom: target.minor.prenom, nom: 'Mineur' });
    },
  },
  [routeKey(api.notifications.answerByLink)]: {
    kind: 'holder',
    check: async () => {
      const jeton = createLinkTokens(ctx.app.secretFor).answer({
        clubId: club.id,
        matchId,
        playerId: target.sharingAdult.id,
      });
      const res = await new TestClient(ctx.app).send(api.notifications.answerByLink, {
        body: { jeton, statutPresence: 'DISPONIBLE' },
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body.joueur).toEqual({ prenom: target.sharingAdult.prenom, nom: 'Partage' });
    },
  },
};

/** The route's member-shaped objects: the key lists their schemas declare. */
function memberRoutes(): Map<string, string[][]> {
  const routes = new Map<string, string[][]>();
  for (const r of ctx.app.registeredRoutes) {
    // HEAD routes are Fastify's automatic twins of the GET routes (same handler and schema).
    if (r.method === 'HEAD') continue;
    const response = (r.schema?.response ?? {}) as Record<string, unknown>;
    const shapes: string[][] = [];
    for (const [status, schema] of Object.entries(response))
      if (/^2/.test(status)) shapes.push(...memberShapes(schema));
    if (shapes.length) routes.set(`${r.method} ${r.url}`, shapes);
  }
  return routes;
}

/** Every object of the answer about member `id` (a list row, a convocation's `joueur`…). */
function objectsAbout(json: unknown, id: number): Record<string, unknown>[] {
  const found: Record<string, unknown>[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if (o.id === id && 'nom' in o && 'prenom' in o) found.push(o);
      Object.values(o).forEach(walk);
    }
  };
  walk(json);
  return found;
}

describe('[privacy] the routes that answer members', () => {
  it('every route whose answer schema holds a member (nom + prénom) has its case here', () => {
    const found = [...memberRoutes().keys()].sort();
    expect(found.length).toBeGreaterThanOrEqual(15);
    expect(found).toEqual(Object.keys(CASES).sort());
  });

  it('the schema walk finds members inside lists, pages, unions and nested rows', () => {
    const routes = memberRoutes();
    expect(routes.get(routeKey(api.members.listClub))!.flat()).toContain('email');
    expect(routes.get(routeKey(api.matches.convocations))).toEqual([['id', 'nom', 'prenom']]);
    expect(routes.get(routeKey(api.dashboard.members))!.flat()).toContain('statut');
  });
});

for (const [route, c] of Object.entries(CASES)) {
  if (c.kind === 'holder') {
    describe(`[privacy] ${route}`, () => {
      it('answers its caller (or a link’s holder) about themselves or their child only', c.check);
    });
    continue;
  }
  if (c.kind === 'namesOnly') {
    describe(`[privacy] ${route}`, () => {
      it('names members without any field of the table (its answer schema)', () => {
        const shapes = memberRoutes().get(route)!;
        expect(shapes.length).toBeGreaterThan(0);
        for (const keys of shapes) expect(keys.filter((k) => PRIVATE.includes(k))).toEqual([]);
      });
    });
    continue;
  }
  describe(`[privacy] ${route}`, () => {
    it.each(READER_KINDS)(
      'reader: %s — that reader’s row of the field table, member by member',
      async (kind) => {
        const shapes = memberRoutes().get(route)!;
        /** The declared shape of an answer object: the smallest one holding all its keys. */
        const shapeOf = (o: Record<string, unknown>) =>
          new Set(
            shapes
              .filter((keys) => Object.keys(o).every((k) => keys.includes(k)))
              .sort((a, b) => a.length - b.length)[0] ?? [],
          );
        let answered = 0;
        for (const { reader, name, member } of pairs(kind)) {
          if (c.about && !c.about.includes(name)) continue;
          const res = await send(client.get(reader.id)!, c.call(reader, member));
          const label = `${kind} → ${name}`;
          if (!c.answers(kind, name)) {
            expect(res.statusCode, `${label}: ${res.body}`).toBe(403);
            continue;
          }
          expect(res.statusCode, `${label}: ${res.body}`).toBeLessThan(300);
          answered++;
          const json = res.json();
          const id = c.subjectId ? c.subjectId(json, member) : member.id;
          const objects = objectsAbout(json, id);
          expect(objects.length, `${label}: the member is in the answer`).toBeGreaterThan(0);
          // The fields of the table this object carries at all, for this reader and this member.
          for (const o of objects) {
            const declared = shapeOf(o);
            expect(declared.size, `${label}: ${JSON.stringify(o)} has a schema`).toBeGreaterThan(0);
            const expected = [...visible(kind, name)].filter((f) => declared.has(f)).sort();
            const present = PRIVATE.filter((f) => f in o && o[f] !== undefined).sort();
            expect(present, label).toEqual(expected);
          }
          // Values, not only keys: what is shown is the member's own.
          for (const o of objects) {
            if ('email' in o && id === member.id) expect(o.email, label).toBe(member.email);
            if ('statut' in o && id === member.id) expect(o.statut, label).toBe(member.statut);
          }
        }
        const expectedAnswers = pairs(kind).filter(
          ({ name }) => (!c.about || c.about.includes(name)) && c.answers(kind, name),
        ).length;
        expect(answered).toBe(expectedAnswers);
      },
    );
  });
}

describe('[privacy] filters and the contact choice', () => {
  it('the team search’s birth-date filter is no lookup for players and parents (403 in French); leaders and coaches use it', async () => {
    const query = { ...teamSearch(), dateNaissance: minorBirthDate() };
    for (const reader of [readerOf.player, readerOf.parent, target.parent]) {
      const res = await client.get(reader.id)!.send(api.members.searchTeam, { query });
      expect(res.status).toBe(403);
      expect(res.error).toEqual({
        message: PRIVACY_MESSAGES.privateFilterForbidden,
        errors: { dateNaissance: PRIVACY_MESSAGES.privateFilterForbidden },
      });
    }
    for (const reader of [readerOf.coach, readerOf.DIRIGEANT]) {
      const res = await client.get(reader.id)!.send(api.members.searchTeam, { query });
      expect(res.status).toBe(200);
      expect(unpaged(res.body).map((m) => m.id)).toEqual([target.minor.id]);
    }
  });

  it('partageCoordonnees: off by default, the member’s own choice, refused to a minor', async () => {
    const fresh = await createMember(ctx.app.db, club.id, {
      role: 'JOUEUR',
      teamId: team.id,
      dateNaissance: '1999-09-09',
    });
    const asFresh = await signIn(ctx.app, fresh);
    expect(
      (await asFresh.send(api.members.get, { params: { id: fresh.id } })).body.partageCoordonnees,
    ).toBe(false);
    // not visible to a teammate before, visible once shared
    const asX = client.get(readerOf.player.id)!;
    expect(
      (await asX.send(api.members.get, { params: { id: fresh.id } })).body.email,
    ).toBeUndefined();
    const on = await asFresh.send(api.members.update, {
      params: { id: fresh.id },
      body: { partageCoordonnees: true },
    });
    expect(on.status, on.text).toBe(200);
    expect(on.body.partageCoordonnees).toBe(true);
    expect((await asX.send(api.members.get, { params: { id: fresh.id } })).body.email).toBe(
      fresh.email,
    );
    // a leader cannot decide it for the member
    const byLeader = await client
      .get(readerOf.DIRIGEANT.id)!
      .send(api.members.update, { params: { id: fresh.id }, body: { partageCoordonnees: false } });
    expect(byLeader.status).toBe(403);
    // a minor cannot turn it on
    const minor = await createMember(ctx.app.db, club.id, {
      role: 'JOUEUR',
      teamId: team.id,
      dateNaissance: minorBirthDate(),
    });
    const asMinor = await signIn(ctx.app, minor);
    const refused = await asMinor.send(api.members.update, {
      params: { id: minor.id },
      body: { partageCoordonnees: true },
    });
    expect(refused.status).toBe(400);
    expect(refused.error.errors).toEqual({
      partageCoordonnees: PRIVACY_MESSAGES.shareContactForbidden,
    });
    const [row] = await ctx.app.db
      .select({ p: members.partageCoordonnees })
      .from(members)
      .where(eq(members.id, minor.id));
    expect(row!.p).toBe(false);
  });

  it('a minor does not declare themselves an adult: the birth date the club holds decides (decision 0103)', async () => {
    const minor = await createMember(ctx.app.db, club.id, {
      role: 'JOUEUR',
      teamId: team.id,
      dateNaissance: '2012-04-05',
    });
    const asMinor = await signIn(ctx.app, minor);
    const asX = client.get(readerOf.player.id)!;
    const heldBirth = async () =>
      (
        await ctx.app.db
          .select({ d: members.dateNaissance, p: members.partageCoordonnees })
          .from(members)
          .where(eq(members.id, minor.id))
      )[0]!;
    // the probe: an adult's date, then sharing
    const older = await asMinor.send(api.members.update, {
      params: { id: minor.id },
      body: { dateDeNaissance: '1990-01-01' },
    });
    expect(older.status).toBe(403);
    expect(older.error).toEqual({
      message: MEMBER_FIELD_MESSAGES.ownBirthDateMinor,
      errors: { dateDeNaissance: MEMBER_FIELD_MESSAGES.ownBirthDateMinor },
    });
    const share = await asMinor.send(api.members.update, {
      params: { id: minor.id },
      body: { partageCoordonnees: true },
    });
    expect(share.status).toBe(400);
    // both in one request: the date is refused, sharing is not recorded
    const both = await asMinor.send(api.members.update, {
      params: { id: minor.id },
      body: {
        dateDeNaissance: '1990-01-01',
        partageCoordonnees: true,
      },
    });
    expect(both.status).toBe(403);
    expect(await heldBirth()).toMatchObject({ d: '2012-04-05', p: false });
    const seen = (await asX.send(api.members.get, { params: { id: minor.id } })).body;
    expect(seen.email).toBeUndefined();
    expect(seen.numeroTelephone).toBeUndefined();
    // another minor's date is refused too: the minor's own birth date is the club's to change
    expect(
      (
        await asMinor.send(api.members.update, {
          params: { id: minor.id },
          body: { dateDeNaissance: '2011-04-05' },
        })
      ).status,
    ).toBe(403);
    // the same date (an unchanged field) passes, with the rest of the profile
    const same = await asMinor.send(api.members.update, {
      params: { id: minor.id },
      body: {
        dateDeNaissance: '2012-04-05',
        prenom: 'Lou',
      },
    });
    expect(same.status, same.text).toBe(200);

    // an adult who is not a leader corrects their date, but not into a minor's
    const adult = await createMember(ctx.app.db, club.id, {
      role: 'JOUEUR',
      teamId: team.id,
      dateNaissance: '1995-01-01',
    });
    const asAdult = await signIn(ctx.app, adult);
    expect(
      (
        await asAdult.send(api.members.update, {
          params: { id: adult.id },
          body: { dateDeNaissance: '1996-02-02' },
        })
      ).status,
    ).toBe(200);
    const younger = await asAdult.send(api.members.update, {
      params: { id: adult.id },
      body: {
        dateDeNaissance: '2015-01-01',
      },
    });
    expect(younger.status).toBe(403);
    expect(younger.error.message).toBe(MEMBER_FIELD_MESSAGES.ownBirthDateToMinor);

    // a leader changes it; then the member's choice to share applies
    const byLeader = await client.get(readerOf.DIRIGEANT.id)!.send(api.members.update, {
      params: { id: minor.id },
      body: { dateDeNaissance: '1990-01-01' },
    });
    expect(byLeader.status, byLeader.text).toBe(200);
    const now = await asMinor.send(api.members.update, {
      params: { id: minor.id },
      body: { partageCoordonnees: true },
    });
    expect(now.status, now.text).toBe(200);
    expect((await asX.send(api.members.get, { params: { id: minor.id } })).body.email).toBe(
      minor.email,
    );
  });
});

/* ------------------------------------------------------------------ other families' rows */
/* (docs/decisions/0106-what-other-families-read-of-a-match-and-a-member.md) */

describe('[privacy] a convocation row of another family says only whether the player comes (decision 0106)', () => {
  type Row = Record<string, unknown> & { joueur: { id: number; nom: string; prenom: string } };
  let otherMatch: number;
  const answeredAt = new Date('2099-04-28T08:30:00Z');

  beforeAll(async () => {
    const db = ctx.app.db;
    const { match } = await createMatch(db, club.id, {
      homeTeamId: team.id,
      opponentName: 'Jour de match',
      dateDebut: '2099-06-01 15:00:00',
      dateFin: '2099-06-01 17:00:00',
    });
    otherMatch = match.id;
    // A: absent, justified, answered, not selected; S: present, selected; M (minor): not selected.
    await createConvocation(db, club.id, otherMatch, target.adult.id, {
      statutPresence: 'INDISPONIBLE',
      justification: 'Rendez-vous chez le médecin',
      answeredAt,
      selection: 'NON_RETENU',
      selectionPublished: 'NON_RETENU',
    });
    await createConvocation(db, club.id, otherMatch, target.sharingAdult.id, {
      statutPresence: 'DISPONIBLE',
      answeredAt,
      selection: 'SELECTIONNE',
      selectionPublished: 'SELECTIONNE',
    });
    // the coach's working choice moved M up since publishing: not for the families yet
    await createConvocation(db, club.id, otherMatch, target.minor.id, {
      statutPresence: 'DISPONIBLE',
      answeredAt,
      selection: 'REMPLACANT',
      selectionPublished: 'NON_RETENU',
    });
  });

  const rowsFor = async (reader: Member, method: 'GET' | 'PUT' = 'GET') => {
    const c = client.get(reader.id)!;
    const params = { id: otherMatch };
    const res =
      method === 'PUT'
        ? await c.send(api.matches.answerConvocations, { params, body: { items: [] } })
        : await c.send(api.matches.convocations, { params });
    expect(res.status, res.text).toBe(200);
    return new Map<number, Row>(res.body.map((r) => [r.joueur.id, r]));
  };
  /** What another family reads: the name, whether they come, the published team sheet. */
  const reduced = (
    m: Member,
    statutPresence: 'DISPONIBLE' | null,
    selection: 'SELECTIONNE' | null = null,
  ): Row => ({
    joueur: { id: m.id, nom: m.nom, prenom: m.prenom },
    statutPresence,
    modifiable: false,
    selection,
  });
  /** A whole row: every status, the answer time, the selection. */
  const whole = (row: Row | undefined, statutPresence: string, selection: string) => {
    expect(row).toMatchObject({ statutPresence, reponduLe: answeredAt.toISOString() });
    expect(row!.selection).toBe(selection);
  };

  it('a teammate and another family’s parent: who is coming and the published sheet; no absence, answer time, justification or NON_RETENU', async () => {
    for (const reader of [readerOf.player, readerOf.parent]) {
      for (const method of ['GET', 'PUT'] as const) {
        const rows = await rowsFor(reader, method);
        expect(rows.get(target.adult.id)).toEqual(reduced(target.adult, null));
        expect(rows.get(target.sharingAdult.id)).toEqual(
          reduced(target.sharingAdult, 'DISPONIBLE', 'SELECTIONNE'),
        );
        expect(rows.get(target.minor.id)).toEqual(reduced(target.minor, 'DISPONIBLE'));
        const text = JSON.stringify([...rows.values()]);
        for (const hidden of [
          'INDISPONIBLE',
          'NON_RETENU',
          'médecin',
          'reponduLe',
          'justification',
        ])
          expect(text, `${reader.nom} ${method}`).not.toContain(hidden);
      }
    }
  });

  it('the player’s own row and a parent’s child’s row stay whole; the others are reduced', async () => {
    const own = await rowsFor(target.adult);
    whole(own.get(target.adult.id), 'INDISPONIBLE', 'NON_RETENU');
    expect(own.get(target.adult.id)!.justificationAbsence).toBe('Rendez-vous chez le médecin');
    expect(own.get(target.minor.id)).toEqual(reduced(target.minor, 'DISPONIBLE'));

    const guardian = await rowsFor(target.parent);
    whole(guardian.get(target.minor.id), 'DISPONIBLE', 'NON_RETENU');
    expect(guardian.get(target.adult.id)).toEqual(reduced(target.adult, null));
  });

  it('the leaders and the team’s coaches keep every row whole', async () => {
    for (const reader of [readerOf.DIRIGEANT, readerOf.RESPONSABLE, readerOf.coach, target.coach]) {
      const rows = await rowsFor(reader);
      whole(rows.get(target.adult.id), 'INDISPONIBLE', 'NON_RETENU');
      expect(rows.get(target.adult.id)!.justificationAbsence).toBe('Rendez-vous chez le médecin');
      whole(rows.get(target.sharingAdult.id), 'DISPONIBLE', 'SELECTIONNE');
      whole(rows.get(target.minor.id), 'DISPONIBLE', 'REMPLACANT');
    }
  });
});

describe('[privacy] a training’s attendance row of another family says only whether the player comes (decision 0106)', () => {
  type Row = Record<string, unknown> & { joueur: { id: number; nom: string; prenom: string } };
  let training: number;
  /** A parent of the team whose child is ACTIF (answers through PUT), and that child. */
  let family: { parent: Member; child: Member };
  /** A coach of another team who plays in this one (hats): reads this list as a player. */
  let playingCoach: Member;

  beforeAll(async () => {
    const db = ctx.app.db;
    training = (
      await createEvent(db, club.id, {
        teamIds: [team.id],
        dateDebut: '2099-06-02 18:00:00',
        dateFin: '2099-06-02 20:00:00',
      })
    ).id;
    family = {
      parent: await createMember(db, club.id, {
        role: 'PARENT',
        teamId: team.id,
        nom: 'Parententrainement',
      }),
      child: await createMember(db, club.id, {
        role: 'JOUEUR',
        teamId: team.id,
        nom: 'Enfantentrainement',
        dateNaissance: minorBirthDate(),
      }),
    };
    await linkGuardian(db, club.id, family.parent.id, family.child.id);
    const u11 = await createTeam(db, club.id, { nom: 'U11 Entraînement' });
    playingCoach = await createMember(db, club.id, { role: 'ENTRAINEUR', nom: 'Entraineurjoueur' });
    await setMemberHats(db, club.id, playingCoach.id, {
      teams: [
        { id: u11.id, role: 'ENTRAINEUR' },
        { id: team.id, role: 'JOUEUR' },
      ],
    });
    for (const m of [family.parent, family.child, playingCoach])
      client.set(m.id, await signIn(ctx.app, m));
    // A: absent, justified; S: present; the family's child: absent, justified.
    await db.insert(eventPresences).values([
      {
        clubId: club.id,
        eventId: training,
        memberId: target.adult.id,
        statutPresence: 'INDISPONIBLE',
        justification: 'Rendez-vous chez le médecin',
      },
      {
        clubId: club.id,
        eventId: training,
        memberId: target.sharingAdult.id,
        statutPresence: 'DISPONIBLE',
      },
      {
        clubId: club.id,
        eventId: training,
        memberId: family.child.id,
        statutPresence: 'INDISPONIBLE',
        justification: 'Kiné',
      },
    ]);
  });
  afterAll(async () => {
    // leave the team as the other cases know it
    await setMemberHats(ctx.app.db, club.id, playingCoach.id, { teams: [] });
  });

  /** GET the list, or PUT an answer (`answer`: the row answered) and read the list it returns. */
  const rowsFor = async (
    reader: Member,
    answer?: {
      joueurId: number;
      statutPresence: 'DISPONIBLE' | 'INDISPONIBLE' | null;
      justification?: string;
    },
  ) => {
    const c = client.get(reader.id)!;
    const params = { id: training };
    const res = answer
      ? await c.send(api.events.answerPresence, { params, body: answer })
      : await c.send(api.events.presences, { params });
    expect(res.status, res.text).toBe(200);
    return new Map<number, Row>(res.body.map((r) => [r.joueur.id, r]));
  };
  /** What another family reads: the name and whether the player comes. */
  const reduced = (m: Member, statutPresence: 'DISPONIBLE' | null): Row => ({
    joueur: { id: m.id, nom: m.nom, prenom: m.prenom },
    statutPresence,
    modifiable: false,
  });
  const HIDDEN = ['INDISPONIBLE', 'médecin', 'Kiné', 'justification', 'parDefaut'];
  /** The other families' rows for that reader (their own and children's excepted). */
  const expectReduced = (rows: Map<number, Row>, label: string, except: number[] = []) => {
    const others = [...rows.values()].filter((r) => !except.includes(r.joueur.id));
    expect(rows.get(target.adult.id), label).toEqual(reduced(target.adult, null));
    expect(rows.get(target.sharingAdult.id), label).toEqual(
      reduced(target.sharingAdult, 'DISPONIBLE'),
    );
    if (!except.includes(family.child.id))
      expect(rows.get(family.child.id), label).toEqual(reduced(family.child, null));
    const text = JSON.stringify(others);
    for (const hidden of HIDDEN) expect(text, label).not.toContain(hidden);
  };
  /** A whole row: every status, the justification where there is one, parDefaut. */
  const whole = (
    row: Row | undefined,
    statutPresence: string | null,
    justification: string | null,
  ) => expect(row).toMatchObject({ statutPresence, justification, parDefaut: false });

  it('a player (GET, and the list their own answer returns): who is coming, no absence nor justification', async () => {
    expectReduced(await rowsFor(readerOf.player), 'GET', [readerOf.player.id]);
    const afterAnswer = await rowsFor(readerOf.player, {
      joueurId: readerOf.player.id,
      statutPresence: 'INDISPONIBLE',
    });
    expectReduced(afterAnswer, 'PUT', [readerOf.player.id]);
    whole(afterAnswer.get(readerOf.player.id), 'INDISPONIBLE', null);
  });

  it('a parent: their child’s row whole, the other families’ rows reduced (GET and PUT); a parent of another family: all reduced', async () => {
    const rows = await rowsFor(family.parent);
    whole(rows.get(family.child.id), 'INDISPONIBLE', 'Kiné');
    expectReduced(rows, 'GET', [family.child.id]);
    const afterAnswer = await rowsFor(family.parent, {
      joueurId: family.child.id,
      statutPresence: 'DISPONIBLE',
    });
    whole(afterAnswer.get(family.child.id), 'DISPONIBLE', null);
    expectReduced(afterAnswer, 'PUT', [family.child.id]);
    // back to the absence the other cases expect
    await rowsFor(family.parent, {
      joueurId: family.child.id,
      statutPresence: 'INDISPONIBLE',
      justification: 'Kiné',
    });
    expectReduced(await rowsFor(readerOf.parent), 'other parent');
  });

  it('a coach of another team playing in this one reads it as a player (hats)', async () => {
    expectReduced(await rowsFor(playingCoach), 'playing coach', [playingCoach.id]);
  });

  it('the team’s coaches and the leaders keep every row whole', async () => {
    for (const reader of [target.coach, readerOf.coach, readerOf.DIRIGEANT, readerOf.RESPONSABLE]) {
      const rows = await rowsFor(reader);
      whole(rows.get(target.adult.id), 'INDISPONIBLE', 'Rendez-vous chez le médecin');
      whole(rows.get(target.sharingAdult.id), 'DISPONIBLE', null);
      whole(rows.get(family.child.id), 'INDISPONIBLE', 'Kiné');
    }
  });
});

describe('[privacy] a parent’s children in another team are not listed to this team’s families (decision 0106)', () => {
  let family: { parent: Member; here: Member; elsewhere: Member };
  let u15: { id: number; nom: string };
  let u15Coach: Member;

  beforeAll(async () => {
    const db = ctx.app.db;
    u15 = await createTeam(db, club.id, { nom: 'U15 Filles' });
    family = {
      parent: await createMember(db, club.id, {
        role: 'PARENT',
        teamId: team.id,
        nom: 'Famille',
        dateNaissance: '1979-03-03',
      }),
      here: await createMember(db, club.id, {
        role: 'JOUEUR',
        teamId: team.id,
        nom: 'Icienfant',
        dateNaissance: minorBirthDate(),
      }),
      elsewhere: await createMember(db, club.id, {
        role: 'JOUEUR',
        teamId: u15.id,
        nom: 'Ailleursenfant',
        dateNaissance: minorBirthDate(),
      }),
    };
    await linkGuardian(db, club.id, family.parent.id, family.here.id);
    await linkGuardian(db, club.id, family.parent.id, family.elsewhere.id);
    // Coaches the U15 and plays with the Seniors (hats): reads the parent as a teammate does.
    u15Coach = await createMember(db, club.id, { role: 'ENTRAINEUR', nom: 'Coachu15' });
    await setMemberHats(db, club.id, u15Coach.id, {
      teams: [
        { id: team.id, role: 'JOUEUR' },
        { id: u15.id, role: 'ENTRAINEUR' },
      ],
    });
    for (const m of [family.parent, u15Coach]) client.set(m.id, await signIn(ctx.app, m));
  });

  /** The parent's `enfants` ids as the reader reads them, in the team list and on the card. */
  const childrenSeenBy = async (reader: Member) => {
    const c = client.get(reader.id)!;
    const list = await c.send(api.members.listTeam, { params: teamParams() });
    expect(list.status, list.text).toBe(200);
    const row = unpaged(list.body).find((m) => m.id === family.parent.id);
    const card = await c.send(api.members.get, { params: { id: family.parent.id } });
    expect(card.status, card.text).toBe(200);
    const fromList = (row?.enfants ?? []).map((e) => e.id).sort();
    const fromCard = (card.body.enfants ?? []).map((e) => e.id).sort();
    expect(fromCard).toEqual(fromList);
    return fromList;
  };
  const both = () => [family.here.id, family.elsewhere.id].sort();

  it('players, parents and coaches of this team read only the child of this team', async () => {
    for (const reader of [readerOf.player, readerOf.parent, readerOf.coach, target.parent]) {
      const seen = await childrenSeenBy(reader);
      expect(seen, reader.nom).toEqual([family.here.id]);
      expect(seen).not.toContain(family.elsewhere.id);
    }
  });

  it('the parent, the leaders and a coach of the other team read every child', async () => {
    for (const reader of [family.parent, readerOf.DIRIGEANT, readerOf.RESPONSABLE, u15Coach])
      expect(await childrenSeenBy(reader), reader.nom).toEqual(both());
  });
});
