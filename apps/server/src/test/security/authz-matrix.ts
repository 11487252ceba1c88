import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import {
  CLUB_PERMISSIONS,
  CONVOCATION_PERMISSIONS,
  EVENT_PERMISSIONS,
  EVENT_PRESENCE_PERMISSIONS,
  MATCH_PERMISSIONS,
  MEMBER_PERMISSIONS,
  TEAM_PERMISSIONS,
  mayEver,
  permits,
  type PermissionSubject,
  type PermissionTable,
  type PermissionTarget,
} from '@club/contract';
import { clubs } from '../../db/schema.ts';
import {
  DEFAULT_TEST_PASSWORD,
  createEvent,
  createMember,
  createTeam,
} from '../../db/factories.ts';
import { matchSync } from '../../features/matches/matches.sync.ts';
import { multipartFile } from '../http-utils.ts';
import type { GridCall, GridWorld, Principal, SignedInPrincipal } from '../policy-grid.ts';

/**
 * The authorization matrix (issue 16): every registered route × every principal of the policy
 * grid × four targets, the expected status derived from the contract's permission tables (one
 * source of truth) and the tenant rule of ARCHITECTURE §6 (another club's ids and missing ids
 * answer 404; anonymous 401). The grid's hand-written rows stay; this table is what makes a new
 * route fail until someone says what protects it.
 */
export const TARGETS = ['own', 'otherTeam', 'otherClub', 'missing'] as const;
export type Target = (typeof TARGETS)[number];

/** One side of the world: a club, two of its teams and what lives in them. */
export interface Slot {
  clubId: number;
  clubNom: string;
  team: { id: number; nom: string };
  player: { id: number };
  event: { id: number };
  /** A finished match of the team (its score is editable). */
  pastMatch: number;
  /** An upcoming match of the team, its players convoked. */
  futureMatch: number;
}

export interface MatrixWorld {
  w: GridWorld;
  /** Club A's T1 (the team of the team principals), T3 (nobody's), club B's B1 and B2. */
  a1: Slot;
  a3: Slot;
  b1: Slot;
  b2: Slot;
}

/** A resource a check names: a slot, or nothing that exists. */
export type Ref = Slot | 'missing';
export const MISSING_ID = 2_000_000_000;

export interface MatrixEntry {
  /** What the route acts on; 'none' when it names nothing (its own session decides). */
  resource: 'club' | 'team' | 'member' | 'event' | 'match' | 'none';
  /** The status of an allowed call. */
  ok: number;
  /** Whether the contract lets the subject act on the ref (the slot is in the subject's club). */
  allows: (s: PermissionSubject, ref: Slot) => boolean;
  call: (m: MatrixWorld, ref: Ref, p: Principal) => GridCall | Promise<GridCall>;
  /** The call would destroy the shared world when allowed: its allowed cells run last. */
  destroysWorld?: boolean;
  /**
   * The route refuses a role the table never lets act (scope 'none' for every target) before it
   * looks anything up: 403 whatever the target, which reveals nothing either.
   */
  roleFirst?: { never: (s: PermissionSubject) => boolean };
  /**
   * The target is named in the body (a create): a missing or foreign id is a field error (400)
   * for whoever may act on some target, 403 for the others; the same answer for both.
   */
  targetInBody?: true;
}

export type MatrixTable = Record<string, MatrixEntry | 'public'>;

const can =
  <A extends string>(
    table: PermissionTable<A>,
    action: A,
    target: (ref: Slot) => PermissionTarget = () => ({}),
  ) =>
  (s: PermissionSubject, ref: Slot) =>
    permits(table, s, action, target(ref));
/** The role may never do the action (its scope is 'none'). */
const never = <A extends string>(table: PermissionTable<A>, action: A) => ({
  never: (s: PermissionSubject) => !mayEver(table, s, action),
});
const teamTarget = (ref: Slot): PermissionTarget => ({ teamIds: [ref.team.id] });
const memberTarget = (ref: Slot): PermissionTarget => ({
  memberId: ref.player.id,
  teamIds: [ref.team.id],
});
/** A list the server filters to what the member may see: every member of the club gets it. */
const everyMemberOfTheClub = () => true;

const id = (ref: Ref, pick: (s: Slot) => number) => (ref === 'missing' ? MISSING_ID : pick(ref));
const clubId = (ref: Ref) => id(ref, (s) => s.clubId);
const teamId = (ref: Ref) => id(ref, (s) => s.team.id);

let seq = 0;
const next = () => ++seq;

/** The shared A and B club of a check that targets "missing": the principal's own club. */
const ownClubOf = (m: MatrixWorld, p: Principal) => (p === 'AUTRE_CLUB' ? m.b1 : m.a1);

export const PUBLIC = 'public' as const;

export const MATRIX: MatrixTable = {
  // public routes: their credential is in the request (a token, a password) or they show nothing
  // of a club; the grid and their own tests check them.
  'GET /api/health': PUBLIC,
  'GET /api/site': PUBLIC,
  'GET /api/accueil/stats': PUBLIC,
  'GET /api/accueil/stats/sports': PUBLIC,
  'GET /api/contact/captcha': PUBLIC,
  'POST /api/contact': PUBLIC,
  'GET /api/club/email-exists': PUBLIC,
  'GET /api/club/club-exists': PUBLIC,
  'POST /api/club/inscription': PUBLIC,
  'GET /auth/csrf': PUBLIC,
  'GET /api/calendrier/:fichier': PUBLIC,
  // signed links in e-mails: the answer to a convocation, the unsubscribe link
  'GET /api/convocations/reponse': PUBLIC,
  'POST /api/convocations/reponse': PUBLIC,
  'GET /api/notifications/desabonnement': PUBLIC,
  'POST /api/notifications/desabonnement': PUBLIC,
  'POST /auth/connexion/login': PUBLIC,
  'POST /auth/connexion/refresh': PUBLIC,
  'POST /auth/connexion/logout': PUBLIC,
  'POST /auth/connexion/mdpOublie': PUBLIC,
  'POST /auth/connexion/mdpUpdte': PUBLIC,
  'GET /api/membres/invitation/:token': PUBLIC,
  'POST /api/membres/invitation': PUBLIC,

  // account and session-scoped calls
  'POST /api/compte/mot-de-passe': {
    resource: 'none',
    ok: 400, // a wrong current password, checked after authentication
    allows: () => true,
    call: () => ({
      method: 'POST',
      url: '/api/compte/mot-de-passe',
      body: { currentPassword: 'pas-le-bon', newPassword: 'Nouveau-Secret-2026!' },
    }),
  },
  'GET /api/compte/donnees': {
    resource: 'none',
    ok: 200,
    allows: () => true,
    call: () => ({ method: 'GET', url: '/api/compte/donnees' }),
  },
  'DELETE /api/compte': {
    resource: 'none',
    ok: 400, // a wrong password, checked after authentication (the account stays)
    allows: () => true,
    call: () => ({
      method: 'DELETE',
      url: '/api/compte',
      body: { motDePasse: 'pas-le-bon' },
    }),
  },
  'GET /api/dashboard/infos': {
    resource: 'none',
    ok: 200,
    allows: () => true,
    call: () => ({ method: 'GET', url: '/api/dashboard/infos' }),
  },
  'GET /api/notifications/preferences': {
    resource: 'none',
    ok: 200,
    allows: () => true,
    call: () => ({ method: 'GET', url: '/api/notifications/preferences' }),
  },
  'PUT /api/notifications/preferences': {
    resource: 'none',
    ok: 200,
    allows: () => true,
    call: () => ({ method: 'PUT', url: '/api/notifications/preferences', body: { emails: true } }),
  },
  'DELETE /api/calendrier/abonnement': {
    resource: 'none',
    ok: 200,
    allows: () => true,
    call: () => ({ method: 'DELETE', url: '/api/calendrier/abonnement' }),
  },
  'POST /api/calendrier/abonnement': {
    resource: 'team',
    ok: 201,
    allows: can(EVENT_PERMISSIONS, 'read', teamTarget),
    call: (_m, ref) => ({
      method: 'POST',
      url: '/api/calendrier/abonnement',
      body: { equipeId: teamId(ref) },
    }),
  },

  // club
  'GET /api/clubs/:id': {
    resource: 'club',
    ok: 200,
    allows: can(CLUB_PERMISSIONS, 'read'),
    call: (_m, ref) => ({ method: 'GET', url: `/api/clubs/${clubId(ref)}` }),
  },
  'PUT /api/clubs/:id': {
    resource: 'club',
    ok: 200,
    allows: can(CLUB_PERMISSIONS, 'update'),
    call: (_m, ref) => ({
      method: 'PUT',
      url: `/api/clubs/${clubId(ref)}`,
      body: {
        nom: ref === 'missing' ? 'Club inexistant' : ref.clubNom,
        ville: 'Nantes',
        description: `Mise à jour ${next()}`,
      },
    }),
  },
  'GET /api/clubs/:id/logo': {
    resource: 'club',
    ok: 200,
    allows: can(CLUB_PERMISSIONS, 'read'),
    call: (_m, ref) => ({ method: 'GET', url: `/api/clubs/${clubId(ref)}/logo` }),
  },
  'POST /api/clubs/:id/logo': {
    resource: 'club',
    ok: 200,
    allows: can(CLUB_PERMISSIONS, 'logo'),
    call: async (_m, ref) => {
      const { payload, headers } = multipartFile(await png());
      return { method: 'POST', url: `/api/clubs/${clubId(ref)}/logo`, body: payload, headers };
    },
  },
  'DELETE /api/clubs/:id': {
    resource: 'club',
    ok: 200,
    allows: can(CLUB_PERMISSIONS, 'delete'),
    call: (_m, ref) => ({
      method: 'DELETE',
      url: `/api/clubs/${clubId(ref)}`,
      body: { motDePasse: DEFAULT_TEST_PASSWORD },
    }),
    destroysWorld: true,
  },

  // teams
  'GET /api/equipes/club/:clubId': {
    resource: 'club',
    ok: 200,
    allows: can(TEAM_PERMISSIONS, 'read'),
    call: (_m, ref) => ({ method: 'GET', url: `/api/equipes/club/${clubId(ref)}` }),
  },
  'GET /api/equipes/club/:clubId/resume': {
    resource: 'club',
    ok: 200,
    allows: can(TEAM_PERMISSIONS, 'read'),
    call: (_m, ref) => ({ method: 'GET', url: `/api/equipes/club/${clubId(ref)}/resume` }),
  },
  'GET /api/equipes/by-cat-div': {
    resource: 'none',
    ok: 200,
    allows: can(TEAM_PERMISSIONS, 'read'),
    call: () => ({ method: 'GET', url: '/api/equipes/by-cat-div?categorie=Senior&division=R1' }),
  },
  'GET /api/equipes/:id': {
    resource: 'team',
    ok: 200,
    allows: can(TEAM_PERMISSIONS, 'read', teamTarget),
    call: (_m, ref) => ({ method: 'GET', url: `/api/equipes/${teamId(ref)}` }),
  },
  'POST /api/equipes': {
    resource: 'club',
    ok: 201,
    allows: can(TEAM_PERMISSIONS, 'create'),
    call: (_m, ref) => ({
      method: 'POST',
      url: '/api/equipes',
      body: { nom: `Équipe ${next()}`, division: 'D1', category: 'U15', idClub: clubId(ref) },
    }),
  },
  'PUT /api/equipes/:id': {
    resource: 'team',
    ok: 200,
    allows: can(TEAM_PERMISSIONS, 'update', teamTarget),
    roleFirst: never(TEAM_PERMISSIONS, 'update'),
    call: async (m, ref, p) => {
      // a team of its own, so that renaming never disturbs the other checks
      const t = ref === 'missing' ? null : await freshTeam(m, ref);
      return {
        method: 'PUT',
        url: `/api/equipes/${t?.id ?? MISSING_ID}`,
        body: {
          nom: `Renommée ${next()}`,
          division: 'D2',
          category: 'U13',
          // the caller's own club: the team id alone must not reveal another club's team
          idClub: ownClubOf(m, p).clubId,
        },
      };
    },
  },
  'DELETE /api/equipes/:id': {
    resource: 'team',
    ok: 200,
    allows: can(TEAM_PERMISSIONS, 'delete', teamTarget),
    roleFirst: never(TEAM_PERMISSIONS, 'delete'),
    call: async (m, ref) => ({
      method: 'DELETE',
      url: `/api/equipes/${ref === 'missing' ? MISSING_ID : (await freshTeam(m, ref)).id}`,
    }),
  },

  // members
  'GET /api/membres/club/:clubId': {
    resource: 'club',
    ok: 200,
    allows: can(MEMBER_PERMISSIONS, 'listClub'),
    call: (_m, ref) => ({ method: 'GET', url: `/api/membres/club/${clubId(ref)}` }),
  },
  'GET /api/membres/club/:clubId/recherche': {
    resource: 'club',
    ok: 200,
    allows: can(MEMBER_PERMISSIONS, 'searchClub'),
    call: (_m, ref) => ({ method: 'GET', url: `/api/membres/club/${clubId(ref)}/recherche?nom=a` }),
  },
  'POST /api/membres': {
    resource: 'team',
    ok: 201,
    allows: can(MEMBER_PERMISSIONS, 'create'),
    roleFirst: never(MEMBER_PERMISSIONS, 'create'),
    targetInBody: true,
    call: (m, ref, p) => ({
      method: 'POST',
      url: '/api/membres',
      body: {
        nom: 'Nouveau',
        prenom: 'Membre',
        dateDeNaissance: '2001-02-03',
        genre: 'Homme',
        email: `matrice.${next()}.${Date.now().toString(36)}@example.org`,
        numeroTelephone: '0611223344',
        role: 'JOUEUR',
        equipesIds: [teamId(ref)],
        clubId: ownClubOf(m, p).clubId,
      },
    }),
  },
  'GET /api/membres/:id': {
    resource: 'member',
    ok: 200,
    allows: can(MEMBER_PERMISSIONS, 'read', memberTarget),
    call: (_m, ref) => ({ method: 'GET', url: `/api/membres/${id(ref, (s) => s.player.id)}` }),
  },
  'PUT /api/membres/:id': {
    resource: 'member',
    ok: 200,
    // numero and poste: fields a leader and a coach of the player may both change
    allows: can(MEMBER_PERMISSIONS, 'update', memberTarget),
    call: (_m, ref) => ({
      method: 'PUT',
      url: `/api/membres/${id(ref, (s) => s.player.id)}`,
      body: { numero: 1 + (next() % 90), poste: `Poste ${next()}` },
    }),
  },
  'DELETE /api/membres/:id': {
    resource: 'member',
    ok: 200,
    allows: can(MEMBER_PERMISSIONS, 'delete', memberTarget),
    call: async (m, ref) => ({
      method: 'DELETE',
      url: `/api/membres/${ref === 'missing' ? MISSING_ID : (await freshPlayer(m, ref)).id}`,
    }),
  },
  'POST /api/membres/:id/invitation': {
    resource: 'member',
    ok: 200,
    allows: can(MEMBER_PERMISSIONS, 'resendInvitation', memberTarget),
    call: async (m, ref) => ({
      method: 'POST',
      url: `/api/membres/${ref === 'missing' ? MISSING_ID : (await freshPlayer(m, ref, null)).id}/invitation`,
    }),
  },
  'GET /api/membres/:clubId/equipe/:nomEquipe': {
    resource: 'team',
    ok: 200,
    allows: can(MEMBER_PERMISSIONS, 'readTeam', teamTarget),
    call: (m, ref, p) =>
      ref === 'missing'
        ? { method: 'GET', url: `/api/membres/${ownClubOf(m, p).clubId}/equipe/Inexistante` }
        : {
            method: 'GET',
            url: `/api/membres/${ref.clubId}/equipe/${encodeURIComponent(ref.team.nom)}`,
          },
  },
  'GET /api/membres/recherche/equipe': {
    resource: 'team',
    ok: 200,
    allows: can(MEMBER_PERMISSIONS, 'readTeam', teamTarget),
    call: (m, ref, p) => {
      const [club, nom] =
        ref === 'missing' ? [ownClubOf(m, p).clubId, 'Inexistante'] : [ref.clubId, ref.team.nom];
      return {
        method: 'GET',
        url: `/api/membres/recherche/equipe?clubId=${club}&nomEquipe=${encodeURIComponent(nom)}`,
      };
    },
  },

  // events
  'GET /api/evenements/club/:clubId': {
    resource: 'club',
    ok: 200,
    allows: everyMemberOfTheClub,
    call: (_m, ref) => ({ method: 'GET', url: `/api/evenements/club/${clubId(ref)}` }),
  },
  'GET /api/evenements/:id': {
    resource: 'event',
    ok: 200,
    allows: can(EVENT_PERMISSIONS, 'read', teamTarget),
    call: (_m, ref) => ({ method: 'GET', url: `/api/evenements/${id(ref, (s) => s.event.id)}` }),
  },
  'GET /api/evenements/:id/presences': {
    resource: 'event',
    ok: 200,
    allows: can(EVENT_PRESENCE_PERMISSIONS, 'read', teamTarget),
    call: (_m, ref) => ({
      method: 'GET',
      url: `/api/evenements/${id(ref, (s) => s.event.id)}/presences`,
    }),
  },
  'PUT /api/evenements/:id/presence': {
    resource: 'event',
    // the slot's training is over (January 2026): an allowed answer reaches the time check
    ok: 409,
    allows: can(EVENT_PRESENCE_PERMISSIONS, 'answer', memberTarget),
    call: (m, ref, p) => ({
      method: 'PUT',
      url: `/api/evenements/${id(ref, (s) => s.event.id)}/presence`,
      body: {
        joueurId: ref === 'missing' ? ownClubOf(m, p).player.id : ref.player.id,
        statutPresence: 'DISPONIBLE',
      },
    }),
  },
  'POST /api/evenements': {
    resource: 'team',
    ok: 201,
    allows: can(EVENT_PERMISSIONS, 'create', teamTarget),
    targetInBody: true,
    call: (m, ref, p) => ({
      method: 'POST',
      url: '/api/evenements',
      body: eventBody(ownClubOf(m, p).clubId, teamId(ref)),
    }),
  },
  'PUT /api/evenements/:id': {
    resource: 'event',
    ok: 200,
    allows: can(EVENT_PERMISSIONS, 'update', teamTarget),
    call: (m, ref, p) => ({
      method: 'PUT',
      url: `/api/evenements/${id(ref, (s) => s.event.id)}`,
      body: eventBody(
        ref === 'missing' ? ownClubOf(m, p).clubId : ref.clubId,
        ref === 'missing' ? ownClubOf(m, p).team.id : ref.team.id,
      ),
    }),
  },
  'DELETE /api/evenements/:id': {
    resource: 'event',
    ok: 200,
    allows: can(EVENT_PERMISSIONS, 'delete', teamTarget),
    call: async (m, ref) => ({
      method: 'DELETE',
      url: `/api/evenements/${ref === 'missing' ? MISSING_ID : (await freshEvent(m, ref)).id}`,
    }),
  },

  // matches, scores, convocations
  'GET /api/matches/equipe/:id': {
    resource: 'team',
    ok: 200,
    allows: can(MATCH_PERMISSIONS, 'read', teamTarget),
    call: (_m, ref) => ({ method: 'GET', url: `/api/matches/equipe/${teamId(ref)}` }),
  },
  'GET /api/matches/:id': {
    resource: 'match',
    ok: 200,
    allows: can(MATCH_PERMISSIONS, 'read', teamTarget),
    call: (_m, ref) => ({ method: 'GET', url: `/api/matches/${id(ref, (s) => s.pastMatch)}` }),
  },
  'GET /api/matches/:id/convocations': {
    resource: 'match',
    ok: 200,
    allows: can(CONVOCATION_PERMISSIONS, 'read', teamTarget),
    call: (_m, ref) => ({
      method: 'GET',
      url: `/api/matches/${id(ref, (s) => s.futureMatch)}/convocations`,
    }),
  },
  'PUT /api/matches/:id/score': {
    resource: 'match',
    ok: 200,
    allows: can(MATCH_PERMISSIONS, 'editScore', teamTarget),
    call: (_m, ref) => ({
      method: 'PUT',
      url: `/api/matches/${id(ref, (s) => s.pastMatch)}/score`,
      body: { scoreDomicile: next() % 9, scoreExterieur: 1 },
    }),
  },
  'PUT /api/matches/:id/annulation': {
    resource: 'match',
    ok: 200,
    allows: can(MATCH_PERMISSIONS, 'cancel', teamTarget),
    call: async (m, ref) => ({
      method: 'PUT',
      url: `/api/matches/${ref === 'missing' ? MISSING_ID : await freshMatch(m, ref, FUTURE)}/annulation`,
      body: { annule: true },
    }),
  },
  'PUT /api/matches/:id/convocations': {
    resource: 'match',
    ok: 200,
    // the row of the team's player: coach and leaders write it; the player is not the principal
    allows: can(CONVOCATION_PERMISSIONS, 'answer', memberTarget),
    call: (m, ref, p) => ({
      method: 'PUT',
      url: `/api/matches/${id(ref, (s) => s.futureMatch)}/convocations`,
      body: {
        items: [
          {
            joueurId: ref === 'missing' ? ownClubOf(m, p).player.id : ref.player.id,
            statutPresence: 'DISPONIBLE',
            justification: null,
          },
        ],
      },
    }),
  },

  // dashboards
  'GET /api/dashboard/evenements/:id': {
    resource: 'team',
    ok: 200,
    allows: can(EVENT_PERMISSIONS, 'read', teamTarget),
    call: (_m, ref) => ({ method: 'GET', url: `/api/dashboard/evenements/${teamId(ref)}` }),
  },
  'GET /api/dashboard/membres/:id': {
    resource: 'team',
    ok: 200,
    allows: can(MEMBER_PERMISSIONS, 'readTeam', teamTarget),
    call: (_m, ref) => ({ method: 'GET', url: `/api/dashboard/membres/${teamId(ref)}` }),
  },
};

const PAST = { dateDebut: '2020-03-01 15:00:00', dateFin: '2020-03-01 17:00:00' };
const FUTURE = { dateDebut: '2099-03-01 15:00:00', dateFin: '2099-03-01 17:00:00' };

let day = 0;
function eventBody(club: number, team: number) {
  const d = new Date(Date.UTC(2028, 0, 1 + (++day % 300))).toISOString().slice(0, 10);
  return {
    nom: `Séance ${next()}`,
    lieux: 'Gymnase',
    type: 'ENTRAINEMENT',
    equipesIds: [team],
    clubId: club,
    dateDebut: `${d}T18:00:00`,
    dateFin: `${d}T20:00:00`,
  };
}

const png = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#0a0' } })
    .png()
    .toBuffer();

async function freshTeam(m: MatrixWorld, ref: Slot) {
  return createTeam(m.w.app.db, ref.clubId, {
    nom: `Matrice ${next()} ${Date.now().toString(36)}`,
  });
}
async function freshPlayer(m: MatrixWorld, ref: Slot, password?: null) {
  return createMember(m.w.app.db, ref.clubId, {
    role: 'JOUEUR',
    teamId: ref.team.id,
    ...(password === null ? { password: null } : {}),
  });
}
async function freshEvent(m: MatrixWorld, ref: Slot) {
  return createEvent(m.w.app.db, ref.clubId, { nom: `Matrice ${next()}`, teamIds: [ref.team.id] });
}
/** A match of the slot's team against an outside opponent (its players convoked). */
async function freshMatch(
  m: MatrixWorld,
  ref: Pick<Slot, 'clubId' | 'team'>,
  when: { dateDebut: string; dateFin: string },
) {
  const db = m.w.app.db;
  const event = await createEvent(db, ref.clubId, {
    nom: `Match ${next()}`,
    type: 'MATCH',
    lieux: 'Stade municipal',
    ...when,
    teamIds: [ref.team.id],
  });
  const { matchId } = await db.transaction((tx) =>
    matchSync.upsertForEvent(tx, ref.clubId, event.id, {
      homeTeamId: ref.team.id,
      awayTeamId: null,
      opponentName: 'FC Extérieur',
    }),
  );
  return matchId;
}

/** Adds to the grid's world what the matrix's targets need (club B's second team, logos…). */
export async function buildMatrixWorld(w: GridWorld): Promise<MatrixWorld> {
  const db = w.app.db;
  const b2Team = await createTeam(db, w.otherClub.id, { nom: 'Beta 2', categorie: 'U17' });
  const slot = async (
    club: { id: number; nom: string },
    team: { id: number; nom: string },
    player: { id: number },
  ): Promise<Slot> => ({
    clubId: club.id,
    clubNom: club.nom,
    team: { id: team.id, nom: team.nom },
    player: { id: player.id },
    event: await createEvent(db, club.id, { nom: `Séance ${next()}`, teamIds: [team.id] }),
    pastMatch: 0,
    futureMatch: 0,
  });
  const m: MatrixWorld = {
    w,
    a1: await slot(w.club, w.t1, w.player1),
    a3: await slot(w.club, w.t3, w.player3),
    b1: await slot(
      w.otherClub,
      w.otherTeam,
      await createMember(db, w.otherClub.id, { role: 'JOUEUR', teamId: w.otherTeam.id }),
    ),
    b2: await slot(
      w.otherClub,
      b2Team,
      await createMember(db, w.otherClub.id, { role: 'JOUEUR', teamId: b2Team.id }),
    ),
  };
  for (const s of [m.a1, m.a3, m.b1, m.b2]) {
    s.pastMatch = await freshMatch(m, s, PAST);
    s.futureMatch = await freshMatch(m, s, FUTURE);
  }
  for (const c of [w.club.id, w.otherClub.id]) {
    await db
      .update(clubs)
      .set({ logo: await png(), logoMime: 'image/png', logoUpdatedAt: new Date() })
      .where(eq(clubs.id, c));
  }
  return m;
}

/** The principal as the permission tables see it (the grid world's teams and children). */
export function subjectOf(m: MatrixWorld, p: SignedInPrincipal): PermissionSubject {
  const { w } = m;
  const teams: Record<SignedInPrincipal, number[]> = {
    DIRIGEANT: [],
    RESPONSABLE: [],
    ENTRAINEUR: [w.t1.id],
    JOUEUR: [w.t1.id],
    PARENT: [w.t1.id],
    PARENT_AUTRE_EQUIPE: [w.t1.id],
    DEUX_EQUIPES: [w.t1.id, w.t2.id],
    SANS_EQUIPE: [],
    AUTRE_CLUB: [],
  };
  const child = p === 'PARENT_AUTRE_EQUIPE';
  return {
    id: w.me[p].id,
    role: w.me[p].role,
    teamIds: teams[p],
    childIds: child ? [w.player2.id] : [],
    childTeamIds: child ? [w.t2.id] : [],
  };
}

/** What a target means for a principal: club A's principals see A1/A3/B1, club B's B1/B2/A1. */
/** The targets a route's checks use (a club has no "other team"; 'none' names nothing). */
export function targetsOf(e: MatrixEntry): readonly Target[] {
  if (e.resource === 'none') return ['own'];
  if (e.resource === 'club') return ['own', 'otherClub', 'missing'];
  return TARGETS;
}

export function refFor(m: MatrixWorld, p: Principal, t: Target): Ref {
  const mine = p === 'AUTRE_CLUB' ? [m.b1, m.b2, m.a1] : [m.a1, m.a3, m.b1];
  if (t === 'missing') return 'missing';
  return mine[['own', 'otherTeam', 'otherClub'].indexOf(t)]!;
}

/** The expected status: 401 anonymous; 404 another club's or a missing id; else the table. */
export function expected(m: MatrixWorld, e: MatrixEntry, p: Principal, t: Target): number {
  if (p === 'ANONYME') return 401;
  const own = ownClubOf(m, p);
  if (e.resource === 'none') return e.allows(subjectOf(m, p), own) ? e.ok : 403;
  const subject = subjectOf(m, p);
  if (e.roleFirst?.never(subject)) return 403;
  const ref = refFor(m, p, t);
  if (ref === 'missing' || ref.clubId !== own.clubId) {
    if (!e.targetInBody) return 404;
    const unknown: Slot = { ...own, team: { id: MISSING_ID, nom: '' }, player: { id: MISSING_ID } };
    return e.allows(subject, unknown) ? 400 : 403;
  }
  return e.allows(subject, ref) ? e.ok : 403;
}
