import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, routeKey } from '@club/contract';
import {
  createClub,
  createMember,
  createTeam,
  linkGuardian,
  setMemberTeams,
} from '../../db/factories.ts';
import { buildTestApp, signIn, type TestClient, type TestContext } from '../../test/helper.ts';

/*
 * A parent of children in several teams (decision 0084): the current member names every child
 * with their teams (the navigation's child switcher), and the pages of each of those teams answer
 * (permission tables: "parents: their teams and those of their children"); a team of no child does not.
 */

let ctx: TestContext;
let club: { id: number; nom: string };
let u15: { id: number; nom: string };
let u17: { id: number; nom: string };
let seniors: { id: number; nom: string };
let asParent: TestClient;
let emma: { id: number };
let hugo: { id: number };

beforeAll(async () => {
  ctx = await buildTestApp();
  const db = ctx.app.db;
  club = await createClub(db, { nom: 'FC Familles', timezone: 'Europe/Paris' });
  u15 = await createTeam(db, club.id, { nom: 'U15' });
  u17 = await createTeam(db, club.id, { nom: 'U17' });
  seniors = await createTeam(db, club.id, { nom: 'Seniors' });
  const parent = await createMember(db, club.id, {
    role: 'PARENT',
    nom: 'Nicolas',
    prenom: 'Chloé',
  });
  hugo = await createMember(db, club.id, {
    role: 'JOUEUR',
    nom: 'Nicolas',
    prenom: 'Hugo',
    teamId: u17.id,
  });
  await setMemberTeams(db, club.id, hugo.id, [u17.id]);
  emma = await createMember(db, club.id, {
    role: 'JOUEUR',
    nom: 'Nicolas',
    prenom: 'Emma',
    teamId: u15.id,
  });
  await setMemberTeams(db, club.id, emma.id, [u15.id]);
  await linkGuardian(db, club.id, parent.id, hugo.id);
  await linkGuardian(db, club.id, parent.id, emma.id);
  asParent = await signIn(ctx.app, parent);
});
afterAll(async () => {
  await ctx?.close();
});

describe('[auth] a parent of children in two teams', () => {
  it(`${routeKey(api.dashboard.infos)} lists each child with their teams, by first name`, async () => {
    const res = await asParent.send(api.dashboard.infos);
    expect(res.status).toBe(200);
    expect(res.body.enfants).toEqual([
      { id: emma.id, nom: 'Nicolas', prenom: 'Emma', equipes: [{ id: u15.id, nom: 'U15' }] },
      { id: hugo.id, nom: 'Nicolas', prenom: 'Hugo', equipes: [{ id: u17.id, nom: 'U17' }] },
    ]);
    expect(res.body.equipes).toEqual([]);
  });

  it('reads the pages of both children’s teams, not those of another team', async () => {
    for (const team of [u15, u17]) {
      for (const call of [
        () => asParent.send(api.dashboard.events, { params: { id: team.id } }),
        () => asParent.send(api.dashboard.members, { params: { id: team.id } }),
        () => asParent.send(api.matches.listTeam, { params: { id: team.id } }),
        () => asParent.send(api.statistics.team, { params: { teamId: team.id } }),
        () =>
          asParent.send(api.members.listTeam, {
            params: { clubId: club.id, nomEquipe: team.nom },
          }),
      ]) {
        const res = await call();
        expect(res.status, `${routeKey(res.endpoint)} (${team.nom})`).toBe(200);
      }
    }
    expect((await asParent.send(api.dashboard.events, { params: { id: seniors.id } })).status).toBe(
      403,
    );
    expect((await asParent.send(api.matches.listTeam, { params: { id: seniors.id } })).status).toBe(
      403,
    );
  });
});
