import { announcements, announcementTeams } from '../../db/schema.ts';
import { api, routeKey } from '@club/contract';
import { gridCall, type GridRow, type GridWorld } from '../../test/policy-grid.ts';

/** An announcement of club A to `teamIds` ([] = the whole club) written by `author`. */
async function announcement(w: GridWorld, author: { id: number }, teamIds: number[]) {
  const [row] = await w.app.db
    .insert(announcements)
    .values({
      clubId: w.club.id,
      authorId: author.id,
      titre: `Annonce ${w.seq()}`,
      contenu: 'Texte.',
      clubWide: teamIds.length === 0,
    })
    .returning({ id: announcements.id });
  if (teamIds.length)
    await w.app.db
      .insert(announcementTeams)
      .values(teamIds.map((teamId) => ({ announcementId: row!.id, teamId, clubId: w.club.id })));
  return row!.id;
}

/**
 * What the matrix (an announcement to a team, written by a leader who is no principal) cannot
 * say: the whole club is for leaders only; its author reads the receipts of their own; a
 * club-wide announcement reaches every member; a parent receives their child's team's.
 */
export const gridRows: GridRow[] = [
  {
    route: routeKey(api.announcements.create),
    name: 'announcements: to the whole club (no team) — leaders only',
    request: () =>
      gridCall(api.announcements.create, {
        body: { titre: 'Assemblée générale', contenu: 'Vendredi.' },
      }),
    expect: {
      ANONYME: 401,
      DIRIGEANT: 201,
      RESPONSABLE: 201,
      ENTRAINEUR: 403,
      JOUEUR: 403,
      PARENT: 403,
      PARENT_AUTRE_EQUIPE: 403,
      DEUX_EQUIPES: 403,
      SANS_EQUIPE: 403,
      ENTRAINEUR_JOUEUR: 403,
      RESPONSABLE_JOUEUR: 201,
      ENTRAINEUR_PARENT: 403,
      PARENT_DEUX_ENFANTS: 403,
      AUTRE_CLUB: 201,
    },
  },
  {
    route: routeKey(api.announcements.receipts),
    name: 'announcements: the author coach reads their own receipts; another coach of the team cannot',
    request: async (w) =>
      gridCall(api.announcements.receipts, {
        params: { id: await announcement(w, w.me.ENTRAINEUR, [w.t1.id]) },
      }),
    expect: {
      ANONYME: 401,
      DIRIGEANT: 200,
      RESPONSABLE: 200,
      ENTRAINEUR: 200,
      JOUEUR: 403,
      PARENT: 403,
      PARENT_AUTRE_EQUIPE: 403,
      DEUX_EQUIPES: 403,
      SANS_EQUIPE: 403,
      ENTRAINEUR_JOUEUR: 403,
      RESPONSABLE_JOUEUR: 200,
      ENTRAINEUR_PARENT: 403,
      PARENT_DEUX_ENFANTS: 403,
      AUTRE_CLUB: 404,
    },
  },
  {
    route: routeKey(api.announcements.markRead),
    name: 'announcements: a club-wide one is read by every member of the club',
    request: async (w) =>
      gridCall(api.announcements.markRead, {
        params: { id: await announcement(w, w.me.DIRIGEANT, []) },
      }),
    expect: {
      ANONYME: 401,
      DIRIGEANT: 200,
      RESPONSABLE: 200,
      ENTRAINEUR: 200,
      JOUEUR: 200,
      PARENT: 200,
      PARENT_AUTRE_EQUIPE: 200,
      DEUX_EQUIPES: 200,
      SANS_EQUIPE: 200,
      ENTRAINEUR_JOUEUR: 200,
      RESPONSABLE_JOUEUR: 200,
      ENTRAINEUR_PARENT: 200,
      PARENT_DEUX_ENFANTS: 200,
      AUTRE_CLUB: 404,
    },
  },
  {
    route: routeKey(api.announcements.markRead),
    name: 'announcements: one to T2 reaches its members and the parent of a child in T2',
    request: async (w) =>
      gridCall(api.announcements.markRead, {
        params: { id: await announcement(w, w.me.DIRIGEANT, [w.t2.id]) },
      }),
    expect: {
      ANONYME: 401,
      DIRIGEANT: 200,
      RESPONSABLE: 200,
      ENTRAINEUR: 403,
      JOUEUR: 403,
      PARENT: 403,
      PARENT_AUTRE_EQUIPE: 200,
      DEUX_EQUIPES: 200,
      SANS_EQUIPE: 403,
      ENTRAINEUR_JOUEUR: 200,
      RESPONSABLE_JOUEUR: 200,
      ENTRAINEUR_PARENT: 200,
      PARENT_DEUX_ENFANTS: 403,
      AUTRE_CLUB: 404,
    },
  },
  {
    route: routeKey(api.announcements.remove),
    name: 'announcements: its author coach deletes their own; another coach of the team cannot',
    request: async (w) =>
      gridCall(api.announcements.remove, {
        params: { id: await announcement(w, w.me.ENTRAINEUR, [w.t1.id]) },
      }),
    expect: {
      ANONYME: 401,
      DIRIGEANT: 200,
      RESPONSABLE: 200,
      ENTRAINEUR: 200,
      JOUEUR: 403,
      PARENT: 403,
      PARENT_AUTRE_EQUIPE: 403,
      DEUX_EQUIPES: 403,
      SANS_EQUIPE: 403,
      ENTRAINEUR_JOUEUR: 403,
      RESPONSABLE_JOUEUR: 200,
      ENTRAINEUR_PARENT: 403,
      PARENT_DEUX_ENFANTS: 403,
      AUTRE_CLUB: 404,
    },
  },
];
