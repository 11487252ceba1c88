import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  MEMBER_FIELD_MESSAGES,
  PRIVACY_MESSAGES,
  SERVER_MESSAGES,
  api,
  urlOf,
  type CallResult,
  type EndpointInput,
  type TMemberList,
} from '@club/contract';
import { auditLog, members, oneTimeTokens } from '../../db/schema.ts';
import { createClub, createMember, createTeam } from '../../db/factories.ts';
import { sha256 } from '../../lib/tokens.ts';
import {
  buildTestApp,
  signIn,
  type TestClient,
  type TestContext,
  typedAnswer,
} from '../../test/helper.ts';
import { waitForMail, waitForMailQueueIdle } from '../../test/http-utils.ts';

let ctx: TestContext;
let club: { id: number; nom: string };
let team: { id: number; nom: string };
let dirigeant: Awaited<ReturnType<typeof createMember>>;
let responsable: Awaited<ReturnType<typeof createMember>>;
let coach: Awaited<ReturnType<typeof createMember>>;
let asDirigeant: TestClient;
let asResponsable: TestClient;
let asCoach: TestClient;
let seq = 0;

type NewMember = EndpointInput<typeof api.members.create>['body'];
const body = (overrides: Partial<NewMember> = {}): NewMember => ({
  nom: 'Durand',
  prenom: 'Paul',
  dateDeNaissance: '2005-04-03',
  genre: 'Homme',
  email: `paul.${++seq}@example.org`,
  numeroTelephone: '06 12 34 56 78',
  role: 'JOUEUR',
  clubId: club.id,
  ...overrides,
});

/** A member's creation with a body the declaration does not allow (missing or unknown fields). */
const createRaw = async (client: TestClient, payload: object) =>
  typedAnswer(
    api.members.create,
    await client.raw({ method: 'POST', url: urlOf(api.members.create, { body: body() }), payload }),
  );
const create = (client: TestClient, b: NewMember) => client.send(api.members.create, { body: b });
const update = (
  client: TestClient,
  id: number,
  b: EndpointInput<typeof api.members.update>['body'],
) => client.send(api.members.update, { params: { id }, body: b });
const remove = (client: TestClient, id: number) =>
  client.send(api.members.remove, { params: { id } });
const get = (client: TestClient, id: number) => client.send(api.members.get, { params: { id } });
/** A list asked without page nor size: the plain list. */
const listOf = (list: TMemberList) => {
  if (!Array.isArray(list)) throw new Error(`une liste attendue : ${JSON.stringify(list)}`);
  return list;
};

beforeAll(async () => {
  ctx = await buildTestApp();
  const db = ctx.app.db;
  club = await createClub(db, { nom: 'Union Sportive' });
  team = await createTeam(db, club.id, { nom: 'Seniors' });
  dirigeant = await createMember(db, club.id, { role: 'DIRIGEANT', nom: 'Chef', prenom: 'Anne' });
  responsable = await createMember(db, club.id, { role: 'RESPONSABLE' });
  coach = await createMember(db, club.id, { role: 'ENTRAINEUR', teamId: team.id });
  asDirigeant = await signIn(ctx.app, dirigeant);
  asResponsable = await signIn(ctx.app, responsable);
  asCoach = await signIn(ctx.app, coach);
});
afterAll(async () => {
  await ctx?.close();
});

describe('[members] create, invitation and audit', () => {
  it('creates a member with statut Actif, the team by name, and mails a single-use 7-day invitation', async () => {
    await waitForMailQueueIdle(ctx);
    ctx.smtp.mails.length = 0;
    const res = await create(
      asDirigeant,
      body({ nomEquipe: 'seniors', email: 'Léa.New@Example.org' }),
    );
    expect(res.status, res.text).toBe(201);
    const m = res.body;
    expect(m).toMatchObject({
      nom: 'Durand',
      prenom: 'Paul',
      dateDeNaissance: '2005-04-03',
      email: 'léa.new@example.org',
      numeroTelephone: '06 12 34 56 78',
      role: 'JOUEUR',
      statut: 'Actif',
      nomEquipe: 'Seniors',
      idEquipe: team.id,
      idClub: club.id,
      numeroLicence: null,
      invitationEnAttente: true,
    });
    // Queued, then sent by the mail worker: once.
    await waitForMail(ctx, (x) => x.to.includes('léa.new@example.org'));
    await waitForMailQueueIdle(ctx);
    expect(ctx.smtp.mails).toHaveLength(1);
    const mail = ctx.smtp.mails[0]!;
    expect(mail.to).toEqual(['léa.new@example.org']);
    expect(mail.subject).toBe('Invitation à rejoindre Union Sportive');
    const token = /\/activation\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    expect(token).toBeTruthy();
    expect(mail.html).toContain(`/activation?token=${token}`);
    const [row] = await ctx.app.db
      .select()
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.memberId, m.id));
    expect(row).toMatchObject({ purpose: 'invitation', tokenHash: sha256(token!), usedAt: null });
    const days = (row!.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    const [stored] = await ctx.app.db.select().from(members).where(eq(members.id, m.id));
    expect(stored!.passwordHash).toBeNull();

    const audits = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'member'), eq(auditLog.entityId, m.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      clubId: club.id,
      actorMemberId: dirigeant.id,
      action: 'create',
    });
    expect(JSON.stringify(audits[0]!.details)).not.toContain('example.org');
    expect(JSON.stringify(audits[0]!.details)).not.toContain(token!);
  });

  it('a leader resends the invitation: a new link, the old one voided; an activated member → 409', async () => {
    const created = (await create(asResponsable, body())).body;
    await waitForMailQueueIdle(ctx); // the first invitation is out
    ctx.smtp.mails.length = 0;
    const res = await asResponsable.send(api.members.resendInvitation, {
      params: { id: created.id },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ message: MEMBER_FIELD_MESSAGES.invitationSent });
    await waitForMail(ctx, (x) => x.to.includes(created.email!));
    await waitForMailQueueIdle(ctx);
    expect(ctx.smtp.mails).toHaveLength(1);
    const tokens = await ctx.app.db
      .select()
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.memberId, created.id));
    expect(tokens).toHaveLength(2);
    expect(tokens.filter((t) => t.usedAt === null)).toHaveLength(1);

    const activated = await asDirigeant.send(api.members.resendInvitation, {
      params: { id: coach.id },
    });
    expect(activated.status).toBe(409);
    expect(activated.error.message).toBe(MEMBER_FIELD_MESSAGES.alreadyActivated);
  });

  it('the activation flag is shown to leaders only', async () => {
    const asLeader = (await get(asDirigeant, coach.id)).body;
    expect(asLeader.invitationEnAttente).toBe(false);
    const asSelf = (await get(asCoach, coach.id)).body;
    expect(asSelf).not.toHaveProperty('invitationEnAttente');
  });

  it('update and delete write audit rows naming the changed fields only', async () => {
    const m = await createMember(ctx.app.db, club.id, { teamId: team.id });
    const upd = await update(asDirigeant, m.id, {
      nom: 'Nouveau-Nom',
      prenom: m.prenom,
      numero: 9,
      clubId: club.id,
    });
    expect(upd.status, upd.text).toBe(200);
    const del = await remove(asDirigeant, m.id);
    expect(del.status).toBe(200);
    const rows = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'member'), eq(auditLog.entityId, m.id)));
    expect(rows.map((r) => r.action)).toEqual(['update', 'delete']);
    expect(rows[0]!.details).toEqual({ fields: ['nom', 'numero'] });
    expect((await get(asDirigeant, m.id)).status).toBe(404);
  });
});

describe('[members] validation (French messages)', () => {
  it('required fields of the member form', async () => {
    const res = await createRaw(asDirigeant, { clubId: club.id });
    expect(res.status).toBe(400);
    const { message, errors = {} } = res.error;
    expect(message).toBe(SERVER_MESSAGES.validation);
    for (const f of [
      'nom',
      'prenom',
      'dateDeNaissance',
      'email',
      'numeroTelephone',
      'genre',
      'role',
    ])
      expect(errors[f], f).toBeTypeOf('string');
    expect(errors.nom).toBe(SERVER_MESSAGES.required);
  });

  it('field formats', async () => {
    // A gender out of the list is no body the declaration allows: sent by hand.
    const res = await createRaw(asDirigeant, {
      ...body({
        nom: 'A',
        email: 'pas un email',
        dateDeNaissance: '2001-02-30',
        numeroTelephone: 'abc',
        role: 'CAPITAINE',
        statut: 'Retraité',
        taille: 500,
      }),
      genre: 'X',
    });
    expect(res.status).toBe(400);
    expect(res.error.errors).toEqual({
      nom: SERVER_MESSAGES.tooShort(2),
      email: MEMBER_FIELD_MESSAGES.emailInvalid,
      dateDeNaissance: SERVER_MESSAGES.invalidDate,
      numeroTelephone: MEMBER_FIELD_MESSAGES.phoneInvalid,
      genre: MEMBER_FIELD_MESSAGES.genreInvalid,
      role: MEMBER_FIELD_MESSAGES.roleInvalid,
      statut: MEMBER_FIELD_MESSAGES.statutInvalid,
      taille: MEMBER_FIELD_MESSAGES.intRange(50, 250),
    });
  });

  it('unknown fields are refused, an unknown team is named', async () => {
    const unknown = await createRaw(asDirigeant, { ...body(), passwordHash: 'x' });
    expect(unknown.status).toBe(400);
    const noTeam = await create(asDirigeant, body({ nomEquipe: 'Inconnue' }));
    expect(noTeam.status).toBe(400);
    expect(noTeam.error.errors).toEqual({ nomEquipe: MEMBER_FIELD_MESSAGES.teamUnknown });
  });

  it('lower-case role and status are read as the stored values; the profile date is cut to 10 chars', async () => {
    const res = await create(
      asDirigeant,
      body({ role: 'parent', statut: 'blesse', dateDeNaissance: '1980-12-31T23:00:00.000Z' }),
    );
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      role: 'PARENT',
      statut: 'Blessé',
      dateDeNaissance: '1980-12-31',
    });
  });
});

describe('[members] conflicts and club boundaries', () => {
  it('an e-mail already used (any case, any club) → 409 on create and on update', async () => {
    const first = (await create(asDirigeant, body({ email: 'double@example.org' }))).body;
    const again = await create(asDirigeant, body({ email: 'DOUBLE@example.org' }));
    expect(again.status).toBe(409);
    expect(again.error).toEqual({
      message: MEMBER_FIELD_MESSAGES.emailTaken,
      errors: { email: MEMBER_FIELD_MESSAGES.emailTaken },
    });
    const other = await createClub(ctx.app.db);
    await createMember(ctx.app.db, other.id, { email: 'ailleurs@example.org' });
    const upd = await update(asDirigeant, first.id, { email: 'ailleurs@example.org' });
    expect(upd.status).toBe(409);
  });

  it('a clubId of another club in a path, query or body → 404', async () => {
    const other = await createClub(ctx.app.db);
    expect(
      (await asDirigeant.send(api.members.listClub, { params: { clubId: other.id } })).status,
    ).toBe(404);
    expect((await create(asDirigeant, body({ clubId: other.id }))).status).toBe(404);
    expect((await update(asDirigeant, coach.id, { nom: 'Xx', clubId: other.id })).status).toBe(404);
    expect(
      (
        await asDirigeant.send(api.members.searchTeam, {
          query: { clubId: other.id, nomEquipe: 'Seniors' },
        })
      ).status,
    ).toBe(404);
    const stranger = await createMember(ctx.app.db, other.id);
    expect((await get(asDirigeant, stranger.id)).status).toBe(404);
    expect((await remove(asDirigeant, stranger.id)).status).toBe(404);
  });

  it('a team of another club cannot be given to a member', async () => {
    const other = await createClub(ctx.app.db);
    const foreign = await createTeam(ctx.app.db, other.id);
    const res = await update(asDirigeant, coach.id, { idEquipe: foreign.id });
    expect(res.status).toBe(400);
    expect(res.error.errors).toEqual({ idEquipe: MEMBER_FIELD_MESSAGES.teamUnknown });
  });
});

describe('[members] field rules: refused with 403, never silently dropped', () => {
  it('a coach changing a player’s nom → 403 naming the field; nothing changes', async () => {
    const p = await createMember(ctx.app.db, club.id, { teamId: team.id, nom: 'Avant' });
    const res = await update(asCoach, p.id, { nom: 'Après', numero: 7 });
    expect(res.status).toBe(403);
    expect(res.error).toEqual({
      message: MEMBER_FIELD_MESSAGES.fieldForbidden,
      errors: { nom: MEMBER_FIELD_MESSAGES.fieldForbidden },
    });
    const [row] = await ctx.app.db.select().from(members).where(eq(members.id, p.id));
    expect(row).toMatchObject({ nom: 'Avant', numero: null });
  });

  it('a forbidden field sent with its current value is accepted as unchanged', async () => {
    const p = await createMember(ctx.app.db, club.id, { teamId: team.id, nom: 'Même' });
    const res = await update(asCoach, p.id, {
      nom: 'Même',
      numero: 10,
      poste: 'Pivot',
      clubId: club.id,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ nom: 'Même', numero: 10, poste: 'Pivot' });
  });

  it('a coach cannot edit the players of another team', async () => {
    const otherTeam = await createTeam(ctx.app.db, club.id);
    const p = await createMember(ctx.app.db, club.id, { teamId: otherTeam.id });
    expect((await update(asCoach, p.id, { numero: 4 })).status).toBe(403);
  });
});

describe('[members] leader roles and the last DIRIGEANT', () => {
  it('a RESPONSABLE can neither promote to nor demote from a leader role, nor delete a DIRIGEANT', async () => {
    const p = await createMember(ctx.app.db, club.id);
    const promote = await update(asResponsable, p.id, { role: 'RESPONSABLE' });
    expect(promote.status).toBe(403);
    expect(promote.error.message).toBe(MEMBER_FIELD_MESSAGES.roleForbidden);
    const r2 = await createMember(ctx.app.db, club.id, { role: 'RESPONSABLE' });
    expect((await update(asResponsable, r2.id, { role: 'JOUEUR' })).status).toBe(403);
    const del = await remove(asResponsable, dirigeant.id);
    expect(del.status).toBe(403);
    const edit = await update(asResponsable, dirigeant.id, { nom: 'Pirate' });
    expect(edit.status).toBe(403);
    expect(edit.error.message).toBe(MEMBER_FIELD_MESSAGES.leaderProtected);
  });

  it('the last DIRIGEANT cannot be demoted; a leader’s own row is deleted from the profile only; with two, one can be demoted', async () => {
    const c = await createClub(ctx.app.db);
    const boss = await createMember(ctx.app.db, c.id, { role: 'DIRIGEANT' });
    const asBoss = await signIn(ctx.app, boss);
    // One's own account: "Supprimer mon compte" (password, anonymised row), not the members list.
    const self = await remove(asBoss, boss.id);
    expect(self.status).toBe(403);
    expect(self.error.message).toBe(PRIVACY_MESSAGES.ownRowDelete);
    expect(self.error.message).toContain('Supprimer mon compte');
    const ownRole = await update(asBoss, boss.id, { role: 'RESPONSABLE' });
    expect(ownRole.status).toBe(403);
    expect(ownRole.error.message).toBe(MEMBER_FIELD_MESSAGES.ownRoleForbidden);

    const second = (await create(asBoss, body({ role: 'DIRIGEANT', clubId: c.id }))).body;
    // A leader reads the new member's statut (Actif): the session is that member's.
    const asSecond = await signIn(ctx.app, {
      ...second,
      clubId: c.id,
      statut: second.statut ?? 'Actif',
    });
    const demote = await update(asSecond, boss.id, { role: 'RESPONSABLE' });
    expect(demote.status, demote.text).toBe(200);
    expect(demote.body.role).toBe('RESPONSABLE');
    const lastOne = await remove(asSecond, second.id);
    expect(lastOne.status).toBe(403);
    expect(lastOne.error.message).toBe(PRIVACY_MESSAGES.ownRowDelete);
    const lastDemoted = await update(asBoss, second.id, { role: 'RESPONSABLE' });
    expect(lastDemoted.status).toBe(403); // a RESPONSABLE now: no leader role changes
    const [audit] = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, boss.id), eq(auditLog.action, 'update')));
    expect(audit!.details).toEqual({
      fields: ['role'],
      role: { from: 'DIRIGEANT', to: 'RESPONSABLE' },
      roleClub: { from: 'DIRIGEANT', to: 'RESPONSABLE' },
    });
  });
});

describe('[members] search and paging', () => {
  let c: { id: number };
  let asBoss: TestClient;
  beforeAll(async () => {
    c = await createClub(ctx.app.db);
    const t = await createTeam(ctx.app.db, c.id, { nom: 'Vétérans Élite' });
    const boss = await createMember(ctx.app.db, c.id, {
      role: 'DIRIGEANT',
      nom: 'Zz',
      prenom: 'Boss',
    });
    asBoss = await signIn(ctx.app, boss);
    await createMember(ctx.app.db, c.id, {
      nom: 'Lefèvre',
      prenom: 'Hélène',
      teamId: t.id,
      dateNaissance: '1970-07-14',
    });
    await createMember(ctx.app.db, c.id, {
      nom: 'LEFEVRE',
      prenom: 'Jérôme',
      role: 'ENTRAINEUR',
      teamId: t.id,
    });
    await createMember(ctx.app.db, c.id, {
      nom: 'Martin',
      prenom: 'Noël',
      email: 'noel.martin@club.test',
    });
    for (let i = 0; i < 22; i++)
      await createMember(ctx.app.db, c.id, {
        nom: `Membre${String(i).padStart(2, '0')}`,
        prenom: 'Test',
      });
  });

  const names = (res: CallResult<typeof api.members.searchClub | typeof api.members.searchTeam>) =>
    listOf(res.body).map((m) => `${m.prenom} ${m.nom}`);
  const search = (query: EndpointInput<typeof api.members.searchClub>['query']) =>
    asBoss.send(api.members.searchClub, { params: { clubId: c.id }, query });

  it('nom and prenom ignore accents and case', async () => {
    expect(names(await search({ nom: 'lefevre' }))).toEqual(['Hélène Lefèvre', 'Jérôme LEFEVRE']);
    expect(names(await search({ prenom: 'HELENE' }))).toEqual(['Hélène Lefèvre']);
    expect(names(await search({ nom: 'LEFÈV', role: 'entraineur' }))).toEqual(['Jérôme LEFEVRE']);
    expect(names(await search({ nomEquipe: 'veterans' }))).toHaveLength(2);
    expect(names(await search({ dateNaissance: '1970-07-14' }))).toEqual(['Hélène Lefèvre']);
    expect(names(await search({ email: 'NOEL.MARTIN' }))).toEqual(['Noël Martin']);
    expect(names(await search({ nom: '%' }))).toEqual([]);
    expect((await search({ dateNaissance: 'pas-une-date' })).status).toBe(400);
  });

  it('team search filters inside the team', async () => {
    // An empty role (`role=`) is sent as the web form sends it: by hand, the typed call leaves
    // empty values out.
    const url = urlOf(api.members.searchTeam, {
      query: { clubId: c.id, nomEquipe: 'Vétérans Élite', prenom: 'jerome' },
    });
    const res = typedAnswer(
      api.members.searchTeam,
      await asBoss.raw({ method: 'GET', url: `${url}&role=` }),
    );
    expect(res.status).toBe(200);
    expect(names(res)).toEqual(['Jérôme LEFEVRE']);
  });

  it('without page and size: a plain array; with them: a page', async () => {
    const params = { clubId: c.id };
    const all = await asBoss.send(api.members.listClub, { params });
    expect(Array.isArray(all.body)).toBe(true);
    expect(all.body).toHaveLength(26);
    const page = await asBoss.send(api.members.listClub, { params, query: { page: 1, size: 10 } });
    expect(page.body).toMatchObject({ page: 1, size: 10, totalElements: 26, totalPages: 3 });
    const content = Array.isArray(page.body) ? [] : page.body.content;
    expect(content).toHaveLength(10);
    expect(content[0]!.nom).toBe('Membre07');
    const searched = await search({ prenom: 'test', size: 5 });
    expect(searched.body).toMatchObject({ page: 0, size: 5, totalElements: 22, totalPages: 5 });
    expect((await asBoss.send(api.members.listClub, { params, query: { size: 0 } })).status).toBe(
      400,
    );
  });
});
