import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_FIELD_MESSAGES, api, type EndpointInput } from '@club/contract';
import { createClub, createMember, createTeam, setMemberTeams } from '../../db/factories.ts';
import { buildTestApp, signIn, type TestClient, type TestContext } from '../../test/helper.ts';

/** Members in several teams (team_memberships) and a parent's children (guardians). */
let ctx: TestContext;
let club: { id: number };
let other: { id: number };
let seniors: { id: number; nom: string };
let u17: { id: number; nom: string };
let u15: { id: number; nom: string };
let foreignTeam: { id: number };
let asLeader: TestClient;
let seq = 0;

type NewMember = EndpointInput<typeof api.members.create>['body'];
const body = (overrides: Partial<NewMember> = {}): NewMember => ({
  nom: 'Moreau',
  prenom: 'Léo',
  dateDeNaissance: '2008-04-03',
  genre: 'Homme',
  email: `leo.${++seq}.${Date.now().toString(36)}@example.org`,
  numeroTelephone: '06 12 34 56 78',
  role: 'JOUEUR',
  clubId: club.id,
  ...overrides,
});

beforeAll(async () => {
  ctx = await buildTestApp();
  const db = ctx.app.db;
  club = await createClub(db);
  other = await createClub(db);
  seniors = await createTeam(db, club.id, { nom: 'Seniors' });
  u17 = await createTeam(db, club.id, { nom: 'U17' });
  u15 = await createTeam(db, club.id, { nom: 'U15' });
  foreignTeam = await createTeam(db, other.id, { nom: 'Ailleurs' });
  asLeader = await signIn(ctx.app, await createMember(db, club.id, { role: 'DIRIGEANT' }));
});
afterAll(async () => {
  await ctx?.close();
});

describe('[members] several teams per member', () => {
  it('creates a member of two teams: the first is the primary team (idEquipe, nomEquipe)', async () => {
    const res = await asLeader.send(api.members.create, {
      body: body({ equipesIds: [u17.id, seniors.id] }),
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      idEquipe: u17.id,
      nomEquipe: 'U17',
      equipes: [
        { id: u17.id, nom: 'U17' },
        { id: seniors.id, nom: 'Seniors' },
      ],
    });
  });

  it('lists the member on both teams’ pages', async () => {
    const created = (
      await asLeader.send(api.members.create, { body: body({ equipesIds: [seniors.id, u15.id] }) })
    ).body;
    // Without a page asked, the list itself (not a page of it).
    const idsOf = async (nomEquipe: string) => {
      const list = (
        await asLeader.send(api.members.listTeam, { params: { clubId: club.id, nomEquipe } })
      ).body;
      if (!Array.isArray(list)) throw new Error(`liste attendue : ${JSON.stringify(list)}`);
      return list.map((m) => m.id);
    };
    for (const team of [seniors, u15]) expect(await idsOf(team.nom)).toContain(created.id);
    expect(await idsOf('U17')).not.toContain(created.id);
  });

  it('reordering equipesIds changes the primary team', async () => {
    const { id } = (
      await asLeader.send(api.members.create, { body: body({ equipesIds: [seniors.id, u17.id] }) })
    ).body;
    const res = await asLeader.send(api.members.update, {
      params: { id: id },
      body: { equipesIds: [u17.id, seniors.id] },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ idEquipe: u17.id, nomEquipe: 'U17' });
    expect(res.body.equipes.map((t: { id: number }) => t.id)).toEqual([u17.id, seniors.id]);
  });

  it('the spec’s single nomEquipe replaces the primary team and keeps the others', async () => {
    const { id } = (
      await asLeader.send(api.members.create, { body: body({ equipesIds: [seniors.id, u17.id] }) })
    ).body;
    const res = await asLeader.send(api.members.update, {
      params: { id: id },
      body: { nomEquipe: 'U15' },
    });
    expect(res.body.equipes.map((t: { id: number }) => t.id)).toEqual([u15.id, u17.id]);
    const cleared = await asLeader.send(api.members.update, {
      params: { id: id },
      body: { nomEquipe: null },
    });
    expect(cleared.body).toMatchObject({ idEquipe: u17.id, equipes: [{ id: u17.id }] });
  });

  it('equipesIds [] leaves the member without team', async () => {
    const { id } = (
      await asLeader.send(api.members.create, { body: body({ equipesIds: [u17.id] }) })
    ).body;
    const res = await asLeader.send(api.members.update, {
      params: { id: id },
      body: { equipesIds: [] },
    });
    expect(res.body).toMatchObject({ idEquipe: null, nomEquipe: null, equipes: [] });
  });

  it('refuses another club’s team or an unknown id with the French message', async () => {
    for (const ids of [[foreignTeam.id], [u17.id, 999_999]]) {
      const res = await asLeader.send(api.members.create, { body: body({ equipesIds: ids }) });
      expect(res.status).toBe(400);
      expect(res.error.errors).toEqual({ equipesIds: MEMBER_FIELD_MESSAGES.teamUnknown });
    }
  });

  it('deleting the primary team promotes the member’s next team', async () => {
    const temp = await createTeam(ctx.app.db, club.id, { nom: `Temp ${++seq}` });
    const { id } = (
      await asLeader.send(api.members.create, { body: body({ equipesIds: [temp.id, u15.id] }) })
    ).body;
    expect((await asLeader.send(api.teams.remove, { params: { id: temp.id } })).status).toBe(200);
    const res = await asLeader.send(api.members.get, { params: { id: id } });
    expect(res.body).toMatchObject({
      idEquipe: u15.id,
      nomEquipe: 'U15',
      equipes: [{ id: u15.id }],
    });
  });

  it(`the signed-in member keeps the primary team in ${api.dashboard.infos.method} ${api.dashboard.infos.path}`, async () => {
    const player = await createMember(ctx.app.db, club.id, { role: 'JOUEUR', teamId: u17.id });
    await setMemberTeams(ctx.app.db, club.id, player.id, [u17.id, seniors.id]);
    const me = await signIn(ctx.app, player);
    const res = await me.send(api.dashboard.infos);
    expect(res.body).toMatchObject({ idEquipe: u17.id, nomEquipe: 'U17' });
    // and reads both teams' members
    for (const team of ['U17', 'Seniors'])
      expect(
        (await me.send(api.members.listTeam, { params: { clubId: club.id, nomEquipe: team } }))
          .status,
      ).toBe(200);
    expect(
      (await me.send(api.members.listTeam, { params: { clubId: club.id, nomEquipe: 'U15' } }))
        .status,
    ).toBe(403);
  });

  it(`${api.dashboard.infos.method} ${api.dashboard.infos.path} lists every team of the signed-in member, primary first`, async () => {
    const player = await createMember(ctx.app.db, club.id, { role: 'JOUEUR', teamId: seniors.id });
    await setMemberTeams(ctx.app.db, club.id, player.id, [seniors.id, u15.id]);
    const me = await signIn(ctx.app, player);
    expect((await me.send(api.dashboard.infos)).body).toMatchObject({
      idEquipe: seniors.id,
      nomEquipe: 'Seniors',
      equipes: [
        { id: seniors.id, nom: 'Seniors' },
        { id: u15.id, nom: 'U15' },
      ],
    });
    // A change of teams shows on the next call (the switcher reads it).
    expect(
      (
        await asLeader.send(api.members.update, {
          params: { id: player.id },
          body: { equipesIds: [u15.id] },
        })
      ).status,
    ).toBe(200);
    expect((await me.send(api.dashboard.infos)).body).toMatchObject({
      idEquipe: u15.id,
      nomEquipe: 'U15',
      equipes: [{ id: u15.id, nom: 'U15' }],
    });
    const loner = await signIn(ctx.app, await createMember(ctx.app.db, club.id, { teamId: null }));
    expect((await loner.send(api.dashboard.infos)).body).toMatchObject({
      idEquipe: null,
      nomEquipe: null,
      equipes: [],
    });
  });

  it('a coach of two teams edits numero and poste of both teams’ players, of no other team', async () => {
    const coach = await createMember(ctx.app.db, club.id, { role: 'ENTRAINEUR', teamId: u17.id });
    await setMemberTeams(ctx.app.db, club.id, coach.id, [u17.id, seniors.id]);
    const asCoach = await signIn(ctx.app, coach);
    for (const [teamId, status] of [
      [u17.id, 200],
      [seniors.id, 200],
      [u15.id, 403],
    ] as const) {
      const player = await createMember(ctx.app.db, club.id, { role: 'JOUEUR', teamId });
      const res = await asCoach.send(api.members.update, {
        params: { id: player.id },
        body: { numero: 7, poste: 'Pivot' },
      });
      expect(res.status, `team ${teamId}`).toBe(status);
    }
  });
});

describe('[members] a parent’s children', () => {
  it('links a parent to children of two teams, and answers them', async () => {
    const a = await createMember(ctx.app.db, club.id, {
      teamId: u17.id,
      nom: 'Bernard',
      prenom: 'Zoé',
    });
    const b = await createMember(ctx.app.db, club.id, {
      teamId: u15.id,
      nom: 'Bernard',
      prenom: 'Adam',
    });
    const res = await asLeader.send(api.members.create, {
      body: body({ role: 'PARENT', equipesIds: [u17.id], enfantsIds: [a.id, b.id] }),
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.enfants).toEqual([
      { id: b.id, nom: 'Bernard', prenom: 'Adam' },
      { id: a.id, nom: 'Bernard', prenom: 'Zoé' },
    ]);
    const parent = res.body;
    // a child may have two parents
    const second = await asLeader.send(api.members.create, {
      body: body({ role: 'PARENT', enfantsIds: [a.id] }),
    });
    expect(second.body.enfants).toEqual([{ id: a.id, nom: 'Bernard', prenom: 'Zoé' }]);
    // unlinking one child keeps the other
    const updated = await asLeader.send(api.members.update, {
      params: { id: parent.id },
      body: { enfantsIds: [b.id] },
    });
    expect(updated.body.enfants?.map((c: { id: number }) => c.id)).toEqual([b.id]);
  });

  it('the parent reads their child’s record and the child’s team, even in another team', async () => {
    const child = await createMember(ctx.app.db, club.id, { teamId: u15.id });
    const { id, email } = (
      await asLeader.send(api.members.create, {
        body: body({ role: 'PARENT', equipesIds: [u17.id], enfantsIds: [child.id] }),
      })
    ).body;
    const asParent = await signIn(ctx.app, {
      id,
      clubId: club.id,
      role: 'PARENT',
      statut: 'Actif',
    });
    expect(email).toMatch(/@/);
    expect((await asParent.send(api.members.get, { params: { id: child.id } })).status).toBe(200);
    expect(
      (await asParent.send(api.members.listTeam, { params: { clubId: club.id, nomEquipe: 'U15' } }))
        .status,
    ).toBe(200);
    expect(
      (
        await asParent.send(api.members.listTeam, {
          params: { clubId: club.id, nomEquipe: 'Seniors' },
        })
      ).status,
    ).toBe(403);
  });

  it('any adult may have children; not a minor, not themself; only members of the club', async () => {
    const child = await createMember(ctx.app.db, club.id);
    const outsider = await createMember(ctx.app.db, other.id);
    const cases: [Partial<NewMember>, string][] = [
      [
        { role: 'JOUEUR', dateDeNaissance: '2015-06-01', enfantsIds: [child.id] },
        MEMBER_FIELD_MESSAGES.guardianMinor,
      ],
      [{ role: 'PARENT', enfantsIds: [outsider.id] }, MEMBER_FIELD_MESSAGES.childUnknown],
      [{ role: 'PARENT', enfantsIds: [999_999] }, MEMBER_FIELD_MESSAGES.childUnknown],
    ];
    for (const [extra, message] of cases) {
      const res = await asLeader.send(api.members.create, { body: body(extra) });
      expect(res.status).toBe(400);
      expect(res.error.errors).toEqual({ enfantsIds: message });
    }
    const coach = await asLeader.send(api.members.create, {
      body: body({
        role: 'ENTRAINEUR',
        dateDeNaissance: '1985-02-01',
        equipesIds: [u15.id],
        enfantsIds: [child.id],
      }),
    });
    expect(coach.status, coach.text).toBe(201);
    expect(coach.body).toMatchObject({
      role: 'ENTRAINEUR',
      equipes: [{ id: u15.id, role: 'ENTRAINEUR' }],
      enfants: [{ id: child.id }],
    });
    const { id } = (await asLeader.send(api.members.create, { body: body({ role: 'PARENT' }) }))
      .body;
    const self = await asLeader.send(api.members.update, {
      params: { id: id },
      body: { enfantsIds: [id] },
    });
    expect(self.status).toBe(400);
    expect(self.error.errors).toEqual({ enfantsIds: MEMBER_FIELD_MESSAGES.childSelf });
  });

  it('a parent who becomes a player keeps their children links', async () => {
    const child = await createMember(ctx.app.db, club.id);
    const { id } = (
      await asLeader.send(api.members.create, {
        body: body({ role: 'PARENT', enfantsIds: [child.id] }),
      })
    ).body;
    const res = await asLeader.send(api.members.update, {
      params: { id: id },
      body: { role: 'JOUEUR' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ role: 'JOUEUR', enfants: [{ id: child.id }] });
    const back = await asLeader.send(api.members.update, {
      params: { id: id },
      body: { role: 'PARENT' },
    });
    expect(back.body).toMatchObject({ role: 'PARENT', enfants: [{ id: child.id }] });
  });
});
