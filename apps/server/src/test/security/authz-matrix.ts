import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import {
  api,
  listEndpoints,
  isStaffFor,
  mayEver,
  permits,
  type EndpointSpec,
  type PermissionSubject,
  type PermissionTarget,
} from '@club/contract';
import {
  announcementTeams,
  announcements as announcementsTable,
  carpoolOffers,
  clubs,
  conversations as conversationsTable,
  matchActions,
  duties as dutiesTable,
  messages as messagesTable,
} from '../../db/schema.ts';
import {
  DEFAULT_TEST_PASSWORD,
  createEvent,
  createMember,
  createPayment,
  createTeam,
} from '../../db/factories.ts';
import { matchSync } from '../../features/matches/matches.sync.ts';
import { deleteKeepingSnapshot } from '../../features/members/members.deletion.ts';
import { multipartFile } from '../http-utils.ts';
import { browserSubscription } from '../push-receiver.ts';
import {
  gridCall,
  type GridCall,
  type GridWorld,
  type Principal,
  type SignedInPrincipal,
} from '../policy-grid.ts';

/**
 * The authorization matrix: every endpoint of the contract × every principal of the authorization
 * world × five targets, the expected status derived from the endpoint's declared access
 * (packages/contract/src/api: `can(TABLE, action)`, `SESSION`, `FILTERED`) and the tenant rule
 * (another club's ids and missing ids answer 404; anonymous 401). What the test side adds per
 * endpoint is only how to call it on a target (MATRIX below): a new endpoint fails the suite until
 * it has its entry.
 */
export const TARGETS = ['own', 'secondTeam', 'otherTeam', 'otherClub', 'missing'] as const;
export type Target = (typeof TARGETS)[number];

/** One side of the world: a club, one of its teams and what lives in it. */
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
  /**
   * Club A's T1 (the team of the team principals), T2 (DEUX_EQUIPES's second team, the team of
   * PARENT_AUTRE_EQUIPE's child), T3 (nobody's), club B's B1 and B2.
   */
  a1: Slot;
  a2: Slot;
  a3: Slot;
  b1: Slot;
  b2: Slot;
}

/** A resource a check names: a slot, or nothing that exists. */
export type Ref = Slot | 'missing';
export const MISSING_ID = 2_000_000_000;

export interface MatrixEntry {
  /** What the route names: which targets its checks use ('none': its own session decides). */
  resource: 'club' | 'team' | 'member' | 'event' | 'match' | 'announcement' | 'none';
  /**
   * What the permission table is asked about: the slot's team ('team'), the slot's player in its
   * team ('member'), or nothing in particular (absent: club-wide actions).
   */
  target?: 'team' | 'member';
  /** The status of an allowed call (it may depend on who calls, on the target's slot). */
  ok: number | ((subject: PermissionSubject, slot: Slot) => number);
  call: (m: MatrixWorld, ref: Ref, p: Principal) => GridCall | Promise<GridCall>;
  /** The call would destroy the shared world when allowed: its allowed cells run last. */
  destroysWorld?: boolean;
  /**
   * The target is named in the body (a create): a missing or foreign id is a field error (400)
   * for whoever may act on some target, 403 for the others; the same answer for both.
   */
  targetInBody?: true;
}

/** Entries by endpoint name ('members.get'), for every endpoint that is not public. */
export type MatrixTable = Record<string, MatrixEntry>;

const teamTarget = (ref: Slot): PermissionTarget => ({ teamIds: [ref.team.id] });
const memberTarget = (ref: Slot): PermissionTarget => ({
  memberId: ref.player.id,
  teamIds: [ref.team.id],
});

/** Every endpoint of the contract by name. */
export const ENDPOINTS: ReadonlyMap<string, EndpointSpec> = new Map(listEndpoints(api));

/** Whether the endpoint's declared access lets the subject act on the slot. */
export function allows(name: string, e: MatrixEntry, s: PermissionSubject, ref: Slot): boolean {
  const access = ENDPOINTS.get(name)!.access;
  switch (access.kind) {
    case 'public':
    case 'session':
    case 'filtered':
      return true;
    case 'permission': {
      const target =
        e.target === 'member' ? memberTarget(ref) : e.target === 'team' ? teamTarget(ref) : {};
      return permits(access.table, s, access.action, target);
    }
  }
}

/** The role may never do the endpoint's action (its scope is 'none' for every target). */
function neverAllowed(name: string, s: PermissionSubject): boolean {
  const access = ENDPOINTS.get(name)!.access;
  return access.kind === 'permission' && !mayEver(access.table, s, access.action);
}

const id = (ref: Ref, pick: (s: Slot) => number) => (ref === 'missing' ? MISSING_ID : pick(ref));
const clubId = (ref: Ref) => id(ref, (s) => s.clubId);
const teamId = (ref: Ref) => id(ref, (s) => s.team.id);

let seq = 0;
const next = () => ++seq;
/** A browser's subscription keys (a real P-256 point and auth secret: the server checks them). */
const PUSH_KEYS = browserSubscription('https://push.example.org/x').json.keys;

/** The shared A and B club of a check that targets "missing": the principal's own club. */
const ownClubOf = (m: MatrixWorld, p: Principal) => (p === 'AUTRE_CLUB' ? m.b1 : m.a1);
/** An answer to the slot's training, which is over: 200 for its staff, 409 for anyone else. */
const trainingOverAnswer = (subject: PermissionSubject, slot: Slot) =>
  isStaffFor(subject, [slot.team.id]) ? 200 : 409;

export const MATRIX: MatrixTable = {
  // account and session-scoped calls
  'auth.changePassword': {
    resource: 'none',
    ok: 400, // a wrong current password, checked after authentication
    call: () =>
      gridCall(api.auth.changePassword, {
        body: { currentPassword: 'pas-le-bon', newPassword: 'Nouveau-Secret-2026!' },
      }),
  },
  'auth.switchClub': {
    resource: 'none',
    // A club of no account (checked after authentication): an allowed switch would revoke the
    // principal's session; the two-club account's switch is a row of auth.grid.ts.
    ok: 403,
    call: () => gridCall(api.auth.switchClub, { body: { idClub: MISSING_ID } }),
  },
  'auth.exportData': {
    resource: 'none',
    ok: 200,
    call: () => gridCall(api.auth.exportData),
  },
  'auth.deleteAccount': {
    resource: 'none',
    ok: 400, // a wrong password, checked after authentication (the account stays)
    call: () => gridCall(api.auth.deleteAccount, { body: { motDePasse: 'pas-le-bon' } }),
  },
  'dashboard.infos': {
    resource: 'none',
    ok: 200,
    call: () => gridCall(api.dashboard.infos),
  },
  'dashboard.home': {
    resource: 'none',
    ok: 200,
    call: () => gridCall(api.dashboard.home),
  },
  'notifications.preferences': {
    resource: 'none',
    ok: 200,
    call: () => gridCall(api.notifications.preferences),
  },
  'notifications.setPreferences': {
    resource: 'none',
    ok: 200,
    call: () => gridCall(api.notifications.setPreferences, { body: { emails: true } }),
  },
  // the live stream: an EventSource asks for text/event-stream; a plain call is refused after
  // authentication (its scope is each event's own rule: features/live/live.test.ts)
  'live.stream': {
    resource: 'none',
    ok: 406,
    call: () => gridCall(api.live.stream),
  },
  'calendarFeeds.state': {
    resource: 'none',
    ok: 200,
    call: () => gridCall(api.calendarFeeds.state),
  },
  'calendarFeeds.revoke': {
    resource: 'none',
    ok: 200,
    call: () => gridCall(api.calendarFeeds.revoke),
  },
  'calendarFeeds.subscribe': {
    resource: 'team',
    ok: 201,
    target: 'team',
    call: (_m, ref) => gridCall(api.calendarFeeds.subscribe, { body: { equipeId: teamId(ref) } }),
  },

  // club
  'clubs.create': {
    resource: 'none',
    // An unknown sport (checked after authentication): an allowed call creates a club; the
    // creation is tested in features/auth/accounts.test.ts.
    ok: 400,
    // The body is one the declaration cannot type: the path and method come from it.
    call: () => ({
      method: api.clubs.create.method,
      url: api.clubs.create.path,
      body: { nomClub: `Club matrice ${next()}`, sportNom: 'Curling' },
    }),
  },
  'clubs.get': {
    resource: 'club',
    ok: 200,
    call: (_m, ref) => gridCall(api.clubs.get, { params: { id: clubId(ref) } }),
  },
  'clubs.update': {
    resource: 'club',
    ok: 200,
    call: (_m, ref) =>
      gridCall(api.clubs.update, {
        params: { id: clubId(ref) },
        body: {
          nom: ref === 'missing' ? 'Club inexistant' : ref.clubNom,
          ville: 'Nantes',
          description: `Mise à jour ${next()}`,
        },
      }),
  },
  'clubs.logo': {
    resource: 'club',
    ok: 200,
    call: (_m, ref) => gridCall(api.clubs.logo, { params: { id: clubId(ref) } }),
  },
  'clubs.setLogo': {
    resource: 'club',
    ok: 200,
    call: async (_m, ref) => {
      const { payload, headers } = multipartFile(await png());
      return {
        ...gridCall(api.clubs.setLogo, { params: { id: clubId(ref) }, body: new FormData() }),
        body: payload,
        headers,
      };
    },
  },
  'clubs.remove': {
    resource: 'club',
    ok: 200,
    call: (_m, ref) =>
      gridCall(api.clubs.remove, {
        params: { id: clubId(ref) },
        body: { motDePasse: DEFAULT_TEST_PASSWORD },
      }),
    destroysWorld: true,
  },

  // teams
  'teams.listClub': {
    resource: 'club',
    ok: 200,
    call: (_m, ref) => gridCall(api.teams.listClub, { params: { clubId: clubId(ref) } }),
  },
  'teams.summaries': {
    resource: 'club',
    ok: 200,
    call: (_m, ref) => gridCall(api.teams.summaries, { params: { clubId: clubId(ref) } }),
  },
  'teams.byCategoryDivision': {
    resource: 'none',
    ok: 200,
    call: () =>
      gridCall(api.teams.byCategoryDivision, { query: { categorie: 'Senior', division: 'R1' } }),
  },
  'teams.get': {
    resource: 'team',
    ok: 200,
    target: 'team',
    call: (_m, ref) => gridCall(api.teams.get, { params: { id: teamId(ref) } }),
  },
  'teams.create': {
    resource: 'club',
    ok: 201,
    call: (_m, ref) =>
      gridCall(api.teams.create, {
        body: { nom: `Équipe ${next()}`, division: 'D1', category: 'U15', idClub: clubId(ref) },
      }),
  },
  'teams.update': {
    resource: 'team',
    ok: 200,
    target: 'team',
    call: async (m, ref, p) => {
      // a team of its own, so that renaming never disturbs the other checks
      const t = ref === 'missing' ? null : await freshTeam(m, ref);
      return gridCall(api.teams.update, {
        params: { id: t?.id ?? MISSING_ID },
        body: {
          nom: `Renommée ${next()}`,
          division: 'D2',
          category: 'U13',
          // the caller's own club: the team id alone must not reveal another club's team
          idClub: ownClubOf(m, p).clubId,
        },
      });
    },
  },
  'teams.remove': {
    resource: 'team',
    ok: 200,
    target: 'team',
    call: async (m, ref) =>
      gridCall(api.teams.remove, {
        params: { id: ref === 'missing' ? MISSING_ID : (await freshTeam(m, ref)).id },
      }),
  },

  // members
  'members.listClub': {
    resource: 'club',
    ok: 200,
    call: (_m, ref) => gridCall(api.members.listClub, { params: { clubId: clubId(ref) } }),
  },
  'members.searchClub': {
    resource: 'club',
    ok: 200,
    call: (_m, ref) =>
      gridCall(api.members.searchClub, { params: { clubId: clubId(ref) }, query: { nom: 'a' } }),
  },
  'members.create': {
    resource: 'team',
    ok: 201,
    targetInBody: true,
    call: (m, ref, p) =>
      gridCall(api.members.create, {
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
  'members.get': {
    resource: 'member',
    ok: 200,
    target: 'member',
    call: (_m, ref) => gridCall(api.members.get, { params: { id: id(ref, (s) => s.player.id) } }),
  },
  'members.update': {
    resource: 'member',
    ok: 200,
    // numero and poste: fields a leader and a coach of the player may both change
    target: 'member',
    call: (_m, ref) =>
      gridCall(api.members.update, {
        params: { id: id(ref, (s) => s.player.id) },
        body: { numero: 1 + (next() % 90), poste: `Poste ${next()}` },
      }),
  },
  'members.remove': {
    resource: 'member',
    ok: 200,
    target: 'member',
    call: async (m, ref) =>
      gridCall(api.members.remove, {
        params: { id: ref === 'missing' ? MISSING_ID : (await freshPlayer(m, ref)).id },
      }),
  },
  'members.restore': {
    resource: 'member',
    ok: 200,
    target: 'member',
    call: async (m, ref) =>
      gridCall(api.members.restore, {
        params: { id: ref === 'missing' ? MISSING_ID : (await deletedPlayer(m, ref)).id },
      }),
  },
  'members.resendInvitation': {
    resource: 'member',
    ok: 200,
    target: 'member',
    call: async (m, ref) =>
      gridCall(api.members.resendInvitation, {
        params: { id: ref === 'missing' ? MISSING_ID : (await freshPlayer(m, ref, null)).id },
      }),
  },
  'members.listTeam': {
    resource: 'team',
    ok: 200,
    target: 'team',
    call: (m, ref, p) =>
      ref === 'missing'
        ? gridCall(api.members.listTeam, {
            params: { clubId: ownClubOf(m, p).clubId, nomEquipe: 'Inexistante' },
          })
        : gridCall(api.members.listTeam, {
            params: { clubId: ref.clubId, nomEquipe: ref.team.nom },
          }),
  },
  'members.searchTeam': {
    resource: 'team',
    ok: 200,
    target: 'team',
    call: (m, ref, p) => {
      const [club, nom] =
        ref === 'missing' ? [ownClubOf(m, p).clubId, 'Inexistante'] : [ref.clubId, ref.team.nom];
      return gridCall(api.members.searchTeam, { query: { clubId: club, nomEquipe: nom } });
    },
  },

  // the season's members file and players without a team
  'members.export': {
    resource: 'club',
    ok: 200,
    call: (_m, ref) => gridCall(api.members.export, { params: { clubId: clubId(ref) } }),
  },
  'members.import': {
    resource: 'club',
    // a simulation: the file is read and checked, nothing is written
    ok: 200,
    call: (_m, ref) => {
      const csv = `Nom;Prénom;E-mail\r\nNouveau;Membre;matrice.import.${next()}@example.org\r\n`;
      const { payload, headers } = multipartFile(Buffer.from(csv), {
        field: 'fichier',
        filename: 'membres.csv',
        type: 'text/csv',
      });
      return {
        ...gridCall(api.members.import, {
          params: { clubId: clubId(ref) },
          query: { simulation: 'true' },
          body: new FormData(),
        }),
        body: payload,
        headers,
      };
    },
  },
  'members.assignTeam': {
    resource: 'team',
    // the slot's player joins the slot's team: already in it, nothing changes
    ok: 200,
    call: (m, ref, p) =>
      gridCall(api.members.assignTeam, {
        params: { id: teamId(ref) },
        body: { ajouter: [ref === 'missing' ? ownClubOf(m, p).player.id : ref.player.id] },
      }),
  },

  // events
  'events.listClub': {
    resource: 'club',
    ok: 200,
    call: (_m, ref) => gridCall(api.events.listClub, { params: { clubId: clubId(ref) } }),
  },
  'events.get': {
    resource: 'event',
    ok: 200,
    target: 'team',
    call: (_m, ref) => gridCall(api.events.get, { params: { id: id(ref, (s) => s.event.id) } }),
  },
  'events.presences': {
    resource: 'event',
    ok: 200,
    target: 'team',
    call: (_m, ref) =>
      gridCall(api.events.presences, { params: { id: id(ref, (s) => s.event.id) } }),
  },
  'events.answerPresence': {
    resource: 'event',
    // the slot's training is over (January 2026): its staff still take the roll call, anyone
    // else allowed reaches the time check (decision 0101)
    ok: trainingOverAnswer,
    target: 'member',
    call: (m, ref, p) =>
      gridCall(api.events.answerPresence, {
        params: { id: id(ref, (s) => s.event.id) },
        body: {
          joueurId: ref === 'missing' ? ownClubOf(m, p).player.id : ref.player.id,
          statutPresence: 'DISPONIBLE',
        },
      }),
  },
  'events.rollCall': {
    resource: 'event',
    ok: trainingOverAnswer,
    target: 'member',
    call: (m, ref, p) =>
      gridCall(api.events.rollCall, {
        params: { id: id(ref, (s) => s.event.id) },
        body: {
          presences: [
            {
              joueurId: ref === 'missing' ? ownClubOf(m, p).player.id : ref.player.id,
              statutPresence: 'DISPONIBLE',
            },
          ],
        },
      }),
  },
  'events.create': {
    resource: 'team',
    ok: 201,
    target: 'team',
    targetInBody: true,
    call: (m, ref, p) =>
      gridCall(api.events.create, { body: eventBody(ownClubOf(m, p).clubId, teamId(ref)) }),
  },
  'events.update': {
    resource: 'event',
    ok: 200,
    target: 'team',
    call: (m, ref, p) =>
      gridCall(api.events.update, {
        params: { id: id(ref, (s) => s.event.id) },
        body: eventBody(
          ref === 'missing' ? ownClubOf(m, p).clubId : ref.clubId,
          ref === 'missing' ? ownClubOf(m, p).team.id : ref.team.id,
        ),
      }),
  },
  'events.remove': {
    resource: 'event',
    ok: 200,
    target: 'team',
    call: async (m, ref) =>
      gridCall(api.events.remove, {
        params: { id: ref === 'missing' ? MISSING_ID : (await freshEvent(m, ref)).id },
      }),
  },

  // matches, scores, convocations
  'matches.listTeam': {
    resource: 'team',
    ok: 200,
    target: 'team',
    call: (_m, ref) => gridCall(api.matches.listTeam, { params: { id: teamId(ref) } }),
  },
  'matches.get': {
    resource: 'match',
    ok: 200,
    target: 'team',
    call: (_m, ref) => gridCall(api.matches.get, { params: { id: id(ref, (s) => s.pastMatch) } }),
  },
  'matches.convocations': {
    resource: 'match',
    ok: 200,
    target: 'team',
    call: (_m, ref) =>
      gridCall(api.matches.convocations, { params: { id: id(ref, (s) => s.futureMatch) } }),
  },
  'matches.score': {
    resource: 'match',
    ok: 200,
    target: 'team',
    call: (_m, ref) =>
      gridCall(api.matches.score, {
        params: { id: id(ref, (s) => s.pastMatch) },
        body: { scoreDomicile: next() % 9, scoreExterieur: 1 },
      }),
  },
  'matches.cancel': {
    resource: 'match',
    ok: 200,
    target: 'team',
    call: async (m, ref) =>
      gridCall(api.matches.cancel, {
        params: { id: ref === 'missing' ? MISSING_ID : await freshMatch(m, ref, FUTURE) },
        body: { annule: true },
      }),
  },
  'matches.selection': {
    resource: 'match',
    ok: 200,
    target: 'team',
    // NON_RETENU is allowed whatever the player answered; nothing is published (no mail)
    call: (m, ref, p) =>
      gridCall(api.matches.selection, {
        params: { id: id(ref, (s) => s.futureMatch) },
        body: {
          joueurs: [
            {
              membreId: ref === 'missing' ? ownClubOf(m, p).player.id : ref.player.id,
              selection: 'NON_RETENU',
            },
          ],
        },
      }),
  },

  // match sheet, live actions, public live link (decisions 0125–0127)
  'matchSheet.sheet': {
    resource: 'match',
    ok: 200,
    target: 'team',
    call: (_m, ref) =>
      gridCall(api.matchSheet.sheet, { params: { id: id(ref, (s) => s.pastMatch) } }),
  },
  'matchSheet.updateSheet': {
    resource: 'match',
    ok: 200,
    target: 'team',
    call: (_m, ref) =>
      gridCall(api.matchSheet.updateSheet, {
        params: { id: id(ref, (s) => s.pastMatch) },
        body: { joueurs: [] },
      }),
  },
  'matchSheet.addAction': {
    resource: 'match',
    ok: 201,
    target: 'team',
    call: (_m, ref) =>
      gridCall(api.matchSheet.addAction, {
        params: { id: id(ref, (s) => s.pastMatch) },
        body: { minute: next() % 90, type: 'BUT_ADVERSAIRE' },
      }),
  },
  'matchSheet.removeAction': {
    resource: 'match',
    ok: 200,
    target: 'team',
    call: async (m, ref) => {
      if (ref === 'missing')
        return gridCall(api.matchSheet.removeAction, { params: { id: MISSING_ID, actionId: 1 } });
      const [action] = await m.w.app.db
        .insert(matchActions)
        .values({ clubId: ref.clubId, matchId: ref.pastMatch, minute: 1, type: 'BUT_ADVERSAIRE' })
        .returning({ id: matchActions.id });
      return gridCall(api.matchSheet.removeAction, {
        params: { id: ref.pastMatch, actionId: action!.id },
      });
    },
  },
  'matchSheet.live': {
    resource: 'match',
    ok: 200,
    target: 'team',
    call: (_m, ref) =>
      gridCall(api.matchSheet.live, { params: { id: id(ref, (s) => s.pastMatch) } }),
  },
  'matchSheet.share': {
    resource: 'match',
    ok: 200,
    target: 'team',
    call: (_m, ref) =>
      gridCall(api.matchSheet.share, { params: { id: id(ref, (s) => s.pastMatch) } }),
  },
  'matchSheet.revokeShare': {
    resource: 'match',
    ok: 200,
    target: 'team',
    call: (_m, ref) =>
      gridCall(api.matchSheet.revokeShare, { params: { id: id(ref, (s) => s.pastMatch) } }),
  },

  // carpooling
  'carpool.list': {
    resource: 'event',
    ok: 200,
    target: 'team',
    call: (_m, ref) => gridCall(api.carpool.list, { params: { id: id(ref, (s) => s.event.id) } }),
  },
  'carpool.offer': {
    resource: 'event',
    ok: 201,
    target: 'team',
    call: (_m, ref) =>
      gridCall(api.carpool.offer, {
        params: { id: id(ref, (s) => s.event.id) },
        body: { places: 3, depart: 'Parking du stade', heureDepart: '2030-03-10T13:00:00' },
      }),
  },
  'carpool.book': {
    resource: 'event',
    ok: 200,
    // the seat of the slot's player: themself, or their parent
    target: 'member',
    call: async (m, ref, p) =>
      gridCall(api.carpool.book, {
        params: { offreId: await offerOf(m, ref) },
        body: { membreId: ref === 'missing' ? ownClubOf(m, p).player.id : ref.player.id },
      }),
  },
  'carpool.unbook': {
    resource: 'event',
    ok: 200,
    target: 'member',
    call: async (m, ref) =>
      gridCall(api.carpool.unbook, {
        params: { offreId: await offerOf(m, ref), membreId: id(ref, (s) => s.player.id) },
      }),
  },
  'carpool.cancel': {
    resource: 'event',
    ok: 200,
    // an offer driven by the slot's player: the driver and the leaders cancel it
    target: 'member',
    call: async (m, ref) =>
      gridCall(api.carpool.cancel, { params: { offreId: await offerOf(m, ref, true) } }),
  },
  // volunteer duties (families and names: features/duties/duties.test.ts and duties.grid.ts)
  'duties.list': {
    resource: 'event',
    ok: 200,
    target: 'team',
    call: (_m, ref) => gridCall(api.duties.list, { params: { id: id(ref, (s) => s.event.id) } }),
  },
  'duties.replace': {
    resource: 'event',
    ok: 200,
    target: 'team',
    call: (_m, ref) =>
      gridCall(api.duties.replace, {
        params: { id: id(ref, (s) => s.event.id) },
        body: [{ libelle: 'Buvette', places: 20 }],
      }),
  },
  'duties.signUp': {
    resource: 'event',
    ok: 200,
    // the slot's player on a fresh duty of the slot's event: themself, their parent, the coach
    target: 'member',
    call: async (m, ref, p) =>
      gridCall(api.duties.signUp, {
        params: { id: await dutyOf(m, ref) },
        body: { membreId: ref === 'missing' ? ownClubOf(m, p).player.id : ref.player.id },
      }),
  },
  'duties.withdraw': {
    resource: 'event',
    ok: 200,
    target: 'member',
    call: async (m, ref) =>
      gridCall(api.duties.withdraw, {
        params: { id: await dutyOf(m, ref), membreId: id(ref, (s) => s.player.id) },
      }),
  },
  'duties.propose': {
    resource: 'event',
    ok: 200,
    target: 'team',
    call: (_m, ref) =>
      gridCall(api.duties.propose, {
        params: { id: id(ref, (s) => s.event.id) },
        body: { simulation: true },
      }),
  },
  'duties.templates': {
    resource: 'team',
    ok: 200,
    target: 'team',
    call: (_m, ref) => gridCall(api.duties.templates, { params: { id: teamId(ref) } }),
  },
  'duties.setTemplates': {
    resource: 'team',
    ok: 200,
    target: 'team',
    // no template: the other checks' new events stay as they were
    call: (_m, ref) => gridCall(api.duties.setTemplates, { params: { id: teamId(ref) }, body: [] }),
  },
  'duties.tally': {
    resource: 'team',
    ok: 200,
    target: 'team',
    call: (_m, ref) => gridCall(api.duties.tally, { query: { equipeId: teamId(ref) } }),
  },
  'duties.tallyExport': {
    resource: 'team',
    ok: 200,
    target: 'team',
    call: (_m, ref) => gridCall(api.duties.tallyExport, { query: { equipeId: teamId(ref) } }),
  },
  // statistics (the rows each reader gets: features/statistics/statistics.test.ts)
  'statistics.team': {
    resource: 'team',
    ok: 200,
    target: 'team',
    call: (_m, ref) => gridCall(api.statistics.team, { params: { teamId: teamId(ref) } }),
  },
  'statistics.teamExport': {
    resource: 'team',
    ok: 200,
    target: 'team',
    call: (_m, ref) => gridCall(api.statistics.teamExport, { params: { teamId: teamId(ref) } }),
  },
  'statistics.club': {
    resource: 'club',
    ok: 200,
    call: (_m, ref) => gridCall(api.statistics.club, { params: { clubId: clubId(ref) } }),
  },
  // fees (who sees which family's amounts: features/fees/fees.grid.ts and fees.test.ts)
  'fees.tariffs': {
    resource: 'club',
    ok: 200,
    call: (_m, ref) => gridCall(api.fees.tariffs, { params: { id: clubId(ref) } }),
  },
  'fees.setTariffs': {
    resource: 'club',
    ok: 200,
    call: (_m, ref) =>
      gridCall(api.fees.setTariffs, {
        params: { id: clubId(ref) },
        body: {
          tarifs: [{ libelle: 'Seniors', categories: ['Senior'], montant: 15000 }],
          reductionFamille: 10,
        },
      }),
  },
  'fees.list': {
    resource: 'none',
    ok: 200,
    call: () => gridCall(api.fees.list),
  },
  'fees.own': {
    resource: 'none',
    ok: 200,
    call: () => gridCall(api.fees.own),
  },
  'fees.record': {
    resource: 'member',
    target: 'member',
    ok: 201,
    call: (_m, ref) =>
      gridCall(api.fees.record, {
        params: { membreId: id(ref, (s) => s.player.id) },
        body: { montant: 1000, moyen: 'ESPECES', date: '2026-09-01' },
      }),
  },
  'fees.exempt': {
    resource: 'member',
    target: 'member',
    ok: 200,
    call: (_m, ref) =>
      gridCall(api.fees.exempt, {
        params: { membreId: id(ref, (s) => s.player.id) },
        body: { exonere: false },
      }),
  },
  'fees.cancel': {
    resource: 'member',
    target: 'member',
    ok: 200,
    // a payment of the slot's player, fresh for each call (a cancelled one answers 409)
    call: async (m, ref) =>
      gridCall(api.fees.cancel, {
        params: {
          id:
            ref === 'missing'
              ? MISSING_ID
              : (await createPayment(m.w.app.db, ref.clubId, ref.player.id)).id,
        },
      }),
  },
  'fees.receipt': {
    resource: 'member',
    target: 'member',
    ok: 200,
    // the player has a payment this season: an allowed reader gets the PDF
    call: async (m, ref) => {
      if (ref !== 'missing') await createPayment(m.w.app.db, ref.clubId, ref.player.id);
      return gridCall(api.fees.receipt, { params: { membreId: id(ref, (s) => s.player.id) } });
    },
  },
  'fees.remind': {
    resource: 'none',
    ok: 200,
    call: () => gridCall(api.fees.remind, { body: { simulation: true } }),
  },
  'fees.export': {
    resource: 'none',
    ok: 200,
    call: () => gridCall(api.fees.export),
  },
  'matches.answerConvocations': {
    resource: 'match',
    ok: 200,
    // the row of the team's player: coach and leaders write it; the player is not the principal
    target: 'member',
    call: (m, ref, p) =>
      gridCall(api.matches.answerConvocations, {
        params: { id: id(ref, (s) => s.futureMatch) },
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

  // announcements: one to the slot's team, written by a leader who is none of the principals
  'announcements.list': {
    resource: 'none',
    ok: 200,
    call: () => gridCall(api.announcements.list),
  },
  'announcements.create': {
    resource: 'team',
    ok: 201,
    target: 'team',
    targetInBody: true,
    call: (_m, ref) =>
      gridCall(api.announcements.create, {
        body: { titre: `Annonce ${next()}`, contenu: 'Texte.', equipesIds: [teamId(ref)] },
      }),
  },
  'announcements.markRead': {
    resource: 'announcement',
    ok: 200,
    target: 'team',
    call: async (m, ref) =>
      gridCall(api.announcements.markRead, { params: { id: await announcementOf(m, ref) } }),
  },
  'announcements.receipts': {
    resource: 'announcement',
    ok: 200,
    target: 'team',
    call: async (m, ref) =>
      gridCall(api.announcements.receipts, { params: { id: await announcementOf(m, ref) } }),
  },
  'announcements.remind': {
    resource: 'announcement',
    ok: 200,
    target: 'team',
    // a fresh one each time: a reminder goes once an hour at most
    call: async (m, ref) =>
      gridCall(api.announcements.remind, { params: { id: await announcementOf(m, ref, true) } }),
  },
  'announcements.remove': {
    resource: 'announcement',
    ok: 200,
    target: 'team',
    call: async (m, ref) =>
      gridCall(api.announcements.remove, { params: { id: await announcementOf(m, ref, true) } }),
  },

  // conversations: a team's conversation of the slot's team (its members and the guardians of its
  // children read and write it); a group naming the slot's player; a message by the slot's player
  'conversations.list': {
    resource: 'none',
    ok: 200,
    call: () => gridCall(api.conversations.list),
  },
  'conversations.create': {
    resource: 'member',
    ok: 201,
    target: 'member',
    targetInBody: true,
    call: (_m, ref) =>
      gridCall(api.conversations.create, {
        body: { membresIds: [ref === 'missing' ? MISSING_ID : ref.player.id] },
      }),
  },
  'conversations.messages': {
    resource: 'team',
    ok: 200,
    target: 'team',
    call: async (m, ref) =>
      gridCall(api.conversations.messages, { params: { id: await conversationOf(m, ref) } }),
  },
  'conversations.send': {
    resource: 'team',
    ok: 201,
    target: 'team',
    call: async (m, ref) =>
      gridCall(api.conversations.send, {
        params: { id: await conversationOf(m, ref) },
        body: { contenu: `Bonjour ${next()}` },
      }),
  },
  'conversations.markRead': {
    resource: 'team',
    ok: 200,
    target: 'team',
    call: async (m, ref) =>
      gridCall(api.conversations.markRead, {
        params: { id: await conversationOf(m, ref) },
        body: { jusquA: 1 },
      }),
  },
  'conversations.report': {
    resource: 'team',
    ok: 201,
    target: 'team',
    call: async (m, ref) =>
      gridCall(api.conversations.report, {
        params: { id: await messageOf(m, ref) },
        body: { motif: 'Test' },
      }),
  },
  'conversations.remove': {
    resource: 'member',
    ok: 200,
    target: 'member',
    call: async (m, ref) =>
      gridCall(api.conversations.remove, { params: { id: await messageOf(m, ref) } }),
  },

  // Web Push subscriptions of the member's own devices
  'push.key': {
    resource: 'none',
    ok: 200,
    call: () => gridCall(api.push.key),
  },
  'push.subscribe': {
    resource: 'none',
    ok: 201,
    call: () =>
      gridCall(api.push.subscribe, {
        body: {
          endpoint: `https://142.250.74.10/push/${next()}`,
          keys: PUSH_KEYS,
        },
      }),
  },
  'push.unsubscribe': {
    resource: 'none',
    ok: 200,
    call: () =>
      gridCall(api.push.unsubscribe, {
        body: { endpoint: `https://142.250.74.10/push/${next()}` },
      }),
  },

  // dashboards
  'dashboard.events': {
    resource: 'team',
    ok: 200,
    target: 'team',
    call: (_m, ref) => gridCall(api.dashboard.events, { params: { id: teamId(ref) } }),
  },
  'dashboard.members': {
    resource: 'team',
    ok: 200,
    target: 'team',
    call: (_m, ref) => gridCall(api.dashboard.members, { params: { id: teamId(ref) } }),
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
/** A fresh player of the slot's team, deleted as DELETE /api/membres/{id} does (undo window open). */
async function deletedPlayer(m: MatrixWorld, ref: Slot) {
  const player = await freshPlayer(m, ref);
  await deleteKeepingSnapshot(m.w.app.db, ref.clubId, player.id);
  return player;
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

/**
 * A fresh carpool offer for the slot's event (3 seats), driven by a member of its club who is none
 * of the principals, or by the slot's player (`byPlayer`).
 */
async function offerOf(m: MatrixWorld, ref: Ref, byPlayer = false): Promise<number> {
  if (ref === 'missing') return MISSING_ID;
  const db = m.w.app.db;
  const driverId = byPlayer
    ? ref.player.id
    : (await createMember(db, ref.clubId, { role: 'PARENT' })).id;
  const [row] = await db
    .insert(carpoolOffers)
    .values({
      clubId: ref.clubId,
      eventId: ref.event.id,
      driverId,
      places: 3,
      depart: 'Parking',
      heureDepart: '2030-03-10T13:00:00',
    })
    .returning({ id: carpoolOffers.id });
  return row!.id;
}

/** A fresh duty of the slot's event (20 places, nobody signed up). */
async function dutyOf(m: MatrixWorld, ref: Ref): Promise<number> {
  if (ref === 'missing') return MISSING_ID;
  const [row] = await m.w.app.db
    .insert(dutiesTable)
    .values({ clubId: ref.clubId, eventId: ref.event.id, libelle: `Tâche ${next()}`, places: 20 })
    .returning({ id: dutiesTable.id });
  return row!.id;
}

const announcements = new Map<number, number>();
/**
 * An announcement to the slot's team (the same one each time unless `fresh`), written by a leader
 * of its club who is none of the principals: no principal is its author.
 */
async function announcementOf(m: MatrixWorld, ref: Ref, fresh = false): Promise<number> {
  if (ref === 'missing') return MISSING_ID;
  const cached = announcements.get(ref.team.id);
  if (cached && !fresh) return cached;
  const db = m.w.app.db;
  const author = await createMember(db, ref.clubId, { role: 'RESPONSABLE' });
  const [row] = await db
    .insert(announcementsTable)
    .values({
      clubId: ref.clubId,
      authorId: author.id,
      titre: 'Annonce',
      contenu: 'x',
      clubWide: false,
    })
    .returning({ id: announcementsTable.id });
  await db
    .insert(announcementTeams)
    .values({ announcementId: row!.id, teamId: ref.team.id, clubId: ref.clubId });
  if (!fresh) announcements.set(ref.team.id, row!.id);
  return row!.id;
}

const teamConversations = new Map<number, number>();
/** A team's conversation of the slot's team, made once (its participants come on first read). */
async function conversationOf(m: MatrixWorld, ref: Ref): Promise<number> {
  if (ref === 'missing') return MISSING_ID;
  const cached = teamConversations.get(ref.team.id);
  if (cached) return cached;
  const [row] = await m.w.app.db
    .insert(conversationsTable)
    .values({ clubId: ref.clubId, type: 'EQUIPE', titre: ref.team.nom, teamId: ref.team.id })
    .returning({ id: conversationsTable.id });
  teamConversations.set(ref.team.id, row!.id);
  return row!.id;
}

/** A fresh message of the slot's player in its team's conversation. */
async function messageOf(m: MatrixWorld, ref: Ref): Promise<number> {
  if (ref === 'missing') return MISSING_ID;
  const [row] = await m.w.app.db
    .insert(messagesTable)
    .values({
      clubId: ref.clubId,
      conversationId: await conversationOf(m, ref),
      authorId: ref.player.id,
      contenu: 'Message',
    })
    .returning({ id: messagesTable.id });
  return row!.id;
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
    a2: await slot(w.club, w.t2, w.player2),
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
  for (const s of [m.a1, m.a2, m.a3, m.b1, m.b2]) {
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

/**
 * The principal as the permission tables see it: its hats in the grid world (the club role, the
 * role held in each team, the children), as the server's actor carries them.
 */
export function subjectOf(m: MatrixWorld, p: SignedInPrincipal): PermissionSubject {
  const { w } = m;
  const { t1, t2, player1, player2, player3 } = w;
  type Hats = {
    roleClub: 'DIRIGEANT' | 'RESPONSABLE' | null;
    teams: [number, 'ENTRAINEUR' | 'JOUEUR' | 'PARENT'][];
    children: { id: number; teamId: number }[];
  };
  const hats: Record<SignedInPrincipal, Hats> = {
    DIRIGEANT: { roleClub: 'DIRIGEANT', teams: [], children: [] },
    RESPONSABLE: { roleClub: 'RESPONSABLE', teams: [], children: [] },
    ENTRAINEUR: { roleClub: null, teams: [[t1.id, 'ENTRAINEUR']], children: [] },
    JOUEUR: { roleClub: null, teams: [[t1.id, 'JOUEUR']], children: [] },
    PARENT: { roleClub: null, teams: [[t1.id, 'PARENT']], children: [] },
    PARENT_AUTRE_EQUIPE: {
      roleClub: null,
      teams: [[t1.id, 'PARENT']],
      children: [{ id: player2.id, teamId: t2.id }],
    },
    DEUX_EQUIPES: {
      roleClub: null,
      teams: [
        [t1.id, 'ENTRAINEUR'],
        [t2.id, 'ENTRAINEUR'],
      ],
      children: [],
    },
    SANS_EQUIPE: { roleClub: null, teams: [], children: [] },
    ENTRAINEUR_JOUEUR: {
      roleClub: null,
      teams: [
        [t1.id, 'ENTRAINEUR'],
        [t2.id, 'JOUEUR'],
      ],
      children: [],
    },
    RESPONSABLE_JOUEUR: { roleClub: 'RESPONSABLE', teams: [[t2.id, 'JOUEUR']], children: [] },
    ENTRAINEUR_PARENT: {
      roleClub: null,
      teams: [[t1.id, 'ENTRAINEUR']],
      children: [{ id: player2.id, teamId: t2.id }],
    },
    PARENT_DEUX_ENFANTS: {
      roleClub: null,
      teams: [],
      children: [
        { id: player1.id, teamId: t1.id },
        { id: player3.id, teamId: w.t3.id },
      ],
    },
    AUTRE_CLUB: { roleClub: 'DIRIGEANT', teams: [], children: [] },
  };
  const h = hats[p];
  return {
    id: w.me[p].id,
    role: w.me[p].role,
    teamIds: h.teams.map(([id]) => id),
    childIds: h.children.map((c) => c.id),
    childTeamIds: [...new Set(h.children.map((c) => c.teamId))],
    roleClub: h.roleClub,
    teamRoles: h.teams.map(([id, role]) => ({ id, role })),
  };
}

/** Today's principals (before hats): the permission tables saw one role over all their teams. */
export const SINGLE_ROLE_PRINCIPALS = [
  'DIRIGEANT',
  'RESPONSABLE',
  'ENTRAINEUR',
  'JOUEUR',
  'PARENT',
  'PARENT_AUTRE_EQUIPE',
  'DEUX_EQUIPES',
  'SANS_EQUIPE',
  'AUTRE_CLUB',
] as const satisfies readonly SignedInPrincipal[];

/** A principal of SINGLE_ROLE_PRINCIPALS as the tables saw it before hats: its role, its teams. */
export function singleRoleSubjectOf(m: MatrixWorld, p: SignedInPrincipal): PermissionSubject {
  const { roleClub: _c, teamRoles: _t, ...single } = subjectOf(m, p);
  return single;
}

/** The targets a route's checks use (a club has no "other team"; 'none' names nothing). */
export function targetsOf(e: MatrixEntry): readonly Target[] {
  if (e.resource === 'none') return ['own'];
  if (e.resource === 'club') return ['own', 'otherClub', 'missing'];
  return TARGETS;
}

/** What a target means for a principal: club A's principals see A1/A2/A3/B1, club B's B1/B2/A1. */
export function refFor(m: MatrixWorld, p: Principal, t: Target): Ref {
  if (t === 'missing') return 'missing';
  const mine =
    p === 'AUTRE_CLUB'
      ? { own: m.b1, secondTeam: m.b2, otherTeam: m.b2, otherClub: m.a1 }
      : { own: m.a1, secondTeam: m.a2, otherTeam: m.a3, otherClub: m.b1 };
  return mine[t];
}

/** The expected status: 401 anonymous; 404 another club's or a missing id; else the access. */
export function expected(
  m: MatrixWorld,
  name: string,
  e: MatrixEntry,
  p: Principal,
  t: Target,
): number {
  if (p === 'ANONYME') return 401;
  const own = ownClubOf(m, p);
  const subject = subjectOf(m, p);
  const ok = (slot: Slot) => (typeof e.ok === 'number' ? e.ok : e.ok(subject, slot));
  if (e.resource === 'none') return allows(name, e, subject, own) ? ok(own) : 403;
  // route() refuses a role that may never do the action before anything else (404 included).
  if (neverAllowed(name, subject)) return 403;
  const ref = refFor(m, p, t);
  if (ref === 'missing' || ref.clubId !== own.clubId) {
    if (!e.targetInBody) return 404;
    const unknown: Slot = { ...own, team: { id: MISSING_ID, nom: '' }, player: { id: MISSING_ID } };
    return allows(name, e, subject, unknown) ? 400 : 403;
  }
  return allows(name, e, subject, ref) ? ok(ref) : 403;
}
