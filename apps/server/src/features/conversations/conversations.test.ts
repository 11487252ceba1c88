import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  CONVERSATION_MESSAGES,
  api,
  type EndpointInput,
  type TConversation,
  type TConversationCreate,
} from '@club/contract';
import {
  createClub,
  createMember,
  createTeam,
  linkGuardian,
  setMemberTeams,
} from '../../db/factories.ts';
import { pushSubscriptions } from '../../db/schema.ts';
import { purgeExpiredData } from '../../jobs/retention.ts';
import { manualClock } from '../../lib/clock.ts';
import { buildTestApp, signIn, type TestClient, type TestContext } from '../../test/helper.ts';
import { until, waitForMail } from '../../test/http-utils.ts';
import { listening, openLiveStream } from '../../test/live-stream.ts';

/**
 * Conversations on the real application (PGlite, or PostgreSQL with TEST_DATABASE_URL): every
 * rule of docs/decisions/0121-conversations-and-safeguarding.md — a minor never with an adult without one of their guardians,
 * the club's messaging age both ways, read only after leaving the team, masking and deletion,
 * one message per `cle`, 2,000 characters — and what each answer may show.
 */
let ctx: TestContext;
const clock = manualClock();
type Member = Awaited<ReturnType<typeof createMember>>;
let club: { id: number };
let other: { id: number };
let u13: { id: number; nom: string }, seniors: { id: number };
let coach: Member, kid: Member, parent: Member, orphan: Member, teen: Member, teenParent: Member;
let senior: Member, boss: Member, stranger: Member, p3: Member;
const sessions = new Map<number, TestClient>();
const as = async (m: Member) => {
  if (!sessions.has(m.id)) sessions.set(m.id, await signIn(ctx.app, m));
  return sessions.get(m.id)!;
};
const year = new Date().getUTCFullYear();
const born = (age: number) => `${year - age}-01-01`;

async function create(by: Member, input: EndpointInput<typeof api.conversations.create>) {
  return (await as(by)).send(api.conversations.create, input);
}
async function createOk(by: Member, body: TConversationCreate): Promise<TConversation> {
  const res = await create(by, { body });
  expect(res.status, res.text).toBe(201);
  return res.body;
}
async function send(by: Member, id: number, contenu: string, cle?: string) {
  return (await as(by)).send(api.conversations.send, {
    params: { id },
    body: { contenu, ...(cle ? { cle } : {}) },
  });
}
async function page(
  by: Member,
  id: number,
  query: EndpointInput<typeof api.conversations.messages>['query'] = {},
) {
  return (await as(by)).send(api.conversations.messages, { params: { id }, query });
}
const list = async (by: Member): Promise<TConversation[]> => {
  const res = await (await as(by)).send(api.conversations.list);
  expect(res.status, res.text).toBe(200);
  return res.body;
};

beforeAll(async () => {
  // A burst of 3 s: two messages sent one after the other ride on one push even on a loaded machine
  // (with 0 s, the first push could leave before the second message was written).
  ctx = await buildTestApp({ NOTIFICATION_DELAY_SECONDS: '3', QUIET_HOURS: '' }, undefined, {
    clock,
  });
  const db = ctx.app.db;
  club = await createClub(db, { nom: 'AS Messagerie' });
  other = await createClub(db, { nom: 'FC Voisin' });
  u13 = await createTeam(db, club.id, { nom: 'U13' });
  seniors = await createTeam(db, club.id, { nom: 'Seniors' });
  const m = (o: Parameters<typeof createMember>[2]) => createMember(db, club.id, o);
  boss = await m({ role: 'DIRIGEANT', prenom: 'Denise', nom: 'Dirige', dateNaissance: born(50) });
  coach = await m({
    role: 'ENTRAINEUR',
    teamId: u13.id,
    prenom: 'Carla',
    nom: 'Coach',
    dateNaissance: born(35),
  });
  kid = await m({
    teamId: u13.id,
    prenom: 'Kylian',
    nom: 'Jeune',
    dateNaissance: born(12),
    email: 'kylian@example.org',
    telephone: '0611111111',
  });
  parent = await m({ role: 'PARENT', prenom: 'Paule', nom: 'Jeune', dateNaissance: born(40) });
  await linkGuardian(db, club.id, parent.id, kid.id);
  orphan = await m({ teamId: u13.id, prenom: 'Oscar', nom: 'Seul', dateNaissance: born(12) });
  teen = await m({ teamId: u13.id, prenom: 'Théo', nom: 'Ado', dateNaissance: born(16) });
  teenParent = await m({ role: 'PARENT', prenom: 'Tina', nom: 'Ado', dateNaissance: born(45) });
  await linkGuardian(db, club.id, teenParent.id, teen.id);
  senior = await m({ teamId: seniors.id, prenom: 'Serge', nom: 'Senior', dateNaissance: born(30) });
  p3 = await m({
    teamId: u13.id,
    role: 'JOUEUR',
    prenom: 'Paul',
    nom: 'Adjoint',
    dateNaissance: born(25),
  });
  stranger = await createMember(db, other.id, {
    role: 'DIRIGEANT',
    prenom: 'Xavier',
    nom: 'Ailleurs',
  });
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

describe('[messages] safeguarding of minors (docs/decisions/0121-conversations-and-safeguarding.md)', () => {
  it('adding a minor to a group adds their guardians', async () => {
    const c = await createOk(coach, { membresIds: [kid.id] });
    expect(c.type).toBe('GROUPE');
    const ids = c.participants.map((p) => [p.id, p.parent]);
    expect(ids).toEqual(
      expect.arrayContaining([
        [coach.id, false],
        [kid.id, false],
        [parent.id, true],
      ]),
    );
    expect(c.participants).toHaveLength(3);
    // The guardian reads every conversation their child is in.
    expect((await list(parent)).map((x) => x.id)).toContain(c.id);
  });

  it('a minor none of whose guardians can join is refused with 422 (a group with an adult)', async () => {
    const res = await create(coach, { body: { membresIds: [orphan.id] } });
    expect(res.status).toBe(422);
    expect(res.error.message).toBe(CONVERSATION_MESSAGES.guardianRequired);
    // Another minor brings their parent, an adult who is not the unguarded minor's.
    const kids = await create(kid, { body: { membresIds: [orphan.id] } });
    expect(kids.status).toBe(422);
    expect(kids.error.message).toBe(CONVERSATION_MESSAGES.guardianRequired);
  });

  it('a team’s conversation gathers its members and their guardians, leaves out an unguarded minor', async () => {
    const c = await createOk(coach, { equipeId: u13.id });
    expect(c.titre).toBe('U13');
    const ids = c.participants.map((p) => p.id);
    expect(ids).toEqual(
      expect.arrayContaining([coach.id, kid.id, parent.id, teen.id, teenParent.id, p3.id]),
    );
    expect(ids).not.toContain(orphan.id);
    expect(ids).not.toContain(senior.id);
    expect(ids).not.toContain(boss.id);
    // Another team's player and a leader outside the team do not read it.
    expect((await page(senior, c.id)).status).toBe(403);
    expect((await page(boss, c.id)).status).toBe(403);
    // Another club: as if it did not exist.
    expect(
      (await (await as(stranger)).send(api.conversations.messages, { params: { id: c.id } }))
        .status,
    ).toBe(404);
    // Only its coaches and the leaders open a team's conversation.
    const byPlayer = await create(p3, { body: { equipeId: u13.id } });
    expect(byPlayer.status).toBe(403);
    expect(byPlayer.error.message).toBe(CONVERSATION_MESSAGES.staffOnly);
  });

  it('the club’s messaging age, both ways: younger members are replaced by their guardians, older ones take part', async () => {
    await ctx.app.db.execute(
      sql`update clubs set messaging_minimum_age = 14 where id = ${club.id}`,
    );
    try {
      const c = await createOk(coach, { titre: 'U13 — âge minimum', equipeId: u13.id });
      const ids = c.participants.map((p) => p.id);
      expect(ids).not.toContain(kid.id); // 12: below
      expect(ids).toContain(parent.id); // receives instead
      expect(ids).toContain(teen.id); // 16: above
      const group = await createOk(coach, { membresIds: [kid.id, teen.id] });
      expect(group.participants.map((p) => p.id)).not.toContain(kid.id);
      expect(group.participants.map((p) => p.id)).toEqual(
        expect.arrayContaining([parent.id, teen.id, teenParent.id]),
      );
      const young = await create(kid, { body: { membresIds: [orphan.id] } });
      expect(young.status).toBe(403);
      expect(young.error.message).toBe(CONVERSATION_MESSAGES.tooYoung);
      // Nor do they read the team's conversation meanwhile.
      expect((await page(kid, c.id)).status).toBe(403);
      expect((await send(teen, c.id, 'Salut')).status).toBe(201);
    } finally {
      await ctx.app.db.execute(
        sql`update clubs set messaging_minimum_age = 0 where id = ${club.id}`,
      );
    }
  });

  it('a group may only gather members who share a team with its author (leaders: the club)', async () => {
    const res = await create(p3, { body: { membresIds: [senior.id] } });
    expect(res.status).toBe(403);
    expect(res.error.message).toBe(CONVERSATION_MESSAGES.memberNotShared);
    expect((await create(boss, { body: { membresIds: [senior.id, coach.id] } })).status).toBe(201);
    // Another club's member: shares no team (403); a leader, who may name anyone, gets 400.
    expect((await create(coach, { body: { membresIds: [stranger.id] } })).status).toBe(403);
    expect((await create(boss, { body: { membresIds: [stranger.id] } })).status).toBe(400);
  });
});

describe('[messages] writing, reading, paging', () => {
  let team: TConversation;
  beforeAll(async () => {
    team = await createOk(coach, { titre: 'U13 — parents et joueurs', equipeId: u13.id });
  });

  it('plain text of at most 2,000 characters; 2,001 refused in French', async () => {
    const ok = await send(coach, team.id, 'é'.repeat(2_000));
    expect(ok.status, ok.text).toBe(201);
    const tooLong = await send(coach, team.id, 'é'.repeat(2_001));
    expect(tooLong.status).toBe(400);
    expect(tooLong.error.errors?.contenu).toBe(CONVERSATION_MESSAGES.contenuTooLong);
    const html = await send(coach, team.id, '<b>pas du HTML</b> https://exemple.fr');
    expect(html.body.contenu).toBe('<b>pas du HTML</b> https://exemple.fr');
  });

  it('the same `cle` twice stores one message', async () => {
    const a = await send(kid, team.id, 'Je serai là', 'hors-ligne-1');
    const b = await send(kid, team.id, 'Je serai là', 'hors-ligne-1');
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.body.id).toBe(a.body.id);
    const r = await ctx.app.db.execute(
      sql`select count(*)::int as n from messages where cle = 'hors-ligne-1'`,
    );
    expect((r.rows[0] as { n: number }).n).toBe(1);
  });

  it('unread counts and read marks', async () => {
    const before = (await list(parent)).find((c) => c.id === team.id)!;
    expect(before.nonLus).toBeGreaterThanOrEqual(3);
    const last = (await page(parent, team.id)).body;
    const lastId = last.messages.at(-1)!.id;
    const read = await (
      await as(parent)
    ).send(api.conversations.markRead, {
      params: { id: team.id },
      body: { jusquA: lastId },
    });
    expect(read.body).toEqual({ nonLus: 0 });
    expect((await list(parent)).find((c) => c.id === team.id)!.nonLus).toBe(0);
    const seen = (await page(coach, team.id)).body;
    expect(seen.lectures).toContainEqual({ membreId: parent.id, jusquA: lastId });
  });

  it('pages back with `avant` and `limite`, oldest first within a page', async () => {
    const c = await createOk(coach, { membresIds: [p3.id] });
    const ids: number[] = [];
    for (let i = 1; i <= 5; i++) ids.push((await send(coach, c.id, `m${i}`)).body.id);
    const last2 = (await page(p3, c.id, { limite: 2 })).body;
    expect(last2.messages.map((m) => m.contenu)).toEqual(['m4', 'm5']);
    expect(last2.plusAnciens).toBe(true);
    const before = (await page(p3, c.id, { limite: 2, avant: last2.messages[0]!.id })).body;
    expect(before.messages.map((m) => m.contenu)).toEqual(['m2', 'm3']);
    const first = (await page(p3, c.id, { limite: 2, avant: before.messages[0]!.id })).body;
    expect(first.messages.map((m) => m.contenu)).toEqual(['m1']);
    expect(first.plusAnciens).toBe(false);
  });

  it('names only: no minor’s e-mail or phone in any answer', async () => {
    await send(kid, team.id, 'Coucou');
    const bodies = [
      JSON.stringify(await list(coach)),
      (await page(coach, team.id)).text,
      (await page(parent, team.id)).text,
    ];
    for (const b of bodies) {
      expect(b).not.toContain('kylian@example.org');
      expect(b).not.toContain('0611111111');
      expect(b).not.toContain(born(12));
    }
  });

  it('a member who leaves the team keeps reading, read only, what was sent before', async () => {
    await send(p3, team.id, 'Avant mon départ');
    await setMemberTeams(ctx.app.db, club.id, p3.id, []);
    await send(coach, team.id, 'Après son départ');
    const mine = (await list(p3)).find((c) => c.id === team.id)!;
    expect(mine.lectureSeule).toBe(true);
    const seen = (await page(p3, team.id)).body.messages.map((m) => m.contenu);
    expect(seen).toContain('Avant mon départ');
    expect(seen).not.toContain('Après son départ');
    const refused = await send(p3, team.id, 'Encore moi');
    expect(refused.status).toBe(403);
    expect(refused.error.message).toBe(CONVERSATION_MESSAGES.readOnly);
    await setMemberTeams(ctx.app.db, club.id, p3.id, [u13.id]);
  });
});

describe('[messages] reports, masking, deletion', () => {
  let c: TConversation;
  beforeAll(async () => {
    c = await createOk(coach, { membresIds: [kid.id] });
  });

  it('a participant reports a message to the leaders, a leader masks it', async () => {
    const m = (await send(coach, c.id, 'Message limite')).body;
    const report = await (
      await as(parent)
    ).send(api.conversations.report, {
      params: { id: m.id },
      body: { motif: 'Propos déplacés' },
    });
    expect(report.status, report.text).toBe(201);
    expect(report.body.message).toBe(CONVERSATION_MESSAGES.reported);
    const mail = await waitForMail(
      ctx,
      (x) => x.to.includes(boss.email) && /signalé/.test(x.subject + x.text),
    );
    expect(mail.text).toContain('Propos déplacés');
    // Someone outside the conversation cannot report it (they do not see it).
    expect(
      (
        await (
          await as(senior)
        ).send(api.conversations.report, { params: { id: m.id }, body: { motif: 'x' } })
      ).status,
    ).toBe(404);
    const masked = await (await as(boss)).send(api.conversations.remove, { params: { id: m.id } });
    expect(masked.status, masked.text).toBe(200);
    const seen = (await page(kid, c.id)).body.messages.find((x) => x.id === m.id)!;
    expect(seen.statut).toBe('MASQUE');
    expect(seen.contenu).toBe(CONVERSATION_MESSAGES.masked);
    expect(JSON.stringify(seen)).not.toContain('Message limite');
  });

  it('the author deletes within 15 minutes, not after; nobody else but a leader', async () => {
    const m = (await send(coach, c.id, 'Oups')).body;
    expect(m.supprimable).toBe(true);
    expect(
      (await (await as(parent)).send(api.conversations.remove, { params: { id: m.id } })).status,
    ).toBe(403);
    expect(
      (await (await as(coach)).send(api.conversations.remove, { params: { id: m.id } })).status,
    ).toBe(200);
    const gone = (await page(kid, c.id)).body.messages.find((x) => x.id === m.id)!;
    expect(gone.statut).toBe('SUPPRIME');
    const late = (await send(coach, c.id, 'Trop tard')).body;
    clock.set(new Date(Date.now() + 16 * 60_000));
    try {
      const res = await (
        await as(coach)
      ).send(api.conversations.remove, { params: { id: late.id } });
      expect(res.status).toBe(403);
      expect(res.error.message).toBe(CONVERSATION_MESSAGES.deleteTooLate);
    } finally {
      clock.set(undefined);
    }
  });
});

describe('[messages] live and push', () => {
  it('a new message reaches the open streams of its readers only; the others get one push per burst', async () => {
    const base = await listening(ctx.app);
    const c = await createOk(coach, { membresIds: [kid.id] });
    const parentStream = await openLiveStream(base, await as(parent));
    const seniorStream = await openLiveStream(base, await as(senior));
    for (const r of [parentStream, seniorStream])
      await r.waitFor((e) => e.some((x) => x.event === 'connecte'), 'connecte');
    // The kid has a device and no open stream: pushed once for two messages sent together.
    const [sub] = await ctx.app.db
      .insert(pushSubscriptions)
      .values({
        clubId: club.id,
        memberId: kid.id,
        endpoint: 'https://push.example.org/abc',
        p256dh:
          'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
        auth: 'tBHItJI5svbpez7KI4CCXg',
      })
      .returning();
    await send(coach, c.id, 'Rendez-vous 9 h');
    await send(coach, c.id, 'Prenez vos gourdes');
    await parentStream.waitFor(
      (e) => e.filter((x) => x.event === 'message').length >= 2,
      'deux messages',
    );
    expect(JSON.parse(parentStream.of('message')[0]!.data)).toMatchObject({ conversationId: c.id });
    // The pushes about this conversation (the kid's earlier conversations, from the tests before,
    // have their own bursts, which may fall now).
    const pushes = async () =>
      (
        await ctx.app.db.execute(
          sql`select count(*)::int as n from pgboss.job where name = 'push'
              and (data->>'subscriptionId')::int = ${sub!.id}
              and data->'message'->>'url' like ${`%/messages/${c.id}`}`,
        )
      ).rows[0] as { n: number };
    await until('push du message', async () => (await pushes()).n >= 1);
    await new Promise((r) => setTimeout(r, 1_500));
    expect((await pushes()).n).toBe(1);
    expect(seniorStream.of('message')).toEqual([]);
    parentStream.close();
    seniorStream.close();
  });
});

describe('[messages] data rights and retention', () => {
  it('the export holds the member’s messages; erasing the account shows « Ancien membre »', async () => {
    const writer = await createMember(ctx.app.db, club.id, {
      teamId: seniors.id,
      prenom: 'Éric',
      nom: 'Efface',
      dateNaissance: born(33),
    });
    const c = await createOk(writer, { membresIds: [senior.id] });
    await send(writer, c.id, 'Mon message à moi');
    const exported = await (await as(writer)).send(api.auth.exportData);
    expect(exported.status).toBe(200);
    expect(exported.text).toContain('Mon message à moi');
    const erased = await (
      await as(writer)
    ).send(api.auth.deleteAccount, {
      body: { motDePasse: 'Motdepasse-Solide-42' },
    });
    expect(erased.status, erased.text).toBe(200);
    const seen = (await page(senior, c.id)).body.messages;
    expect(seen[0]!.auteur).toBeNull();
    expect(seen[0]!.contenu).toBe('Mon message à moi');
  });

  it('the daily job deletes messages older than the club’s seasons (default 2)', async () => {
    const c = await createOk(coach, { membresIds: [p3.id] });
    const old = (await send(coach, c.id, 'Il y a trois saisons')).body.id;
    const recent = (await send(coach, c.id, 'La saison dernière')).body.id;
    await ctx.app.db.execute(
      sql`update messages set created_at = now() - interval '3 years' where id = ${old}`,
    );
    await ctx.app.db.execute(
      sql`update messages set created_at = now() - interval '10 months' where id = ${recent}`,
    );
    const counts = await purgeExpiredData(ctx.app.db);
    expect(counts.messages).toBeGreaterThanOrEqual(1);
    const r = await ctx.app.db.execute(
      sql`select id from messages where id in (${old}, ${recent}) order by id`,
    );
    expect((r.rows as { id: number }[]).map((x) => Number(x.id))).toEqual([recent]);
  });
});
