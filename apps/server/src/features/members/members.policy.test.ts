import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClub, createMember, createTeam } from '../../db/factories.ts';
import { buildTestApp, signIn, type TestClient, type TestContext } from '../../test/helper.ts';

/**
 * ARCHITECTURE §6 for members, team members, teams and profile, walked row by row for each of the
 * five roles and for a member of another club (a DIRIGEANT there: the most powerful outsider).
 */
type Actor = 'DIRIGEANT' | 'RESPONSABLE' | 'ENTRAINEUR' | 'JOUEUR' | 'PARENT' | 'AUTRE_CLUB';
const ACTORS: Actor[] = [
  'DIRIGEANT',
  'RESPONSABLE',
  'ENTRAINEUR',
  'JOUEUR',
  'PARENT',
  'AUTRE_CLUB',
];

let ctx: TestContext;
let clubA: { id: number };
let teamA1: { id: number; nom: string };
let teamA2: { id: number; nom: string };
let otherPlayer: { id: number }; // a JOUEUR of team A2
let ownPlayer: { id: number }; // a JOUEUR of team A1 (the coach's team), not one of the actors
const me: Record<Actor, { id: number; clubId: number }> = {} as never;
const client: Record<Actor, TestClient> = {} as never;
let seq = 0;

beforeAll(async () => {
  ctx = await buildTestApp();
  const db = ctx.app.db;
  clubA = await createClub(db, { nom: 'Club Alpha' });
  const clubB = await createClub(db, { nom: 'Club Beta' });
  teamA1 = await createTeam(db, clubA.id, {
    nom: 'Seniors A',
    categorie: 'Senior',
    division: 'R1',
  });
  teamA2 = await createTeam(db, clubA.id, { nom: 'U17', categorie: 'U17', division: 'R1' });
  await createTeam(db, clubB.id, { nom: 'Beta 1', categorie: 'Senior', division: 'R1' });
  otherPlayer = await createMember(db, clubA.id, { role: 'JOUEUR', teamId: teamA2.id });
  ownPlayer = await createMember(db, clubA.id, { role: 'JOUEUR', teamId: teamA1.id });
  const rows = {
    DIRIGEANT: await createMember(db, clubA.id, { role: 'DIRIGEANT' }),
    RESPONSABLE: await createMember(db, clubA.id, { role: 'RESPONSABLE' }),
    ENTRAINEUR: await createMember(db, clubA.id, { role: 'ENTRAINEUR', teamId: teamA1.id }),
    JOUEUR: await createMember(db, clubA.id, { role: 'JOUEUR', teamId: teamA1.id }),
    PARENT: await createMember(db, clubA.id, { role: 'PARENT', teamId: teamA1.id }),
    AUTRE_CLUB: await createMember(db, clubB.id, { role: 'DIRIGEANT' }),
  };
  for (const a of ACTORS) {
    me[a] = rows[a];
    client[a] = await signIn(ctx.app, rows[a]);
  }
});
afterAll(async () => {
  await ctx?.close();
});

type Call = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; body?: unknown };
interface Row {
  resource: string;
  action: string;
  /** Built per actor (fresh targets, unique e-mails). */
  call: (actor: Actor) => Call | Promise<Call>;
  expect: Record<Actor, number>;
}

const leadersOnly = (ok: number): Record<Actor, number> => ({
  DIRIGEANT: ok,
  RESPONSABLE: ok,
  ENTRAINEUR: 403,
  JOUEUR: 403,
  PARENT: 403,
  AUTRE_CLUB: 404,
});
const everyMember = (ok: number): Record<Actor, number> => ({
  DIRIGEANT: ok,
  RESPONSABLE: ok,
  ENTRAINEUR: ok,
  JOUEUR: ok,
  PARENT: ok,
  AUTRE_CLUB: 404,
});

const newMemberBody = (role = 'JOUEUR') => ({
  nom: 'Nouveau',
  prenom: 'Membre',
  dateDeNaissance: '2001-02-03',
  genre: 'Homme',
  email: `nouveau.${++seq}@example.org`,
  numeroTelephone: '0611223344',
  role,
  nomEquipe: 'U17',
  clubId: clubA.id,
});

const freshPlayer = async () =>
  createMember(ctx.app.db, clubA.id, { role: 'JOUEUR', teamId: teamA2.id });
const freshTeam = async () => createTeam(ctx.app.db, clubA.id, { nom: `Temp ${++seq}` });

const ROWS: Row[] = [
  // club members list, search, CRUD: leaders
  {
    resource: 'club members',
    action: 'list',
    call: () => ({ method: 'GET', url: `/api/membres/club/${clubA.id}` }),
    expect: leadersOnly(200),
  },
  {
    resource: 'club members',
    action: 'search',
    call: () => ({ method: 'GET', url: `/api/membres/club/${clubA.id}/recherche?nom=a` }),
    expect: leadersOnly(200),
  },
  {
    resource: 'club members',
    action: 'create (JOUEUR)',
    call: () => ({ method: 'POST', url: '/api/membres', body: newMemberBody() }),
    expect: leadersOnly(201),
  },
  {
    resource: 'club members',
    action: 'read another team’s member',
    call: () => ({ method: 'GET', url: `/api/membres/${otherPlayer.id}` }),
    expect: leadersOnly(200),
  },
  {
    resource: 'club members',
    action: 'update another team’s member',
    call: () => ({
      method: 'PUT',
      url: `/api/membres/${otherPlayer.id}`,
      body: { numeroTelephone: `06000000${10 + (++seq % 80)}`, clubId: clubA.id },
    }),
    expect: leadersOnly(200),
  },
  {
    resource: 'club members',
    action: 'delete',
    call: async () => ({ method: 'DELETE', url: `/api/membres/${(await freshPlayer()).id}` }),
    expect: leadersOnly(200),
  },
  {
    resource: 'club members',
    action: 'resend invitation',
    call: async () => {
      const m = await createMember(ctx.app.db, clubA.id, { password: null });
      return { method: 'POST', url: `/api/membres/${m.id}/invitation` };
    },
    expect: leadersOnly(200),
  },
  {
    resource: 'club members',
    action: 'grant RESPONSABLE (only a DIRIGEANT)',
    call: () => ({ method: 'POST', url: '/api/membres', body: newMemberBody('RESPONSABLE') }),
    expect: { ...leadersOnly(201), RESPONSABLE: 403 },
  },
  {
    resource: 'club members',
    action: 'grant DIRIGEANT by promotion (only a DIRIGEANT)',
    call: async () => ({
      method: 'PUT',
      url: `/api/membres/${(await freshPlayer()).id}`,
      body: { role: 'DIRIGEANT' },
    }),
    expect: { ...leadersOnly(200), RESPONSABLE: 403 },
  },
  // team members: leaders; members of that team
  {
    resource: 'team members',
    action: 'list own team (A1)',
    call: () => ({
      method: 'GET',
      url: `/api/membres/${clubA.id}/equipe/${encodeURIComponent(teamA1.nom)}`,
    }),
    expect: everyMember(200),
  },
  {
    resource: 'team members',
    action: 'search own team (A1)',
    call: () => ({
      method: 'GET',
      url: `/api/membres/recherche/equipe?clubId=${clubA.id}&nomEquipe=${encodeURIComponent(teamA1.nom)}&nom=mar`,
    }),
    expect: everyMember(200),
  },
  {
    resource: 'team members',
    action: 'list another team (A2)',
    call: () => ({ method: 'GET', url: `/api/membres/${clubA.id}/equipe/${teamA2.nom}` }),
    expect: leadersOnly(200),
  },
  {
    resource: 'team members',
    action: 'search another team (A2)',
    call: () => ({
      method: 'GET',
      url: `/api/membres/recherche/equipe?clubId=${clubA.id}&nomEquipe=${teamA2.nom}`,
    }),
    expect: leadersOnly(200),
  },
  {
    resource: 'team members',
    action: 'read a teammate',
    call: () => ({ method: 'GET', url: `/api/membres/${ownPlayer.id}` }),
    expect: everyMember(200),
  },
  {
    resource: 'team members',
    action: 'coach edits own player: numero, poste',
    call: () => ({
      method: 'PUT',
      url: `/api/membres/${ownPlayer.id}`,
      body: { numero: 1 + (++seq % 90), poste: `Poste ${seq}`, clubId: clubA.id },
    }),
    expect: { ...everyMember(200), JOUEUR: 403, PARENT: 403 },
  },
  {
    resource: 'team members',
    action: 'coach edits own player: any other field',
    call: () => ({
      method: 'PUT',
      url: `/api/membres/${ownPlayer.id}`,
      body: { taille: 150 + (++seq % 50), clubId: clubA.id },
    }),
    expect: { ...everyMember(200), ENTRAINEUR: 403, JOUEUR: 403, PARENT: 403 },
  },
  {
    resource: 'team members',
    action: 'coach edits a parent of the team',
    call: () => ({
      method: 'PUT',
      url: `/api/membres/${me.PARENT.id}`,
      body: { numero: 1 + (++seq % 90) },
    }),
    expect: { ...everyMember(200), ENTRAINEUR: 403, JOUEUR: 403, PARENT: 403 },
  },
  // self: profile and team screen
  {
    resource: 'profile',
    action: 'read self',
    call: (a) => ({ method: 'GET', url: `/api/membres/${me[a].id}` }),
    expect: { ...everyMember(200), AUTRE_CLUB: 200 },
  },
  {
    resource: 'profile',
    action: 'edit own nom, prenom, date, email, phone, genre',
    call: (a) => ({
      method: 'PUT',
      url: `/api/membres/${me[a].id}`,
      body: {
        nom: `Nom${++seq}`,
        prenom: 'Prénom',
        dateDeNaissance: '1990-05-06T00:00:00.000Z',
        email: `self.${seq}@example.org`,
        numeroTelephone: '0700000000',
        genre: 'Autre',
      },
    }),
    expect: { ...everyMember(200), AUTRE_CLUB: 200 },
  },
  {
    resource: 'profile',
    action: 'edit own role (never)',
    call: (a) => ({
      method: 'PUT',
      url: `/api/membres/${me[a].id}`,
      body: { role: a === 'JOUEUR' ? 'PARENT' : 'JOUEUR' },
    }),
    expect: { ...everyMember(403), AUTRE_CLUB: 403 },
  },
  {
    resource: 'team members',
    action: 'edit own numero / poste',
    call: (a) => ({
      method: 'PUT',
      url: `/api/membres/${me[a].id}`,
      body: { numero: 1 + (++seq % 90), poste: 'Ailier' },
    }),
    expect: { ...everyMember(403), DIRIGEANT: 200, RESPONSABLE: 200, AUTRE_CLUB: 200 },
  },
  {
    resource: 'team members',
    action: 'edit own numeroLicence',
    call: (a) => ({
      method: 'PUT',
      url: `/api/membres/${me[a].id}`,
      body: { numeroLicence: `LIC-${++seq}` },
    }),
    expect: { ...everyMember(200), ENTRAINEUR: 403, AUTRE_CLUB: 200 },
  },
  {
    resource: 'team members',
    action: 'edit own taille and poids',
    call: (a) => ({
      method: 'PUT',
      url: `/api/membres/${me[a].id}`,
      body: { taille: 160 + (++seq % 30), poids: 60 + (seq % 30) },
    }),
    expect: { ...everyMember(200), AUTRE_CLUB: 200 },
  },
  {
    resource: 'team members',
    action: 'change own statut or team (leaders only)',
    call: (a) => ({
      method: 'PUT',
      url: `/api/membres/${me[a].id}`,
      body: { statut: seq++ % 2 ? 'Blessé' : 'Suspendu' },
    }),
    expect: { ...everyMember(403), DIRIGEANT: 200, RESPONSABLE: 200, AUTRE_CLUB: 200 },
  },
  // teams: read by every member; written by leaders
  {
    resource: 'teams',
    action: 'list the club’s teams',
    call: () => ({ method: 'GET', url: `/api/equipes/club/${clubA.id}` }),
    expect: everyMember(200),
  },
  {
    resource: 'teams',
    action: 'read a team',
    call: () => ({ method: 'GET', url: `/api/equipes/${teamA2.id}` }),
    expect: everyMember(200),
  },
  {
    resource: 'teams',
    action: 'create',
    call: () => ({
      method: 'POST',
      url: '/api/equipes',
      body: { nom: `Équipe ${++seq}`, division: 'D1', category: 'U15', idClub: clubA.id },
    }),
    expect: leadersOnly(201),
  },
  {
    resource: 'teams',
    action: 'update',
    call: async () => {
      const t = await freshTeam();
      return {
        method: 'PUT',
        url: `/api/equipes/${t.id}`,
        body: { nom: `${t.nom} bis`, division: 'D2', category: 'U13', idClub: clubA.id },
      };
    },
    expect: leadersOnly(200),
  },
  {
    resource: 'teams',
    action: 'delete',
    call: async () => ({ method: 'DELETE', url: `/api/equipes/${(await freshTeam()).id}` }),
    expect: leadersOnly(200),
  },
];

describe('[members][teams][profile] ARCHITECTURE §6, every row × every role', () => {
  for (const row of ROWS) {
    for (const actor of ACTORS) {
      it(`${row.resource} · ${row.action} · ${actor} → ${row.expect[actor]}`, async () => {
        const call = await row.call(actor);
        const c = client[actor];
        const res =
          call.method === 'GET'
            ? await c.get(call.url)
            : call.method === 'DELETE'
              ? await c.delete(call.url)
              : call.method === 'POST'
                ? await c.post(call.url, call.body)
                : await c.put(call.url, call.body);
        expect(res.statusCode, res.body).toBe(row.expect[actor]);
        if (res.statusCode >= 400) expect(res.json().message).toMatch(/\S/);
      });
    }
  }

  it('by-cat-div only ever returns the caller’s club teams', async () => {
    const res = await client.AUTRE_CLUB.get('/api/equipes/by-cat-div?categorie=Senior&division=R1');
    expect(res.statusCode).toBe(200);
    expect(res.json().map((t: { nom: string }) => t.nom)).toEqual(['Beta 1']);
    const own = await client.JOUEUR.get(
      `/api/equipes/by-cat-div?categorie=senior&division=r1&excludeId=${teamA1.id}`,
    );
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual([]);
  });
});
