import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import {
  queryString,
  requestOf,
  type EndpointInput,
  type EndpointSpec,
  type Role,
} from '@club/contract';
import {
  createClub,
  createMember,
  createTeam,
  linkGuardian,
  setMemberHats,
  setMemberTeams,
} from '../db/factories.ts';
import { eq } from 'drizzle-orm';
import { members } from '../db/schema.ts';
import { signIn, TestClient } from './helper.ts';

/**
 * The world of the authorization suite (security/authorization.test.ts): two clubs, their teams and
 * ten principals signed in. The suite's matrix (security/authz-matrix.ts) calls every endpoint on it;
 * the scenarios the matrix cannot express are rows in `features/<f>/<f>.grid.ts`
 * (`export const gridRows`), each an expected status per principal.
 */
export const PRINCIPALS = [
  'ANONYME',
  'DIRIGEANT',
  'RESPONSABLE',
  'ENTRAINEUR',
  'JOUEUR',
  'PARENT',
  /** A PARENT of team T1 whose child plays in T2. */
  'PARENT_AUTRE_EQUIPE',
  /** A coach of two teams (T1 and T2). */
  'DEUX_EQUIPES',
  /** A JOUEUR without team. */
  'SANS_EQUIPE',
  /** Hats (docs/architecture.md §7): the coach of T1 who plays in T2. */
  'ENTRAINEUR_JOUEUR',
  /** A leader who plays: a RESPONSABLE who plays in T2. */
  'RESPONSABLE_JOUEUR',
  /** The coach of T1 who is the father of player2 (T2). */
  'ENTRAINEUR_PARENT',
  /**
   * The guardian of two children in two teams: player1 (T1) and player3 (T3), and of
   * `childNoEmail` (no team); no team of their own. An account in two clubs (docs/decisions/0112): it
   * has a row in the other club too, with the same e-mail and password, and signs in to club A.
   */
  'PARENT_DEUX_ENFANTS',
  /** The DIRIGEANT of another club. */
  'AUTRE_CLUB',
] as const;
export type Principal = (typeof PRINCIPALS)[number];
export type SignedInPrincipal = Exclude<Principal, 'ANONYME'>;
export type Expectation = Record<Principal, number>;

export interface GridCall {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Sent by this client instead of the principal's: for a call that would destroy the shared
   * world if it succeeded (deleting club A), the row gives the principal a world of its own. */
  client?: TestClient;
  /** Run once the answer is in: puts back what the row changed in the shared world to set up. */
  restore?: () => Promise<unknown>;
}

/**
 * A row's call built from the endpoint's declaration (docs/conventions.md §3): its method, its path
 * with the parameters and query filled in, its typed body. A call the declaration cannot type (a
 * multipart file) spreads it and overrides `body` and `headers`.
 */
export function gridCall<S extends EndpointSpec>(
  endpoint: S,
  ...[input]: object extends EndpointInput<S>
    ? [input?: EndpointInput<S>]
    : [input: EndpointInput<S>]
): GridCall {
  const req = requestOf(endpoint, input as Parameters<typeof requestOf>[1]);
  return {
    method: req.method,
    url: req.path + queryString(req.query),
    ...(req.body === undefined ? {} : { body: req.body }),
    ...(req.headers ? { headers: req.headers } : {}),
  };
}

type MemberRef = { id: number; clubId: number; role: string; statut: string; email: string };
type TeamRef = { id: number; nom: string; clubId: number };

/**
 * The world every row runs in. Club A has teams T1 'Seniors A', T2 'U17' and T3 'U15'; club B
 * has team B1. Principals: see PRINCIPALS. Targets that are not principals: `player1` (JOUEUR of
 * T1), `player2` (JOUEUR of T2, the child of PARENT_AUTRE_EQUIPE), `player3` (JOUEUR of T3).
 */
export interface GridWorld {
  app: FastifyInstance;
  club: { id: number; nom: string };
  otherClub: { id: number; nom: string };
  t1: TeamRef;
  t2: TeamRef;
  t3: TeamRef;
  otherTeam: TeamRef;
  me: Record<SignedInPrincipal, MemberRef>;
  player1: MemberRef;
  player2: MemberRef;
  player3: MemberRef;
  /** A 9-year-old without team, e-mail nor phone, guardian PARENT_DEUX_ENFANTS (decision 0111). */
  childNoEmail: { id: number; clubId: number };
  /** PARENT_DEUX_ENFANTS's row in the other club (the same account, decision 0112). */
  otherClubRowOfParent: { id: number; clubId: number };
  /** A value unique to this run (e-mails, names). */
  seq(): number;
  /** A fresh JOUEUR of club A, in the given team (T2 by default). */
  freshPlayer(teamId?: number | null): Promise<MemberRef>;
  /** A fresh member of club A with that role and team (none by default). */
  freshMember(role: Role, teamId?: number | null): Promise<MemberRef>;
  /** A fresh team of club A. */
  freshTeam(): Promise<TeamRef>;
}

export interface GridRow {
  /** 'METHOD /registered/url/:param', exactly as the route is registered. */
  route: string;
  /** What the row checks (several rows may cover one route). */
  name: string;
  request: (w: GridWorld, p: Principal) => GridCall | Promise<GridCall>;
  expect: Expectation;
}

/** Routes that are not part of the API (documentation, the web app). */
export const isInfrastructureRoute = (route: string) =>
  /^(GET|HEAD) (\/api\/docs|\/\*|\/$)/.test(route) || route.startsWith('HEAD ');

const CLUB_MEMBERS: SignedInPrincipal[] = [
  'DIRIGEANT',
  'RESPONSABLE',
  'ENTRAINEUR',
  'JOUEUR',
  'PARENT',
  'PARENT_AUTRE_EQUIPE',
  'DEUX_EQUIPES',
  'SANS_EQUIPE',
  'ENTRAINEUR_JOUEUR',
  'RESPONSABLE_JOUEUR',
  'ENTRAINEUR_PARENT',
  'PARENT_DEUX_ENFANTS',
];
/** The principals without a club role. */
const TEAM_PRINCIPALS: SignedInPrincipal[] = [
  'ENTRAINEUR',
  'JOUEUR',
  'PARENT',
  'PARENT_AUTRE_EQUIPE',
  'DEUX_EQUIPES',
  'SANS_EQUIPE',
  'ENTRAINEUR_JOUEUR',
  'ENTRAINEUR_PARENT',
  'PARENT_DEUX_ENFANTS',
];

/** Every principal of club A gets `ok`; anonymous 401; the other club 404. */
export function everyMember(ok: number): Expectation {
  return {
    ANONYME: 401,
    ...(Object.fromEntries(CLUB_MEMBERS.map((p) => [p, ok])) as Record<SignedInPrincipal, number>),
    AUTRE_CLUB: 404,
  };
}
/** Leaders get `ok`, team roles 403, anonymous 401, the other club 404. */
export function leadersOnly(ok: number): Expectation {
  return {
    ...everyMember(ok),
    ...(Object.fromEntries(TEAM_PRINCIPALS.map((p) => [p, 403])) as Record<string, number>),
  };
}
/** The DIRIGEANT gets `ok`; every other member of club A 403. */
export function dirigeantOnly(ok: number): Expectation {
  return { ...leadersOnly(ok), RESPONSABLE: 403, RESPONSABLE_JOUEUR: 403 };
}
/** Every principal, anonymous included, gets `status`. */
export function everyone(status: number): Expectation {
  return Object.fromEntries(PRINCIPALS.map((p) => [p, status])) as Expectation;
}

let counter = 0;

/** Builds the grid's world through the factories and signs every principal in. */
export async function buildGridWorld(app: FastifyInstance): Promise<{
  world: GridWorld;
  clients: Record<Principal, TestClient>;
}> {
  const db = app.db;
  const club = await createClub(db, { nom: `Club Grille A ${Date.now().toString(36)}` });
  const otherClub = await createClub(db, { nom: `Club Grille B ${Date.now().toString(36)}` });
  const t1 = await createTeam(db, club.id, {
    nom: 'Seniors A',
    categorie: 'Senior',
    division: 'R1',
  });
  const t2 = await createTeam(db, club.id, { nom: 'U17', categorie: 'U17', division: 'R1' });
  const t3 = await createTeam(db, club.id, { nom: 'U15', categorie: 'U15', division: 'D1' });
  const otherTeam = await createTeam(db, otherClub.id, {
    nom: 'Beta 1',
    categorie: 'Senior',
    division: 'R1',
  });
  const member = (clubId: number, role: Role, teamId: number | null = null) =>
    createMember(db, clubId, { role, teamId });
  const player1 = await member(club.id, 'JOUEUR', t1.id);
  const player2 = await member(club.id, 'JOUEUR', t2.id);
  const player3 = await member(club.id, 'JOUEUR', t3.id);
  const me: Record<SignedInPrincipal, MemberRef> = {
    DIRIGEANT: await member(club.id, 'DIRIGEANT'),
    RESPONSABLE: await member(club.id, 'RESPONSABLE'),
    ENTRAINEUR: await member(club.id, 'ENTRAINEUR', t1.id),
    JOUEUR: await member(club.id, 'JOUEUR', t1.id),
    PARENT: await member(club.id, 'PARENT', t1.id),
    PARENT_AUTRE_EQUIPE: await member(club.id, 'PARENT', t1.id),
    DEUX_EQUIPES: await member(club.id, 'ENTRAINEUR', t1.id),
    SANS_EQUIPE: await member(club.id, 'JOUEUR'),
    ENTRAINEUR_JOUEUR: await member(club.id, 'ENTRAINEUR', t1.id),
    RESPONSABLE_JOUEUR: await member(club.id, 'RESPONSABLE'),
    ENTRAINEUR_PARENT: await member(club.id, 'ENTRAINEUR', t1.id),
    PARENT_DEUX_ENFANTS: await member(club.id, 'PARENT'),
    AUTRE_CLUB: await member(otherClub.id, 'DIRIGEANT'),
  };
  await setMemberTeams(db, club.id, me.DEUX_EQUIPES.id, [t1.id, t2.id]);
  await linkGuardian(db, club.id, me.PARENT_AUTRE_EQUIPE.id, player2.id);
  await setMemberHats(db, club.id, me.ENTRAINEUR_JOUEUR.id, {
    teams: [
      { id: t1.id, role: 'ENTRAINEUR' },
      { id: t2.id, role: 'JOUEUR' },
    ],
  });
  await setMemberHats(db, club.id, me.RESPONSABLE_JOUEUR.id, {
    roleClub: 'RESPONSABLE',
    teams: [{ id: t2.id, role: 'JOUEUR' }],
  });
  await linkGuardian(db, club.id, me.ENTRAINEUR_PARENT.id, player2.id);
  await linkGuardian(db, club.id, me.PARENT_DEUX_ENFANTS.id, player1.id);
  await linkGuardian(db, club.id, me.PARENT_DEUX_ENFANTS.id, player3.id);
  // Without team: in a team, the safeguarding rule would seat their guardian in the team's
  // conversation (decision 0121), which the matrix's tables do not say.
  const childNoEmail = await createMember(db, club.id, {
    role: 'JOUEUR',
    teamId: null,
    email: null,
    telephone: null,
    password: null,
    dateNaissance: `${new Date().getUTCFullYear() - 9}-06-01`,
  });
  await linkGuardian(db, club.id, me.PARENT_DEUX_ENFANTS.id, childNoEmail.id);
  // The same account in the other club: same e-mail, same password hash (decision 0112).
  const otherClubRowOfParent = await createMember(db, otherClub.id, {
    role: 'PARENT',
    email: me.PARENT_DEUX_ENFANTS.email,
    password: null,
    passwordHash: (
      await db
        .select({ h: members.passwordHash })
        .from(members)
        .where(eq(members.id, me.PARENT_DEUX_ENFANTS.id))
    )[0]!.h,
    activatedAt: new Date(),
  });

  const clients = { ANONYME: new TestClient(app) } as Record<Principal, TestClient>;
  for (const p of Object.keys(me) as SignedInPrincipal[]) clients[p] = await signIn(app, me[p]);
  const world: GridWorld = {
    app,
    club,
    otherClub,
    t1,
    t2,
    t3,
    otherTeam,
    me,
    player1,
    player2,
    player3,
    childNoEmail,
    otherClubRowOfParent,
    seq: () => ++counter,
    freshPlayer: (teamId = t2.id) => member(club.id, 'JOUEUR', teamId),
    freshMember: (role, teamId = null) => member(club.id, role, teamId),
    freshTeam: () =>
      createTeam(db, club.id, { nom: `Temp ${Date.now().toString(36)}${++counter}` }),
  };
  return { world, clients };
}

/** Sends a row's call as a principal (with the anti-forgery token for writes). */
export async function send(client: TestClient, call: GridCall): Promise<LightMyRequestResponse> {
  try {
    return await (call.client ?? client).raw({
      method: call.method,
      url: call.url,
      payload: call.body as never,
      headers: call.headers,
    });
  } finally {
    await call.restore?.();
  }
}
