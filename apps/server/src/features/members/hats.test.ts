import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { and, eq, sql } from 'drizzle-orm';
import {
  MEMBER_FIELD_MESSAGES,
  ROLES,
  ZApiErrorSchema,
  api,
  principalRole,
  type ClubRole,
  type TeamRole,
} from '@club/contract';
import {
  createClub,
  createMatch,
  createMember,
  createTeam,
  linkGuardian,
  setMemberHats,
} from '../../db/factories.ts';
import { guardians, members, teamMemberships } from '../../db/schema.ts';
import { buildTestApp, signIn, type TestClient, type TestContext } from '../../test/helper.ts';

/**
 * People with several hats (docs/architecture.md §7): a club role, a role per team, guardianship
 * for any adult. The authorization suite walks every endpoint for the hat principals; this file
 * checks the model itself and the journeys the issue names.
 */
let ctx: TestContext;
let club: { id: number; nom: string };
let u11: { id: number; nom: string };
let u13: { id: number; nom: string };
let veterans: { id: number; nom: string };
let asLeader: TestClient;
let seq = 0;

const body = (overrides: Record<string, unknown> = {}) => ({
  nom: 'Moreau',
  prenom: 'Léo',
  dateDeNaissance: '1984-04-03',
  genre: 'Homme' as const,
  email: `hats.${++seq}.${Date.now().toString(36)}@example.org`,
  numeroTelephone: '06 12 34 56 78',
  clubId: club.id,
  ...overrides,
});

beforeAll(async () => {
  // The actor cache on for a minute: a removed hat must still lose its rights at once.
  ctx = await buildTestApp({ ACTOR_CACHE_MS: '60000' });
  const db = ctx.app.db;
  club = await createClub(db, { nom: `FC Casquettes ${Date.now().toString(36)}` });
  u11 = await createTeam(db, club.id, { nom: 'U11', categorie: 'U11' });
  u13 = await createTeam(db, club.id, { nom: 'U13', categorie: 'U13' });
  veterans = await createTeam(db, club.id, { nom: 'Vétérans', categorie: 'Vétéran' });
  asLeader = await signIn(ctx.app, await createMember(db, club.id, { role: 'DIRIGEANT' }));
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

describe('[hats] the stored model', () => {
  it('members.role is the principal hat of what is stored: the database function and the contract agree', async () => {
    const db = ctx.app.db;
    const teamIds = [u11.id, u13.id, veterans.id];
    const child = await createMember(db, club.id, { role: 'JOUEUR' });
    const subject = await createMember(db, club.id, { role: 'JOUEUR' });
    const teamRole = fc.constantFrom<TeamRole | null>('ENTRAINEUR', 'JOUEUR', 'PARENT', null);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<ClubRole | null>(null, 'DIRIGEANT', 'RESPONSABLE'),
        fc.tuple(teamRole, teamRole, teamRole),
        fc.boolean(),
        fc.constantFrom(...ROLES),
        async (roleClub, roles, hasChildren, declared) => {
          const teams = teamIds
            .map((id, i) => ({ id, role: roles[i]! }))
            .filter((t, i) => roles[i] !== null || i === 0);
          await setMemberHats(db, club.id, subject.id, { teams });
          await db.delete(guardians).where(eq(guardians.parentId, subject.id));
          if (hasChildren) await linkGuardian(db, club.id, subject.id, child.id);
          const stored = await db
            .select({ role: teamMemberships.role, id: teamMemberships.teamId })
            .from(teamMemberships)
            .where(eq(teamMemberships.memberId, subject.id));
          const result = await db.execute(
            sql`select member_principal_role(${club.id}, ${subject.id}, ${roleClub}, ${declared}) as role`,
          );
          const fromDb = (result as unknown as { rows: { role: string }[] }).rows[0]!.role;
          expect(fromDb).toBe(
            principalRole(
              {
                roleClub,
                equipes: stored.map((t) => ({ id: t.id, role: t.role as TeamRole | null })),
                hasChildren,
              },
              declared,
            ),
          );
        },
      ),
      { numRuns: 60 },
    );
  });

  it('the spec’s role written alone keeps its meaning: a leader role is the club role, a team role is held in every team', async () => {
    const db = ctx.app.db;
    const m = await createMember(db, club.id, { role: 'RESPONSABLE', teamId: u11.id });
    const read = async () => {
      const [row] = await db
        .select({ role: members.role, clubRole: members.clubRole })
        .from(members)
        .where(eq(members.id, m.id));
      const teams = await db
        .select({ role: teamMemberships.role })
        .from(teamMemberships)
        .where(eq(teamMemberships.memberId, m.id));
      return { ...row, teams: teams.map((t) => t.role) };
    };
    // A leader's team stays attached without a team role.
    expect(await read()).toEqual({ role: 'RESPONSABLE', clubRole: 'RESPONSABLE', teams: [null] });
    // The spec's PUT {role: 'ENTRAINEUR'}: no club role, coach of every team.
    const res = await asLeader.send(api.members.update, {
      params: { id: m.id },
      body: { role: 'ENTRAINEUR' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      role: 'ENTRAINEUR',
      roleClub: null,
      equipes: [{ id: u11.id, role: 'ENTRAINEUR' }],
    });
    expect(await read()).toEqual({ role: 'ENTRAINEUR', clubRole: null, teams: ['ENTRAINEUR'] });
    // A team added without a role takes the member's team role (the insert trigger).
    await db.insert(teamMemberships).values({ clubId: club.id, teamId: u13.id, memberId: m.id });
    expect((await read()).teams.sort()).toEqual(['ENTRAINEUR', 'ENTRAINEUR']);
  });
});

describe('[hats] member answers and writes', () => {
  it('creates the president who plays with the veterans: club role and a role per team', async () => {
    const res = await asLeader.send(api.members.create, {
      body: body({
        roleClub: 'RESPONSABLE',
        equipes: [{ id: veterans.id, role: 'JOUEUR' }],
      }),
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      role: 'RESPONSABLE',
      roleClub: 'RESPONSABLE',
      idEquipe: veterans.id,
      equipes: [{ id: veterans.id, nom: 'Vétérans', role: 'JOUEUR' }],
      enfants: [],
      parentsIds: [],
    });
  });

  it('a leader’s team without a team role (role null, as answers say it) is kept; without a club role it becomes JOUEUR', async () => {
    const res = await asLeader.send(api.members.create, {
      body: body({
        roleClub: 'RESPONSABLE',
        equipes: [
          { id: u11.id, role: null },
          { id: veterans.id, role: 'JOUEUR' },
        ],
      }),
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      role: 'RESPONSABLE',
      equipes: [
        { id: u11.id, role: null },
        { id: veterans.id, role: 'JOUEUR' },
      ],
    });
    // The member form sends every answer's team back with the club role removed.
    const down = await asLeader.send(api.members.update, {
      params: { id: res.body.id },
      body: {
        clubId: club.id,
        roleClub: null,
        equipes: res.body.equipes.map((team) => ({ ...team, role: team.role ?? null })),
      },
    });
    expect(down.status, down.text).toBe(200);
    expect(down.body).toMatchObject({
      role: 'JOUEUR',
      roleClub: null,
      equipes: [
        { id: u11.id, role: 'JOUEUR' },
        { id: veterans.id, role: 'JOUEUR' },
      ],
    });
  });

  it('creates the U11 coach who plays with the veterans and is the father of a U13 player (parentsIds on the child)', async () => {
    const coach = await asLeader.send(api.members.create, {
      body: body({
        role: 'ENTRAINEUR',
        equipes: [
          { id: u11.id, role: 'ENTRAINEUR' },
          { id: veterans.id, role: 'JOUEUR' },
        ],
      }),
    });
    expect(coach.status, coach.text).toBe(201);
    expect(coach.body).toMatchObject({ role: 'ENTRAINEUR', roleClub: null });
    const son = await asLeader.send(api.members.create, {
      body: body({
        prenom: 'Hugo',
        dateDeNaissance: '2014-05-06',
        role: 'JOUEUR',
        equipesIds: [u13.id],
        parentsIds: [coach.body.id],
      }),
    });
    expect(son.status, son.text).toBe(201);
    expect(son.body).toMatchObject({
      role: 'JOUEUR',
      equipes: [{ id: u13.id, role: 'JOUEUR' }],
      parentsIds: [coach.body.id],
    });
    const father = await asLeader.send(api.members.get, { params: { id: coach.body.id } });
    expect(father.body.enfants).toEqual([{ id: son.body.id, nom: 'Moreau', prenom: 'Hugo' }]);
  });

  it('refuses a minor as a guardian, a member as their own parent, an unknown parent, a team twice', async () => {
    const minor = await createMember(ctx.app.db, club.id, { dateNaissance: '2012-01-01' });
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [
        { role: 'JOUEUR', parentsIds: [minor.id] },
        { parentsIds: MEMBER_FIELD_MESSAGES.guardianMinor },
      ],
      [
        { role: 'JOUEUR', parentsIds: [999_999] },
        { parentsIds: MEMBER_FIELD_MESSAGES.parentUnknown },
      ],
      [
        {
          equipes: [
            { id: u11.id, role: 'JOUEUR' },
            { id: u11.id, role: 'ENTRAINEUR' },
          ],
        },
        { equipes: MEMBER_FIELD_MESSAGES.teamTwice },
      ],
      [
        { equipes: [{ id: u11.id, role: 'CAPITAINE' }] },
        { 'equipes.0.role': MEMBER_FIELD_MESSAGES.teamRoleInvalid },
      ],
      [{ roleClub: 'JOUEUR' }, { roleClub: MEMBER_FIELD_MESSAGES.roleClubInvalid }],
    ];
    for (const [extra, errors] of cases) {
      // Values the declaration's types refuse (an unknown team role): sent as written.
      const res = await asLeader.raw({
        method: api.members.create.method,
        url: api.members.create.path,
        payload: body(extra),
      });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(ZApiErrorSchema.parse(res.json()).errors).toEqual(errors);
    }
    const self = await asLeader.send(api.members.update, {
      params: { id: minor.id },
      body: { parentsIds: [minor.id] },
    });
    expect(self.error.errors).toEqual({ parentsIds: MEMBER_FIELD_MESSAGES.parentSelf });
  });

  it('only a DIRIGEANT gives the club role; a RESPONSABLE may give team roles', async () => {
    const db = ctx.app.db;
    const asResponsable = await signIn(
      ctx.app,
      await createMember(db, club.id, { role: 'RESPONSABLE' }),
    );
    const player = await createMember(db, club.id, { role: 'JOUEUR', teamId: u11.id });
    const grant = await asResponsable.send(api.members.update, {
      params: { id: player.id },
      body: { roleClub: 'RESPONSABLE' },
    });
    expect(grant.status).toBe(403);
    expect(grant.error.errors).toEqual({ roleClub: MEMBER_FIELD_MESSAGES.roleForbidden });
    const coach = await asResponsable.send(api.members.update, {
      params: { id: player.id },
      body: { equipes: [{ id: u11.id, role: 'ENTRAINEUR' }] },
    });
    expect(coach.status, coach.text).toBe(200);
    expect(coach.body).toMatchObject({
      role: 'ENTRAINEUR',
      equipes: [{ id: u11.id, role: 'ENTRAINEUR' }],
    });
  });

  it(`${api.dashboard.infos.method} ${api.dashboard.infos.path} adds casquettes: club role, teams with their roles, children`, async () => {
    const db = ctx.app.db;
    const coach = await createMember(db, club.id, { role: 'ENTRAINEUR', teamId: u11.id });
    const son = await createMember(db, club.id, { role: 'JOUEUR', teamId: u13.id, prenom: 'Hugo' });
    await linkGuardian(db, club.id, coach.id, son.id);
    const infos = await (await signIn(ctx.app, coach)).api.dashboard.infos();
    expect(infos.casquettes).toEqual({
      roleClub: null,
      equipes: [{ id: u11.id, nom: 'U11', role: 'ENTRAINEUR' }],
      enfants: [
        { id: son.id, nom: son.nom, prenom: 'Hugo', equipes: [{ id: u13.id, nom: 'U13' }] },
      ],
    });
  });
});

describe('[hats] permissions follow the hats', () => {
  it('the father-coach edits his own team’s training and answers his son’s convocation, not another player’s', async () => {
    const db = ctx.app.db;
    const coach = await createMember(db, club.id, { role: 'ENTRAINEUR', teamId: u11.id });
    const son = await createMember(db, club.id, { role: 'JOUEUR', teamId: u13.id });
    const other = await createMember(db, club.id, { role: 'JOUEUR', teamId: u13.id });
    await linkGuardian(db, club.id, coach.id, son.id);
    const asCoach = await signIn(ctx.app, coach);
    const training = await asCoach.send(api.events.create, {
      body: {
        nom: 'Entraînement U11',
        type: 'ENTRAINEMENT',
        dateDebut: '2099-05-06T18:00:00',
        dateFin: '2099-05-06T19:30:00',
        lieux: 'Stade',
        equipesIds: [u11.id],
        clubId: club.id,
      },
    });
    expect(training.status, training.text).toBe(201);
    const u13Training = await asCoach.send(api.events.create, {
      body: {
        nom: 'Entraînement U13',
        type: 'ENTRAINEMENT',
        dateDebut: '2099-05-06T18:00:00',
        dateFin: '2099-05-06T19:30:00',
        lieux: 'Stade',
        equipesIds: [u13.id],
        clubId: club.id,
      },
    });
    expect(u13Training.status).toBe(403);
    const { match } = await createMatch(db, club.id, {
      homeTeamId: u13.id,
      opponentName: 'FC Voisin',
      dateDebut: '2099-05-08 10:00:00',
      dateFin: '2099-05-08 11:30:00',
    });
    await db.execute(sql`insert into convocations (club_id, match_id, member_id)
      values (${club.id}, ${match.id}, ${son.id}), (${club.id}, ${match.id}, ${other.id})`);
    const answer = (joueurId: number) =>
      asCoach.send(api.matches.answerConvocations, {
        params: { id: match.id },
        body: { items: [{ joueurId, statutPresence: 'DISPONIBLE', justification: null }] },
      });
    expect((await answer(son.id)).status).toBe(200);
    expect((await answer(other.id)).status).toBe(403);
  });

  it('a coach of U11 who plays with the veterans sees U11’s private fields, and of his teammates only what a teammate sees', async () => {
    const db = ctx.app.db;
    const coach = await createMember(db, club.id, { role: 'ENTRAINEUR' });
    await setMemberHats(db, club.id, coach.id, {
      teams: [
        { id: u11.id, role: 'ENTRAINEUR' },
        { id: veterans.id, role: 'JOUEUR' },
      ],
    });
    const kid = await createMember(db, club.id, {
      role: 'JOUEUR',
      teamId: u11.id,
      dateNaissance: '2016-02-02',
    });
    const mate = await createMember(db, club.id, {
      role: 'JOUEUR',
      teamId: veterans.id,
      dateNaissance: '1980-02-02',
    });
    const asCoach = await signIn(ctx.app, coach);
    const kidSeen = (await asCoach.send(api.members.get, { params: { id: kid.id } })).body;
    expect(kidSeen).toMatchObject({
      dateDeNaissance: '2016-02-02',
      statut: 'Actif',
      email: kid.email,
    });
    const mateSeen = (await asCoach.send(api.members.get, { params: { id: mate.id } })).body;
    expect(mateSeen.nom).toBe(mate.nom);
    for (const hidden of ['dateDeNaissance', 'statut', 'email', 'numeroTelephone'])
      expect(mateSeen, hidden).not.toHaveProperty(hidden);
    // His teammates see his contact details only if he shares them; U11's families always.
    const mateView = (
      await (await signIn(ctx.app, mate)).send(api.members.get, { params: { id: coach.id } })
    ).body;
    expect(mateView).not.toHaveProperty('email');
    const parent = await createMember(db, club.id, { role: 'PARENT' });
    await linkGuardian(db, club.id, parent.id, kid.id);
    const parentView = (
      await (
        await signIn(ctx.app, parent)
      ).send(api.members.listTeam, {
        params: { clubId: club.id, nomEquipe: 'U11' },
      })
    ).body;
    if (!Array.isArray(parentView)) throw new Error('une liste attendue (ni page ni taille)');
    expect(parentView.find((m) => m.id === coach.id)?.email).toBe(coach.email);
  });

  it('a removed hat loses its rights at once (actor cache included)', async () => {
    const db = ctx.app.db;
    const coach = await createMember(db, club.id, { role: 'ENTRAINEUR', teamId: u11.id });
    const asCoach = await signIn(ctx.app, coach);
    const create = () =>
      asCoach.send(api.events.create, {
        body: {
          nom: `Séance ${++seq}`,
          type: 'ENTRAINEMENT',
          dateDebut: '2099-06-06T18:00:00',
          dateFin: '2099-06-06T19:30:00',
          lieux: 'Stade',
          equipesIds: [u11.id],
          clubId: club.id,
        },
      });
    expect((await create()).status).toBe(201);
    expect((await asCoach.send(api.dashboard.infos)).status).toBe(200); // cached now
    const res = await asLeader.send(api.members.update, {
      params: { id: coach.id },
      body: { equipes: [{ id: u11.id, role: 'JOUEUR' }] },
    });
    expect(res.status, res.text).toBe(200);
    expect((await create()).status).toBe(403);
    const [row] = await db
      .select({ role: members.role })
      .from(members)
      .where(and(eq(members.id, coach.id), eq(members.clubId, club.id)));
    expect(row!.role).toBe('JOUEUR');
  });
});
