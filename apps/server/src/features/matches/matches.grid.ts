import { createEvent } from '../../db/factories.ts';
import { api, routeKey } from '@club/contract';
import {
  everyMember,
  gridCall,
  leadersOnly,
  type Expectation,
  type GridRow,
  type GridWorld,
} from '../../test/policy-grid.ts';
import { matchSync } from './matches.sync.ts';

/**
 * docs/architecture.md §7 for matches, scores and convocations (MATCH_PERMISSIONS,
 * CONVOCATION_PERMISSIONS). T1 is the team of ENTRAINEUR, JOUEUR, PARENT and PARENT_AUTRE_EQUIPE;
 * DEUX_EQUIPES coaches T1 and T2; player1 plays in T1, player2 in T2 (PARENT_AUTRE_EQUIPE's child),
 * player3 in T3. A match convokes its home team's players: JOUEUR and player1 for T1, player2 for T2.
 */

const PAST = { dateDebut: '2020-03-01 15:00:00', dateFin: '2020-03-01 17:00:00' };
const FUTURE = { dateDebut: '2099-03-01 15:00:00', dateFin: '2099-03-01 17:00:00' };

/** A fresh MATCH event and its match (through matchSync, as the events feature does). */
async function freshMatch(
  w: GridWorld,
  home: { id: number },
  away: { id: number } | string,
  when: { dateDebut: string; dateFin: string },
) {
  const awayTeamId = typeof away === 'string' ? null : away.id;
  const event = await createEvent(w.app.db, w.club.id, {
    nom: `Match ${w.seq()}`,
    type: 'MATCH',
    lieux: 'Stade municipal',
    ...when,
    teamIds: awayTeamId ? [home.id, awayTeamId] : [home.id],
  });
  const { matchId } = await w.app.db.transaction((tx) =>
    matchSync.upsertForEvent(tx, w.club.id, event.id, {
      homeTeamId: home.id,
      awayTeamId,
      opponentName: typeof away === 'string' ? away : null,
    }),
  );
  return matchId;
}

/** Matches shared by the read rows (created once per world). */
const shared = new WeakMap<
  GridWorld,
  Promise<Record<'t1t2' | 't2ext' | 't3ext' | 'other', number>>
>();
function sharedMatches(w: GridWorld) {
  let m = shared.get(w);
  if (!m) {
    m = (async () => {
      const otherEvent = await createEvent(w.app.db, w.otherClub.id, {
        type: 'MATCH',
        teamIds: [w.otherTeam.id],
        ...PAST,
      });
      const other = await w.app.db.transaction((tx) =>
        matchSync.upsertForEvent(tx, w.otherClub.id, otherEvent.id, {
          homeTeamId: w.otherTeam.id,
          awayTeamId: null,
          opponentName: 'FC Extérieur',
        }),
      );
      return {
        t1t2: await freshMatch(w, w.t1, w.t2, PAST),
        t2ext: await freshMatch(w, w.t2, 'FC Extérieur', PAST),
        t3ext: await freshMatch(w, w.t3, 'FC Extérieur', PAST),
        other: other.matchId,
      };
    })();
    shared.set(w, m);
  }
  return m;
}

/** T1 is read by leaders and its members (the member without team is refused). */
const t1Readers: Expectation = { ...everyMember(200), SANS_EQUIPE: 403 };

/** The coaches of T1, whatever their other hats. */
const t1Coaches = (status: number): Partial<Expectation> => ({
  ENTRAINEUR: status,
  DEUX_EQUIPES: status,
  ENTRAINEUR_JOUEUR: status,
  ENTRAINEUR_PARENT: status,
});

const score = (w: GridWorld) => ({ scoreDomicile: w.seq() % 9, scoreExterieur: 1 });

export const gridRows: GridRow[] = [
  // reading: leaders; members of either team; a parent of a child in one
  {
    route: routeKey(api.matches.get),
    name: 'matches: read a T1–T2 match (members of either team)',
    request: async (w) =>
      gridCall(api.matches.get, { params: { id: (await sharedMatches(w)).t1t2 } }),
    expect: t1Readers,
  },
  // scores: a coach of the team or a leader, only EN_COURS or TERMINE
  {
    route: routeKey(api.matches.score),
    name: 'scores: an upcoming T1 match (nobody)',
    request: async (w) =>
      gridCall(api.matches.score, {
        params: { id: await freshMatch(w, w.t1, 'FC Futur', FUTURE) },
        body: score(w),
      }),
    expect: { ...everyMember(403) },
  },
  // cancellation: a coach of the team or a leader
  // convocations: read by the teams' members; coach/leaders every row, a player their own, a
  // parent their children's
  {
    route: routeKey(api.matches.convocations),
    name: 'convocations: read a T1–T2 match’s list',
    request: async (w) =>
      gridCall(api.matches.convocations, { params: { id: (await sharedMatches(w)).t1t2 } }),
    expect: t1Readers,
  },
  {
    route: routeKey(api.matches.answerConvocations),
    name: 'convocations: answer one’s own row (only a convoked, active player)',
    request: async (w, p) =>
      gridCall(api.matches.answerConvocations, {
        params: { id: await freshMatch(w, w.t1, 'FC Futur', FUTURE) },
        body: {
          items: [
            {
              joueurId: p === 'ANONYME' ? w.player1.id : w.me[p].id,
              statutPresence: 'DISPONIBLE',
              justification: null,
            },
          ],
        },
      }),
    expect: { ...everyMember(403), JOUEUR: 200 },
  },
  {
    route: routeKey(api.matches.answerConvocations),
    name: 'convocations: Absent without justification (400 for those who may write the row)',
    request: async (w) =>
      gridCall(api.matches.answerConvocations, {
        params: { id: await freshMatch(w, w.t1, 'FC Futur', FUTURE) },
        body: {
          items: [{ joueurId: w.player1.id, statutPresence: 'INDISPONIBLE', justification: ' ' }],
        },
      }),
    // the coaches of T1 whatever their other hats; player1's guardian (player1 is ACTIF)
    expect: {
      ...leadersOnly(400),
      ENTRAINEUR: 400,
      DEUX_EQUIPES: 400,
      ENTRAINEUR_JOUEUR: 400,
      ENTRAINEUR_PARENT: 400,
      PARENT_DEUX_ENFANTS: 400,
    },
  },
  // match sheet and live actions (decisions 0125–0127): read by the members of either team;
  // written by a coach of the team and the leaders; actions only once the match has started
  {
    route: routeKey(api.matchSheet.live),
    name: 'live: read a T1–T2 match’s live (members of either team)',
    request: async (w) =>
      gridCall(api.matchSheet.live, { params: { id: (await sharedMatches(w)).t1t2 } }),
    expect: t1Readers,
  },
  {
    route: routeKey(api.matchSheet.addAction),
    name: 'live: an action on a played T1 match (coaches of T1, leaders)',
    request: async (w) =>
      gridCall(api.matchSheet.addAction, {
        params: { id: await freshMatch(w, w.t1, 'FC Passé', PAST) },
        body: { minute: 10, type: 'BUT_ADVERSAIRE' },
      }),
    expect: { ...leadersOnly(201), ...t1Coaches(201) },
  },
  {
    route: routeKey(api.matchSheet.addAction),
    name: 'live: no action before the kick-off (409 for those who may write)',
    request: async (w) =>
      gridCall(api.matchSheet.addAction, {
        params: { id: await freshMatch(w, w.t1, 'FC Futur', FUTURE) },
        body: { minute: 10, type: 'BUT_ADVERSAIRE' },
      }),
    expect: { ...leadersOnly(409), ...t1Coaches(409) },
  },
  {
    route: routeKey(api.matchSheet.share),
    name: 'live: the public link of a T2 match (its coach, leaders)',
    request: async (w) =>
      gridCall(api.matchSheet.share, { params: { id: (await sharedMatches(w)).t2ext } }),
    expect: { ...leadersOnly(200), DEUX_EQUIPES: 200 },
  },
];
