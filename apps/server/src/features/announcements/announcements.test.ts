import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANNOUNCEMENT_MESSAGES,
  api,
  type TAnnouncement,
  type TAnnouncementCreate,
} from '@club/contract';
import { createClub, createMember, createTeam, linkGuardian } from '../../db/factories.ts';
import { buildTestApp, signIn, TestClient, type TestContext } from '../../test/helper.ts';
import { until, waitForMailQueueIdle } from '../../test/http-utils.ts';
import { ANNOUNCEMENT_QUEUE } from './announcements.jobs.ts';

/**
 * Announcements on the real application, the real job queue and a real SMTP server (PGlite, or
 * PostgreSQL with TEST_DATABASE_URL): audiences (club, teams, parents of children in a team),
 * read receipts, permissions, text that stays text, e-mails honouring the preferences.
 */
let ctx: TestContext;
type Member = Awaited<ReturnType<typeof createMember>>;
let club: { id: number; nom: string };
let t1: { id: number; nom: string };
let t2: { id: number; nom: string };
let boss: Member, resp: Member, coach: Member, coach2: Member;
let p1: Member, p2: Member, kid: Member, parent: Member, p3: Member, loner: Member;
let mute: Member, noAnnounceMail: Member;
const as = new Map<number, TestClient>();
const client = async (m: Member) => {
  if (!as.has(m.id)) as.set(m.id, await signIn(ctx.app, m));
  return as.get(m.id)!;
};

beforeAll(async () => {
  ctx = await buildTestApp({ QUIET_HOURS: '' });
  const db = ctx.app.db;
  club = await createClub(db, { nom: 'AS Annonces' });
  t1 = await createTeam(db, club.id, { nom: 'Seniors A' });
  t2 = await createTeam(db, club.id, { nom: 'U17' });
  const m = (o: Parameters<typeof createMember>[2]) => createMember(db, club.id, o);
  boss = await m({ role: 'DIRIGEANT', prenom: 'Denise', nom: 'Dirige' });
  resp = await m({ role: 'RESPONSABLE', prenom: 'Rémi', nom: 'Resp' });
  coach = await m({ role: 'ENTRAINEUR', teamId: t1.id, prenom: 'Carla', nom: 'Coach' });
  coach2 = await m({ role: 'ENTRAINEUR', teamId: t2.id, prenom: 'Cyril', nom: 'Autre' });
  p1 = await m({ teamId: t1.id, prenom: 'Alice', nom: 'Durand' });
  p2 = await m({ teamId: t1.id, prenom: 'Bruno', nom: 'Petit', statut: 'Blessé' });
  kid = await m({ teamId: t1.id, prenom: 'Kylian', nom: 'Jeune', dateNaissance: '2014-04-01' });
  parent = await m({ role: 'PARENT', prenom: 'Paule', nom: 'Jeune' });
  await linkGuardian(db, club.id, parent.id, kid.id);
  p3 = await m({ teamId: t2.id, prenom: 'Pierre', nom: 'Junior' });
  loner = await m({ prenom: 'Nina', nom: 'Seule' });
  mute = await m({ teamId: t1.id, prenom: 'Quentin', nom: 'Muet', notificationEmails: false });
  noAnnounceMail = await m({
    teamId: t1.id,
    prenom: 'Émile',
    nom: 'Sanmail',
    notificationPrefs: { annonces: { email: false } },
  });
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

async function post(author: Member, body: TAnnouncementCreate) {
  return (await client(author)).send(api.announcements.create, { body });
}
async function publish(author: Member, body: TAnnouncementCreate) {
  const res = await post(author, body);
  expect(res.status, res.text).toBe(201);
  return res.body;
}
async function listOf(m: Member) {
  const res = await (await client(m)).send(api.announcements.list);
  expect(res.status, res.text).toBe(200);
  return res.body;
}
const markRead = async (m: Member, id: number) =>
  (await client(m)).send(api.announcements.markRead, { params: { id } });
const receiptsOf = async (m: Member, id: number) =>
  (await client(m)).send(api.announcements.receipts, { params: { id } });
const remind = async (m: Member, id: number) =>
  (await client(m)).send(api.announcements.remind, { params: { id } });
const remove = async (m: Member, id: number) =>
  (await client(m)).send(api.announcements.remove, { params: { id } });
/** The mail's read link posted by its page: no session, no cookie. */
const readByLink = (jeton: string) =>
  new TestClient(ctx.app).send(api.announcements.readByLink, { body: { jeton } }, { xsrf: false });
/** Waits for the announcement's notification job, then for the mail queue. */
async function sent(announcementId: number) {
  await until('annonce envoyée', async () => {
    const { rows } = await ctx.app.database.executeSql(
      `select count(*)::int as n from pgboss.job
        where name = $1 and state in ('created', 'retry', 'active')
          and (data->>'announcementId')::int = $2`,
      [ANNOUNCEMENT_QUEUE, announcementId],
    );
    return Number(rows[0]!.n) === 0;
  });
  await waitForMailQueueIdle(ctx);
}
const mailsAbout = (titre: string) => ctx.smtp.mails.filter((m) => m.subject.includes(titre));
const recipientsOf = (titre: string) =>
  mailsAbout(titre)
    .flatMap((m) => m.to)
    .sort();

describe('audiences', () => {
  it('a leader writes to the whole club: every member but the author receives it', async () => {
    const a = await publish(boss, {
      titre: 'Assemblée générale',
      contenu: 'Vendredi 20h au club-house.',
    });
    expect(a).toMatchObject({ equipes: [], destinataire: false, lu: true, gerable: true });
    expect(a.auteur).toEqual({ id: boss.id, nom: 'Dirige', prenom: 'Denise' });
    expect(a.lecture).toEqual({ lus: 0, destinataires: 11 });
    for (const m of [resp, coach, coach2, p1, p2, kid, parent, p3, loner, mute, noAnnounceMail]) {
      const seen = (await listOf(m)).find((x) => x.id === a.id);
      expect(seen, `${m.prenom}`).toMatchObject({ lu: false, destinataire: true });
    }
    // The leaders see "lu par"; the others do not.
    expect((await listOf(resp)).find((x) => x.id === a.id)!.lecture).toEqual({
      lus: 0,
      destinataires: 11,
    });
    expect((await listOf(p1)).find((x) => x.id === a.id)).toMatchObject({
      lecture: null,
      gerable: false,
    });
  });

  it('a coach writes to their team: its members and the parents of its children; not the other teams', async () => {
    const a = await publish(coach, {
      titre: 'Terrain fermé ce soir',
      contenu: 'Le terrain synthétique est fermé ce soir.',
      equipesIds: [t1.id],
    });
    expect(a.equipes).toEqual([{ id: t1.id, nom: 'Seniors A' }]);
    expect(a.lecture).toEqual({ lus: 0, destinataires: 6 });
    for (const m of [p1, p2, kid, parent, mute, noAnnounceMail])
      expect(
        (await listOf(m)).some((x) => x.id === a.id && x.destinataire),
        m.prenom,
      ).toBe(true);
    for (const m of [p3, coach2, loner])
      expect(
        (await listOf(m)).some((x) => x.id === a.id),
        m.prenom,
      ).toBe(false);
    // Leaders supervise: they see it, as read (not addressed to them), with its receipts.
    const seenByBoss = (await listOf(boss)).find((x) => x.id === a.id)!;
    expect(seenByBoss).toMatchObject({ destinataire: false, lu: true, gerable: true });
    // A member outside its audience cannot mark it read.
    const res = await markRead(p3, a.id);
    expect(res.status).toBe(403);
  });

  it('a parent receives the announcements of their child’s team', async () => {
    const a = await publish(resp, {
      titre: 'Photos de l’équipe',
      contenu: 'Séance photo samedi.',
      equipesIds: [t1.id],
    });
    expect((await listOf(parent)).find((x) => x.id === a.id)).toMatchObject({
      destinataire: true,
      lu: false,
    });
  });
});

describe('permissions', () => {
  it('a coach writes only to teams they coach, never to the whole club', async () => {
    for (const body of [
      { titre: 'x', contenu: 'y', equipesIds: [t2.id] },
      { titre: 'x', contenu: 'y', equipesIds: [t1.id, t2.id] },
      { titre: 'x', contenu: 'y' },
    ]) {
      const res = await post(coach, body);
      expect(res.status, JSON.stringify(body)).toBe(403);
      expect(res.error.message).toBe(ANNOUNCEMENT_MESSAGES.coachOwnTeams);
    }
  });

  it('players and parents cannot publish', async () => {
    for (const m of [p1, parent]) {
      const res = await post(m, { titre: 'x', contenu: 'y', equipesIds: [t1.id] });
      expect(res.status).toBe(403);
    }
  });

  it('a team of another club, or an unknown one, is a field error (the same); bad input answers French 400', async () => {
    const other = await createClub(ctx.app.db, { nom: 'Autre Club Annonces' });
    const foreign = await createTeam(ctx.app.db, other.id, { nom: 'Étrangère' });
    for (const id of [foreign.id, 999_999]) {
      const res = await post(boss, { titre: 'x', contenu: 'y', equipesIds: [id] });
      expect(res.status).toBe(400);
      expect(res.error).toEqual({
        message: ANNOUNCEMENT_MESSAGES.teamUnknown,
        errors: { equipesIds: ANNOUNCEMENT_MESSAGES.teamUnknown },
      });
      // A coach is refused as for a team they do not coach.
      const coachRes = await post(coach, { titre: 'x', contenu: 'y', equipesIds: [id] });
      expect(coachRes.status).toBe(403);
    }
    const empty = await post(boss, { titre: '  ', contenu: '' });
    expect(empty.status).toBe(400);
    expect(empty.error.errors).toMatchObject({
      titre: ANNOUNCEMENT_MESSAGES.titreRequired,
      contenu: ANNOUNCEMENT_MESSAGES.contenuRequired,
    });
    const long = await post(boss, { titre: 't', contenu: 'x'.repeat(5001) });
    expect(long.error.errors?.contenu).toBe(ANNOUNCEMENT_MESSAGES.contenuTooLong);
    // Another club's DIRIGEANT sees none of it: 404 on the announcement, an empty list.
    const otherBoss = await createMember(ctx.app.db, other.id, { role: 'DIRIGEANT' });
    const a = await publish(boss, { titre: 'Interne', contenu: 'Réservé au club.' });
    expect((await receiptsOf(otherBoss, a.id)).status).toBe(404);
    expect((await markRead(otherBoss, a.id)).status).toBe(404);
    expect((await remove(otherBoss, a.id)).status).toBe(404);
    expect(await listOf(otherBoss)).toEqual([]);
  });
});

describe('read receipts', () => {
  let a: TAnnouncement;
  beforeAll(async () => {
    a = await publish(coach, {
      titre: 'Horaires des entraînements',
      contenu: 'Mardi et jeudi 19h.',
      equipesIds: [t1.id],
    });
  });

  it('opening marks it read for that member only; unread announcements come first', async () => {
    const older = await publish(coach, {
      titre: 'Ancienne annonce',
      contenu: 'Déjà lue.',
      equipesIds: [t1.id],
    });
    await markRead(p1, older.id);
    const res = await markRead(p1, a.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: a.id, lu: true });
    // Opening again changes nothing.
    expect((await markRead(p1, a.id)).status).toBe(200);
    const p2List = await listOf(p2);
    expect(p2List.find((x) => x.id === a.id)!.lu).toBe(false);
    const list = await listOf(p1);
    const firstRead = list.findIndex((x) => x.lu);
    expect(firstRead).toBeGreaterThan(0);
    expect(list.slice(firstRead).every((x) => x.lu)).toBe(true);
    // Newest first within each group.
    const unread = list.filter((x) => !x.lu).map((x) => x.datePublication);
    expect(unread).toEqual([...unread].sort().reverse());
  });

  it('the author sees "lu par 1/6" and who read it, names only; leaders too; members cannot', async () => {
    expect((await listOf(coach)).find((x) => x.id === a.id)!.lecture).toEqual({
      lus: 1,
      destinataires: 6,
    });
    const res = await receiptsOf(coach, a.id);
    expect(res.status).toBe(200);
    const r = res.body;
    expect(r.destinataires).toBe(6);
    expect(r.lus.map((x) => x.id)).toEqual([p1.id]);
    expect(r.nonLus.map((x) => x.prenom).sort()).toEqual(
      ['Bruno', 'Kylian', 'Paule', 'Quentin', 'Émile'].sort(),
    );
    // Privacy: names only (no e-mail, phone, status — Bruno is injured —, birth date).
    for (const person of [...r.lus, ...r.nonLus])
      expect(Object.keys(person).sort()).toEqual(
        'luLe' in person ? ['id', 'luLe', 'nom', 'prenom'] : ['id', 'nom', 'prenom'],
      );
    expect(res.text).not.toMatch(/@example\.org|Blessé|0600000000|2014-04-01/);
    expect((await receiptsOf(resp, a.id)).status).toBe(200);
    for (const m of [p1, parent, coach2]) expect((await receiptsOf(m, a.id)).status).toBe(403);
  });

  it('the reminder goes to those who have not read it, once an hour at most', async () => {
    await markRead(p1, a.id);
    await sent(a.id);
    const before = mailsAbout('Rappel : Horaires des entraînements').length;
    expect(before).toBe(0);
    expect((await remind(p1, a.id)).status).toBe(403);
    const res = await remind(coach, a.id);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ message: 'Rappel envoyé à 5 membres.', envoyes: 5 });
    await sent(a.id);
    // p1 read it; Quentin turned e-mails off; Émile turned announcement e-mails off.
    expect(recipientsOf('Rappel : Horaires des entraînements')).toEqual(
      [p2.email, kid.email, parent.email].sort(),
    );
    const again = await remind(coach, a.id);
    expect(again.status).toBe(409);
    expect(again.error.message).toBe(ANNOUNCEMENT_MESSAGES.reminderTooSoon);
    const receipts = await receiptsOf(coach, a.id);
    expect(receipts.body.dernierRappel).not.toBeNull();
  }, 30_000);

  it('when everyone has read it, there is nobody to remind', async () => {
    const b = await publish(boss, { titre: 'Pour Pierre', contenu: 'x', equipesIds: [t2.id] });
    await markRead(p3, b.id);
    await markRead(coach2, b.id);
    const res = await remind(boss, b.id);
    expect(res.status).toBe(409);
    expect(res.error.message).toBe(ANNOUNCEMENT_MESSAGES.everyoneRead);
    expect((await listOf(boss)).find((x) => x.id === b.id)!.lecture).toEqual({
      lus: 2,
      destinataires: 2,
    });
  });
});

describe('read from the e-mail (decision 0139)', () => {
  it('the mail’s « Lire l’annonce » link counts as read once its page posts it; a GET, a forged or another link’s token record nothing', async () => {
    const a = await publish(coach, {
      titre: 'Réunion des parents',
      contenu: 'Samedi 10h au club-house.',
      equipesIds: [t1.id],
    });
    await sent(a.id);
    const mail = mailsAbout('Annonce : Réunion des parents').find((m) =>
      m.to.includes(parent.email),
    )!;
    const link = mail.text.match(/https?:\/\/\S+\/annonce\/lecture\?jeton=\S+/)?.[0];
    expect(link, mail.text).toBeTruthy();
    // The button is the read link; the app's page is still given.
    expect(mail.html).toContain('Lire l’annonce');
    expect(mail.text).toContain(`http://localhost:3000/AS%20Annonces/annonces?annonce=${a.id}`);
    const jeton = new URL(link!).searchParams.get('jeton')!;
    const readers = async () => (await receiptsOf(coach, a.id)).body.lus.map((x) => x.id);
    expect(await readers()).toEqual([]);

    // What a mail scanner does: fetch the link. The API has no GET for it (the read link's path
    // answers a POST only); nothing is recorded.
    const scanned = await ctx.app.inject({
      method: 'GET',
      url: `${api.announcements.readByLink.path}?jeton=${encodeURIComponent(jeton)}`,
    });
    expect(scanned.statusCode).not.toBe(200);
    expect(await readers()).toEqual([]);

    // Forged, or the unsubscribe link's token of the same mail: 404, nothing recorded.
    const unsubscribe = new URL(
      mail.text.match(/https?:\/\/\S+\/notifications\/desabonnement\?jeton=\S+/)![0],
    ).searchParams.get('jeton')!;
    for (const bad of [`${jeton}x`, unsubscribe]) {
      const res = await readByLink(bad);
      expect(res.status).toBe(404);
      expect(res.error.message).toBe("Ce lien n'est pas valide.");
    }
    expect(await readers()).toEqual([]);

    // The page's POST, without cookie: read, for that member only.
    const res = await readByLink(jeton);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      titre: 'Réunion des parents',
      contenu: 'Samedi 10h au club-house.',
      clubNom: 'AS Annonces',
      auteur: 'Carla Coach',
    });
    expect(await readers()).toEqual([parent.id]);
    expect((await listOf(parent)).find((x) => x.id === a.id)!.lu).toBe(true);
    expect((await listOf(kid)).find((x) => x.id === a.id)!.lu).toBe(false);
    // Opened again: still one reading.
    const again = await readByLink(jeton);
    expect(again.status).toBe(200);
    expect(await readers()).toEqual([parent.id]);
  }, 30_000);
});

describe('e-mails and text', () => {
  it('each member of the audience who wants announcements by e-mail gets one, after commit', async () => {
    const a = await publish(coach, {
      titre: 'Tournoi de Pâques',
      contenu: 'Inscriptions ouvertes.',
      equipesIds: [t1.id],
    });
    await sent(a.id);
    expect(recipientsOf('Annonce : Tournoi de Pâques')).toEqual(
      [p1.email, p2.email, kid.email, parent.email].sort(),
    );
    const mail = mailsAbout('Annonce : Tournoi de Pâques').find((m) => m.to.includes(p1.email))!;
    expect(mail.subject).toBe('Annonce : Tournoi de Pâques (AS Annonces)');
    expect(mail.text).toContain('Carla Coach a publié une annonce pour l’équipe Seniors A.');
    expect(mail.text).toContain(`http://localhost:3000/AS%20Annonces/annonces?annonce=${a.id}`);
    expect(mail.raw).toMatch(/List-Unsubscribe:\s+<http:\/\/localhost:3000\/api\/notifications/);
  }, 30_000);

  it('an announcement refused by the rules queues nothing', async () => {
    const before = ctx.smtp.mails.length;
    await post(coach, { titre: 'Refusée', contenu: 'x', equipesIds: [t2.id] });
    await waitForMailQueueIdle(ctx);
    expect(ctx.smtp.mails.length).toBe(before);
  });

  it('HTML stays text: in the answer, and escaped in the mail; only http(s) links become links', async () => {
    const contenu =
      '<script>alert("x")</script> <img src=x onerror=alert(1)> ' +
      'javascript:alert(2) voir https://exemple.fr/a?b=1&c=2.';
    const a = await publish(boss, { titre: '<b>Gras</b>', contenu, equipesIds: [t2.id] });
    expect(a.titre).toBe('<b>Gras</b>');
    expect(a.contenu).toBe(contenu);
    await sent(a.id);
    const mail = mailsAbout('<b>Gras</b>').find((m) => m.to.includes(p3.email))!;
    expect(mail.html).not.toMatch(/<script|<img|<b>|onerror=alert\(1\)>/);
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(mail.html).toContain('<a href="https://exemple.fr/a?b=1&amp;c=2">');
    expect(mail.html).not.toContain('href="javascript:');
    expect(mail.text).toContain(contenu);
  }, 30_000);

  it('the author or a leader deletes it; the others cannot; then it is gone', async () => {
    const a = await publish(coach, { titre: 'À supprimer', contenu: 'x', equipesIds: [t1.id] });
    for (const m of [p1, coach2, parent]) expect((await remove(m, a.id)).status).toBe(403);
    const res = await remove(resp, a.id);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(ANNOUNCEMENT_MESSAGES.deleted);
    expect((await listOf(p1)).some((x) => x.id === a.id)).toBe(false);
    expect((await remove(coach, a.id)).status).toBe(404);
  });
});

describe('quiet hours', () => {
  it('the notification of an announcement published in the quiet hours waits for their end', async () => {
    // A window of the club's clock around now (Europe/Paris), whatever the time of the run.
    const hm = (d: Date) =>
      new Intl.DateTimeFormat('fr-FR', {
        timeZone: 'Europe/Paris',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(d);
    const start = hm(new Date(Date.now() - 60 * 60_000));
    const end = hm(new Date(Date.now() + 60 * 60_000));
    const quiet = await buildTestApp({ QUIET_HOURS: `${start}-${end}` });
    try {
      const c = await createClub(quiet.app.db, { nom: 'Club Calme' });
      const leader = await createMember(quiet.app.db, c.id, { role: 'DIRIGEANT' });
      await createMember(quiet.app.db, c.id, {});
      const res = await (
        await signIn(quiet.app, leader)
      ).send(api.announcements.create, { body: { titre: 'La nuit', contenu: 'Pas de réveil.' } });
      expect(res.status).toBe(201);
      const { rows } = await quiet.app.database.executeSql(
        `select start_after from pgboss.job where name = $1 and (data->>'announcementId')::int = $2`,
        [ANNOUNCEMENT_QUEUE, res.body.id],
      );
      const startAfter = new Date(rows[0]!.start_after as string).getTime();
      expect(startAfter).toBeGreaterThan(Date.now() + 55 * 60_000);
      expect(startAfter).toBeLessThan(Date.now() + 62 * 60_000);
    } finally {
      await quiet.close();
    }
  }, 60_000);
});
