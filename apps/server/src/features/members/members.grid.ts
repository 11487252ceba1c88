import { api, routeKey, urlOf, type EndpointInput } from '@club/contract';
import {
  everyMember,
  gridCall,
  leadersOnly,
  type GridRow,
  type GridWorld,
  type Principal,
} from '../../test/policy-grid.ts';
import { eq } from 'drizzle-orm';
import { createTeam } from '../../db/factories.ts';
import { members, teamMemberships } from '../../db/schema.ts';
import { deleteKeepingSnapshot } from './members.deletion.ts';

/**
 * docs/architecture.md §7 for members, team members and the profile (MEMBER_PERMISSIONS and
 * editableMemberFields). T1 is the team of ENTRAINEUR, JOUEUR, PARENT and PARENT_AUTRE_EQUIPE;
 * DEUX_EQUIPES coaches T1 and T2; player2 (T2) is PARENT_AUTRE_EQUIPE's child.
 */
const selfId = (w: GridWorld, p: Principal) => (p === 'ANONYME' ? w.player1.id : w.me[p].id);

const newMemberBody = (w: GridWorld, role = 'JOUEUR') => ({
  nom: 'Nouveau',
  prenom: 'Membre',
  dateDeNaissance: '2001-02-03',
  genre: 'Homme' as const,
  email: `nouveau.${w.seq()}.${Date.now().toString(36)}@example.org`,
  numeroTelephone: '0611223344',
  role,
  nomEquipe: 'U17',
  clubId: w.club.id,
});

/** Editing oneself: every member of club A, and the other club's DIRIGEANT on its own row. */
const selfEdit = (ok: number) => ({ ...everyMember(ok), AUTRE_CLUB: ok });
/** Editing oneself where only leaders may (whatever their other hats). */
const leadersSelf = (ok: number) => ({
  ...selfEdit(403),
  DIRIGEANT: ok,
  RESPONSABLE: ok,
  RESPONSABLE_JOUEUR: ok,
  AUTRE_CLUB: ok,
});

/** Puts back the member's birth date as it is now (a row that changes it leaves the world as found). */
async function keepBirthDate(w: GridWorld, memberId: number) {
  const [row] = await w.app.db
    .select({ d: members.dateNaissance })
    .from(members)
    .where(eq(members.id, memberId));
  return () =>
    w.app.db
      .update(members)
      .set({ dateNaissance: row?.d ?? null })
      .where(eq(members.id, memberId));
}

/** The principal's own row held as a minor's (born 2012) for one call, then put back. */
async function asMinorForOneCall(
  w: GridWorld,
  p: Principal,
  body: EndpointInput<typeof api.members.update>['body'],
) {
  const id = selfId(w, p);
  const restore = await keepBirthDate(w, id);
  await w.app.db.update(members).set({ dateNaissance: '2012-03-04' }).where(eq(members.id, id));
  return { ...gridCall(api.members.update, { params: { id }, body }), restore };
}

export const gridRows: GridRow[] = [
  // a child without e-mail (decision 0111)
  {
    route: routeKey(api.members.resendInvitation),
    name: 'club members: a child without e-mail gets no invitation (409 for whoever may resend)',
    request: (w) => ({
      method: 'POST',
      url: urlOf(api.members.resendInvitation, { params: { id: w.childNoEmail.id } }),
    }),
    expect: leadersOnly(409),
  },
  {
    route: routeKey(api.members.update),
    name: 'club members: a child without e-mail keeps a guardian (400 for whoever may edit)',
    request: (w) => ({
      method: 'PUT',
      url: urlOf(api.members.update, { params: { id: w.childNoEmail.id }, body: {} }),
      body: { parentsIds: [] },
    }),
    expect: leadersOnly(400),
  },
  // club members list, search, CRUD: leaders
  {
    route: routeKey(api.members.create),
    name: 'club members: grant RESPONSABLE (only a DIRIGEANT)',
    request: (w) => gridCall(api.members.create, { body: newMemberBody(w, 'RESPONSABLE') }),
    expect: { ...leadersOnly(201), RESPONSABLE: 403, RESPONSABLE_JOUEUR: 403 },
  },
  {
    route: routeKey(api.members.create),
    name: 'club members: create a member of two teams',
    request: (w) =>
      gridCall(api.members.create, {
        body: { ...newMemberBody(w), nomEquipe: undefined, equipesIds: [w.t2.id, w.t3.id] },
      }),
    expect: leadersOnly(201),
  },
  {
    route: routeKey(api.members.update),
    name: 'club members: update another team’s member',
    request: (w) =>
      gridCall(api.members.update, {
        params: { id: w.player2.id },
        body: { numeroTelephone: `06000000${10 + (w.seq() % 80)}`, clubId: w.club.id },
      }),
    expect: leadersOnly(200),
  },
  {
    route: routeKey(api.members.update),
    name: 'club members: grant DIRIGEANT by promotion (only a DIRIGEANT)',
    request: async (w) =>
      gridCall(api.members.update, {
        params: { id: (await w.freshPlayer()).id },
        body: { role: 'DIRIGEANT' },
      }),
    expect: { ...leadersOnly(200), RESPONSABLE: 403, RESPONSABLE_JOUEUR: 403 },
  },
  {
    route: routeKey(api.members.update),
    name: 'club members: give a member several teams (equipesIds)',
    request: async (w) =>
      gridCall(api.members.update, {
        params: { id: (await w.freshPlayer()).id },
        body: { equipesIds: [w.t1.id, w.t2.id] },
      }),
    expect: leadersOnly(200),
  },
  {
    route: routeKey(api.members.update),
    name: 'club members: link a parent to a child (enfantsIds)',
    request: async (w) =>
      gridCall(api.members.update, {
        params: { id: (await w.freshMember('PARENT', w.t1.id)).id },
        body: { enfantsIds: [w.player3.id] },
      }),
    expect: leadersOnly(200),
  },
  {
    route: routeKey(api.members.restore),
    name: 'club members: undoing the deletion of a RESPONSABLE is the DIRIGEANT’s (as deleting one is)',
    request: async (w) => {
      const deleted = await w.freshMember('RESPONSABLE', w.t1.id);
      await deleteKeepingSnapshot(w.app.db, w.club.id, deleted.id);
      return gridCall(api.members.restore, { params: { id: deleted.id } });
    },
    // the other club sees no snapshot of club A: 404, as for a member it does not have
    expect: { ...everyMember(403), DIRIGEANT: 200 },
  },
  {
    route: routeKey(api.members.remove),
    name: 'club members: one’s own row is not deleted from the list (the profile’s "Supprimer mon compte")',
    request: (w, p) => gridCall(api.members.remove, { params: { id: selfId(w, p) } }),
    // leaders: 403 pointing to the profile; team roles: 403 (not theirs to delete); the other
    // club's DIRIGEANT on its own row: 403 as well.
    expect: { ...leadersOnly(403), AUTRE_CLUB: 403 },
  },
  {
    route: routeKey(api.members.searchTeam),
    name: 'team members: the birth-date filter of T1 is for leaders and T1’s coaches only (a lookup of a hidden field otherwise)',
    request: (w) =>
      gridCall(api.members.searchTeam, {
        query: { clubId: w.club.id, nomEquipe: w.t1.nom, dateNaissance: '2000-01-15' },
      }),
    expect: {
      ...everyMember(200),
      SANS_EQUIPE: 403,
      JOUEUR: 403,
      PARENT: 403,
      PARENT_AUTRE_EQUIPE: 403,
      // reads T1 through a child, filters nothing private
      PARENT_DEUX_ENFANTS: 403,
    },
  },
  // team members: leaders; members of that team; a parent of a child in it
  {
    route: routeKey(api.members.update),
    name: 'team members: a coach edits a player of T1: any other field',
    request: (w) =>
      gridCall(api.members.update, {
        params: { id: w.player1.id },
        body: { taille: 150 + (w.seq() % 50), clubId: w.club.id },
      }),
    expect: leadersOnly(200),
  },
  {
    route: routeKey(api.members.update),
    name: 'team members: a coach edits a parent of the team',
    request: (w) =>
      gridCall(api.members.update, {
        params: { id: w.me.PARENT.id },
        body: { numero: 1 + (w.seq() % 90) },
      }),
    expect: leadersOnly(200),
  },
  // a member's statut: leaders, and the coach of a team the member plays in (a deliberate
  // difference from spec §6: docs/architecture.md §11, decision 0108)
  {
    route: routeKey(api.members.update),
    name: 'team members: a coach sets the statut of a player of T1 (decision 0108)',
    request: (w) => ({
      ...gridCall(api.members.update, {
        params: { id: w.player1.id },
        body: { statut: w.seq() % 2 ? 'Blessé' : 'Malade' },
      }),
      restore: () =>
        w.app.db.update(members).set({ statut: 'Actif' }).where(eq(members.id, w.player1.id)),
    }),
    // the coaches of T1 (ENTRAINEUR, DEUX_EQUIPES, ENTRAINEUR_JOUEUR, ENTRAINEUR_PARENT); not a
    // player, a parent, nor a guardian of player1 (PARENT_DEUX_ENFANTS)
    expect: {
      ...leadersOnly(200),
      ENTRAINEUR: 200,
      DEUX_EQUIPES: 200,
      ENTRAINEUR_JOUEUR: 200,
      ENTRAINEUR_PARENT: 200,
    },
  },
  {
    route: routeKey(api.members.update),
    name: 'team members: a coach of another team does not set the statut of a player of T3 (decision 0108)',
    request: (w) => ({
      ...gridCall(api.members.update, {
        params: { id: w.player3.id },
        body: { statut: 'Suspendu' },
      }),
      restore: () =>
        w.app.db.update(members).set({ statut: 'Actif' }).where(eq(members.id, w.player3.id)),
    }),
    expect: leadersOnly(200),
  },
  // self: profile and team screen
  {
    route: routeKey(api.members.get),
    name: 'profile: read self',
    request: (w, p) => gridCall(api.members.get, { params: { id: selfId(w, p) } }),
    expect: selfEdit(200),
  },
  {
    route: routeKey(api.members.update),
    name: 'profile: edit own nom, prenom, date, email, phone, genre',
    request: (w, p) =>
      gridCall(api.members.update, {
        params: { id: selfId(w, p) },
        body: {
          nom: `Nom${w.seq()}`,
          prenom: 'Prénom',
          dateDeNaissance: '1990-05-06T00:00:00.000Z',
          email: `self.${w.seq()}.${Date.now().toString(36)}@example.org`,
          numeroTelephone: '0700000000',
          genre: 'Autre',
        },
      }),
    expect: selfEdit(200),
  },
  {
    route: routeKey(api.members.update),
    name: 'profile: a minor declares themselves an adult (leaders only: decision 0103)',
    request: (w, p) => asMinorForOneCall(w, p, { dateDeNaissance: '1990-01-01' }),
    expect: leadersSelf(200),
  },
  {
    route: routeKey(api.members.update),
    name: 'profile: a minor shares their contact details (never, whatever their hats)',
    request: (w, p) => asMinorForOneCall(w, p, { partageCoordonnees: true }),
    expect: selfEdit(400),
  },
  {
    route: routeKey(api.members.update),
    name: 'profile: an adult declares themselves a minor (leaders only: decision 0103)',
    request: async (w, p) => ({
      ...gridCall(api.members.update, {
        params: { id: selfId(w, p) },
        body: { dateDeNaissance: '2015-06-07' },
      }),
      restore: await keepBirthDate(w, selfId(w, p)),
    }),
    expect: leadersSelf(200),
  },
  {
    route: routeKey(api.members.update),
    name: 'profile: edit own role (never)',
    request: (w, p) =>
      gridCall(api.members.update, {
        params: { id: selfId(w, p) },
        body: { role: p === 'JOUEUR' || p === 'SANS_EQUIPE' ? 'PARENT' : 'JOUEUR' },
      }),
    expect: selfEdit(403),
  },
  {
    route: routeKey(api.members.update),
    name: 'team members: edit own numero / poste',
    request: (w, p) =>
      gridCall(api.members.update, {
        params: { id: selfId(w, p) },
        body: { numero: 1 + (w.seq() % 90), poste: 'Ailier' },
      }),
    expect: leadersSelf(200),
  },
  {
    route: routeKey(api.members.update),
    name: 'team members: edit own numeroLicence',
    request: (w, p) =>
      gridCall(api.members.update, {
        params: { id: selfId(w, p) },
        body: { numeroLicence: `LIC-${w.seq()}` },
      }),
    // a coach does not change their licence number; a coach who also plays or is a parent does,
    // as a player or parent may (the union of the hats)
    expect: { ...selfEdit(200), ENTRAINEUR: 403, DEUX_EQUIPES: 403 },
  },
  {
    route: routeKey(api.members.update),
    name: 'team members: edit own taille and poids',
    request: (w, p) =>
      gridCall(api.members.update, {
        params: { id: selfId(w, p) },
        body: { taille: 160 + (w.seq() % 30), poids: 60 + (w.seq() % 30) },
      }),
    expect: selfEdit(200),
  },
  {
    route: routeKey(api.members.update),
    name: 'team members: change own statut (leaders only)',
    request: (w, p) =>
      gridCall(api.members.update, {
        params: { id: selfId(w, p) },
        body: { statut: w.seq() % 2 ? 'Blessé' : 'Suspendu' },
      }),
    expect: leadersSelf(200),
  },
  {
    route: routeKey(api.members.update),
    name: 'team members: change own teams (leaders only)',
    // One more team, of their own: a leader joining T3, or leaving the team they play in, would
    // change what the checks that run after expect (a team's conversation, its events).
    request: async (w, p) => {
      const team =
        p === 'AUTRE_CLUB'
          ? await createTeam(w.app.db, w.otherClub.id, { nom: `Autre ${w.seq()}` })
          : await w.freshTeam();
      const kept = await w.app.db
        .select({ id: teamMemberships.teamId })
        .from(teamMemberships)
        .where(eq(teamMemberships.memberId, selfId(w, p)));
      return gridCall(api.members.update, {
        params: { id: selfId(w, p) },
        body: { equipesIds: [...kept.map((t) => t.id), team.id] },
      });
    },
    expect: leadersSelf(200),
  },
];
