import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  MATCH_MESSAGES,
  api,
  matchName,
  NOTIFICATION_MESSAGES,
  urlOf,
  type TEvent,
} from '@club/contract';
import { createClub, createMember, createTeam, linkGuardian } from '../../db/factories.ts';
import { convocations, pendingMatchNotifications } from '../../db/schema.ts';
import { clubLocalDateTime } from '../../lib/club-time.ts';
import type { CapturedMail } from '../../test/helper.ts';
import {
  buildTestApp,
  signIn,
  TestClient,
  type TestContext,
  typedAnswer,
} from '../../test/helper.ts';
import { freshIp, until, waitForMailQueueIdle } from '../../test/http-utils.ts';
import { MATCH_NOTIFICATION_QUEUE } from './notifications.jobs.ts';
import { manualClock } from '../../lib/clock.ts';

/**
 * Convocation notifications (decision 0025) on the real application, a real SMTP server and the
 * real job queue (PGlite, or PostgreSQL with TEST_DATABASE_URL). The burst delay is long (30 s):
 * the tests move a due job's start to now in pgboss.job ("time passes") instead of waiting.
 */
let ctx: TestContext;
const clock = manualClock();
afterEach(() => clock.set(undefined));

type Member = Awaited<ReturnType<typeof createMember>>;
let club: { id: number };
let team: { id: number; nom: string };
let coach: Member;
let alice: Member;
let bruno: Member;
let hurt: Member;
let quiet: Member;
let parent: Member;
let outsider: Member;
let asCoach: TestClient;

const TZ = 'Europe/Paris';
/** The club's wall clock `ms` from now. */
const local = (ms: number) => clubLocalDateTime(TZ, new Date(Date.now() + ms));
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

beforeAll(async () => {
  ctx = await buildTestApp({ NOTIFICATION_DELAY_SECONDS: '30', QUIET_HOURS: '' }, undefined, {
    clock,
  });
  const db = ctx.app.db;
  club = await createClub(db, { timezone: TZ, nom: 'AS Notif' });
  team = await createTeam(db, club.id, { nom: 'Seniors A' });
  const other = await createTeam(db, club.id, { nom: 'U17' });
  coach = await createMember(db, club.id, { role: 'ENTRAINEUR', teamId: team.id, prenom: 'Carla' });
  alice = await createMember(db, club.id, { teamId: team.id, prenom: 'Alice', nom: 'Durand' });
  bruno = await createMember(db, club.id, { teamId: team.id, prenom: 'Bruno', nom: 'Petit' });
  hurt = await createMember(db, club.id, {
    teamId: team.id,
    prenom: 'Hugo',
    nom: 'Blessé',
    statut: 'Blessé',
  });
  quiet = await createMember(db, club.id, {
    teamId: team.id,
    prenom: 'Quentin',
    nom: 'Muet',
    notificationEmails: false,
  });
  parent = await createMember(db, club.id, { role: 'PARENT', prenom: 'Paule', nom: 'Petit' });
  await linkGuardian(db, club.id, parent.id, bruno.id);
  outsider = await createMember(db, club.id, { teamId: other.id, prenom: 'Oscar' });
  asCoach = await signIn(ctx.app, coach);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

/** Jobs of a queue not yet run, for one match. */
async function queued(name: string, matchId: number) {
  const { rows } = await ctx.app.database.executeSql(
    `select id, start_after from pgboss.job
      where name = $1 and state in ('created', 'retry') and (data->>'matchId')::int = $2`,
    [name, matchId],
  );
  return rows as { id: string; start_after: Date }[];
}

/** "Time passes": the match's queued jobs of `name` are due now; then waits until they ran. */
async function runDue(name: string, matchId: number) {
  await ctx.app.database.executeSql(
    `update pgboss.job set start_after = now()
      where name = $1 and state in ('created', 'retry') and (data->>'matchId')::int = $2`,
    [name, matchId],
  );
  ctx.app.jobs.notify(name);
  await until(`${name} exécuté`, async () => (await queued(name, matchId)).length === 0);
  await until(`${name} terminé`, async () => {
    const r = await ctx.app.database.executeSql(
      `select count(*)::int as n from pgboss.job
        where name = $1 and state = 'active' and (data->>'matchId')::int = $2`,
      [name, matchId],
    );
    return Number(r.rows[0]!.n) === 0;
  });
  await waitForMailQueueIdle(ctx);
}

let matchSeq = 0;
/**
 * Each match its own opponent: the mails name a match by its two sides, the glossary's name
 * (docs/decisions/0143-match-name-in-mails.md), so two matches never share a subject.
 */
const opponentOf = (seq: number) => `FC Voisin ${seq}`;
/** The name the mails give the match `seq` (home side first: the team plays at home). */
const nameOf = (seq: number) =>
  matchName({
    nom: `Match ${seq}`,
    equipe: 'Seniors A',
    adversaire: opponentOf(seq),
    domicile: true,
  });
/** A match of the team created by its coach through the API. */
async function createMatch(startMs = 5 * DAY, lieux = 'Stade municipal') {
  matchSeq++;
  const res = await asCoach.send(api.events.create, {
    body: {
      nom: `Match ${matchSeq}`,
      type: 'MATCH',
      dateDebut: local(startMs),
      dateFin: local(startMs + 2 * HOUR),
      lieux,
      equipesIds: [team.id],
      adversaireNom: opponentOf(matchSeq),
      clubId: club.id,
    },
  });
  expect(res.status, res.text).toBe(201);
  const event = res.body;
  return { event, matchId: event.match!.id };
}

async function moveEvent(event: TEvent, changes: Partial<TEvent>) {
  const res = await asCoach.send(api.events.update, {
    params: { id: event.id },
    body: {
      nom: event.nom,
      type: event.type,
      dateDebut: event.dateDebut,
      dateFin: event.dateFin,
      lieux: event.lieux,
      equipesIds: event.equipesIds,
      adversaireNom: event.adversaireNom,
      clubId: club.id,
      ...changes,
    },
  });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

/** The mails about the match named `name`: the name followed by a space or the subject's end. */
const mailsAbout = (name: string) =>
  ctx.smtp.mails.filter((m) => `${m.subject} `.includes(`${name} `));
const to = (mails: CapturedMail[], who: { email: string }) =>
  mails.filter((m) => m.to.includes(who.email));

/** The answer link of a mail's button ('Présent' or 'Absent'): its jeton. */
function jetonOf(mail: CapturedMail, presence: 'DISPONIBLE' | 'INDISPONIBLE'): string {
  const m = new RegExp(
    `http://localhost:3000/convocation/reponse\\?jeton=([^&\\s]+)&presence=${presence}`,
  ).exec(mail.text);
  if (!m) throw new Error(`pas de lien ${presence} dans l’e-mail`);
  return decodeURIComponent(m[1]!);
}
function unsubscribeJeton(mail: CapturedMail): string {
  const m = /http:\/\/localhost:3000\/notifications\/desabonnement\?jeton=([^\s]+)/.exec(mail.text);
  if (!m) throw new Error('pas de lien de désabonnement');
  return decodeURIComponent(m[1]!);
}

const anonymous = () => new TestClient(ctx.app);
const getAnswer = async (jeton: string) =>
  typedAnswer(
    api.notifications.answerLink,
    await anonymous().raw({
      method: 'GET',
      url: urlOf(api.notifications.answerLink, { query: { jeton } }),
      remoteAddress: freshIp(),
    }),
  );
/** Any body, the malformed ones too. */
const postAnswer = async (body: Record<string, unknown>) =>
  typedAnswer(
    api.notifications.answerByLink,
    await anonymous().raw({
      method: 'POST',
      url: api.notifications.answerByLink.path,
      payload: body,
      xsrf: false,
      remoteAddress: freshIp(),
    }),
  );

describe('[notifications] convocation e-mails', { timeout: 60_000 }, () => {
  it('a created match: one mail to each convoked player and to the guardian, with answer links and one-click unsubscribe', async () => {
    const { matchId } = await createMatch();
    expect(await queued(MATCH_NOTIFICATION_QUEUE, matchId)).toHaveLength(1);
    await runDue(MATCH_NOTIFICATION_QUEUE, matchId);
    const mails = mailsAbout(nameOf(matchSeq));
    expect(to(mails, alice)).toHaveLength(1);
    expect(to(mails, bruno)).toHaveLength(1);
    expect(to(mails, hurt)).toHaveLength(0); // not ACTIF: not asked (the coach answers)
    expect(to(mails, quiet)).toHaveLength(0); // preference off
    expect(to(mails, outsider)).toHaveLength(0); // not convoked
    expect(to(mails, coach)).toHaveLength(0);
    const forAlice = to(mails, alice)[0]!;
    // The match named by its sides, home side first (decision 0143); the event's own name a
    // detail line.
    const opponent = opponentOf(matchSeq);
    expect(forAlice.subject).toMatch(new RegExp(`^Convocation : Seniors A – ${opponent} le \\S`));
    expect(forAlice.text).toContain('Vous êtes convoqué(e) pour un match de AS Notif.');
    expect(forAlice.text).toContain(
      `Match : Seniors A – ${opponent}\nIntitulé : Match ${matchSeq}\nÉquipe : Seniors A contre ${opponent} (à domicile)`,
    );
    expect(forAlice.text).toContain('Lieu : Stade municipal');
    expect(forAlice.html).toContain('>Présent</a>');
    expect(forAlice.html).toContain('>Absent</a>');
    // RFC 8058 headers, and the footer link to the web page.
    const headers = forAlice.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
    expect(headers).toMatch(
      /^List-Unsubscribe: <http:\/\/localhost:3000\/api\/notifications\/desabonnement\?jeton=[^>]+>$/m,
    );
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(unsubscribeJeton(forAlice)).toBeTruthy();
    // The guardian's mail names the child and carries the child's links.
    const forParent = to(mails, parent)[0]!;
    expect(forParent.subject).toContain('(Bruno Petit)');
    expect(forParent.text).toContain('Bruno Petit est convoqué(e)');
    const childView = await getAnswer(jetonOf(forParent, 'INDISPONIBLE'));
    expect(childView.status, childView.text).toBe(200);
    expect(childView.body.joueur).toEqual({ prenom: 'Bruno', nom: 'Petit' });
  });

  it('a burst of edits sends one mail per recipient, with the last state', async () => {
    const { event, matchId } = await createMatch();
    const moved = await moveEvent(event, { lieux: 'Gymnase Est' });
    await moveEvent(moved, { dateDebut: local(6 * DAY), dateFin: local(6 * DAY + 2 * HOUR) });
    expect(await queued(MATCH_NOTIFICATION_QUEUE, matchId)).toHaveLength(1);
    await runDue(MATCH_NOTIFICATION_QUEUE, matchId);
    const mails = to(mailsAbout(nameOf(matchSeq)), alice);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^Convocation :/); // created within the burst
    expect(mails[0]!.text).toContain('Lieu : Gymnase Est');
  });

  it('date, time or place changed later: a "Match modifié" mail; cancelled: a "Match annulé" mail without buttons', async () => {
    const { event, matchId } = await createMatch();
    await runDue(MATCH_NOTIFICATION_QUEUE, matchId);
    const name = nameOf(matchSeq);
    await moveEvent(event, { lieux: 'Stade Nord' });
    await runDue(MATCH_NOTIFICATION_QUEUE, matchId);
    const changed = to(mailsAbout(name), alice).filter((m) =>
      m.subject.startsWith('Match modifié'),
    );
    expect(changed).toHaveLength(1);
    expect(changed[0]!.text).toContain('Lieu : Stade Nord');
    expect(changed[0]!.html).toContain('>Absent</a>');
    // A change that is not the date, time or place (the name) sends nothing.
    await moveEvent({ ...event, lieux: 'Stade Nord' }, { nom: `Match ${matchSeq}` });
    expect(await queued(MATCH_NOTIFICATION_QUEUE, matchId)).toHaveLength(0);

    const res = await asCoach.send(api.matches.cancel, {
      params: { id: matchId },
      body: { annule: true },
    });
    expect(res.status, res.text).toBe(200);
    await runDue(MATCH_NOTIFICATION_QUEUE, matchId);
    const cancelled = to(mailsAbout(name), alice).filter((m) =>
      m.subject.startsWith('Match annulé'),
    );
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]!.text).toContain('est annulé');
    expect(cancelled[0]!.html).not.toContain('>Présent</a>');
    expect(
      to(mailsAbout(name), parent).filter((m) => m.subject.startsWith('Match annulé')),
    ).toHaveLength(1);
  });

  it('cancelled then restored within one burst sends nothing', async () => {
    const { matchId } = await createMatch();
    await runDue(MATCH_NOTIFICATION_QUEUE, matchId);
    const before = ctx.smtp.mails.length;
    await asCoach.send(api.matches.cancel, { params: { id: matchId }, body: { annule: true } });
    await asCoach.send(api.matches.cancel, { params: { id: matchId }, body: { annule: false } });
    await runDue(MATCH_NOTIFICATION_QUEUE, matchId);
    expect(ctx.smtp.mails.length).toBe(before);
    const pending = await ctx.app.db
      .select()
      .from(pendingMatchNotifications)
      .where(eq(pendingMatchNotifications.matchId, matchId));
    expect(pending).toEqual([]);
  });
});

describe('[notifications] answer links', { timeout: 60_000 }, () => {
  let matchId: number;
  let aliceMail: CapturedMail;
  let parentMail: CapturedMail;
  let opponent: string;
  beforeAll(async () => {
    ({ matchId } = await createMatch());
    opponent = opponentOf(matchSeq);
    await runDue(MATCH_NOTIFICATION_QUEUE, matchId);
    const mails = mailsAbout(nameOf(matchSeq));
    aliceMail = to(mails, alice)[0]!;
    parentMail = to(mails, parent)[0]!;
  });

  it('GET shows the match and no answer; Absent needs a justification; the answer reaches the coach’s convocation list', async () => {
    const jeton = jetonOf(aliceMail, 'INDISPONIBLE');
    const shown = await getAnswer(jeton);
    expect(shown.status, shown.text).toBe(200);
    const view = shown.body;
    expect(view).toMatchObject({
      joueur: { prenom: 'Alice', nom: 'Durand' },
      match: {
        lieux: 'Stade municipal',
        equipe: 'Seniors A',
        adversaire: opponent,
        annule: false,
      },
      reponse: null,
      commence: false,
    });

    const missing = await postAnswer({ jeton, statutPresence: 'INDISPONIBLE' });
    expect(missing.status).toBe(400);
    expect(missing.error.message).toBe(MATCH_MESSAGES.justificationRequired('Alice', 'Durand'));

    const ok = await postAnswer({ jeton, statutPresence: 'INDISPONIBLE', justification: 'Malade' });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.reponse).toMatchObject({
      statutPresence: 'INDISPONIBLE',
      justification: 'Malade',
    });
    const list = await asCoach.send(api.matches.convocations, { params: { id: matchId } });
    const row = list.body.find((r) => r.joueur.id === alice.id)!;
    expect(row).toMatchObject({ statutPresence: 'INDISPONIBLE', justificationAbsence: 'Malade' });
    // Shown again: the answer already given.
    expect((await getAnswer(jeton)).body.reponse?.statutPresence).toBe('INDISPONIBLE');
  });

  it('the guardian’s link answers for the child only', async () => {
    const ok = await postAnswer({
      jeton: jetonOf(parentMail, 'DISPONIBLE'),
      statutPresence: 'DISPONIBLE',
    });
    expect(ok.status, ok.text).toBe(200);
    const [row] = await ctx.app.db
      .select()
      .from(convocations)
      .where(and(eq(convocations.matchId, matchId), eq(convocations.memberId, bruno.id)));
    expect(row!.statutPresence).toBe('DISPONIBLE');
  });

  it('a forged, altered or replayed token for another player or match is refused with 404', async () => {
    const jeton = jetonOf(aliceMail, 'DISPONIBLE');
    const [body, sig] = jeton.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    const forged = (c: object) => `${Buffer.from(JSON.stringify(c)).toString('base64url')}.${sig}`;
    const other = await createMatch();
    for (const bad of [
      'nimporte-quoi',
      forged({ ...claims, p: bruno.id }), // another player, same signature
      forged({ ...claims, m: other.matchId }), // another match
      `${body}.${sig.slice(0, -2)}xx`,
      `${body}.${sig}.x`,
    ]) {
      const get = await getAnswer(bad);
      expect(get.status, bad).toBe(404);
      expect(get.error).toEqual({ message: NOTIFICATION_MESSAGES.invalidLink });
      const post = await postAnswer({ jeton: bad, statutPresence: 'DISPONIBLE' });
      expect(post.status).toBe(404);
      expect(post.error).toEqual({ message: NOTIFICATION_MESSAGES.invalidLink });
    }
  });

  it('after the start, or on a cancelled match, answering is refused with 409', async () => {
    const jeton = jetonOf(aliceMail, 'DISPONIBLE');
    const view = (await getAnswer(jeton)).body;
    // Stand at the match's start.
    const start = new Date(Date.now() + 5 * DAY + HOUR);
    clock.set(start);
    const shown = await getAnswer(jeton);
    expect(shown.body.commence).toBe(true);
    const late = await postAnswer({ jeton, statutPresence: 'DISPONIBLE' });
    expect(late.status).toBe(409);
    expect(late.error).toEqual({ message: NOTIFICATION_MESSAGES.matchStarted });
    clock.set(undefined);
    expect(view.commence).toBe(false);

    await asCoach.send(api.matches.cancel, { params: { id: matchId }, body: { annule: true } });
    const cancelled = await postAnswer({ jeton, statutPresence: 'DISPONIBLE' });
    expect(cancelled.status).toBe(409);
    expect(cancelled.error).toEqual({ message: NOTIFICATION_MESSAGES.matchCancelled });
    expect((await getAnswer(jeton)).body.match.annule).toBe(true);
    await asCoach.send(api.matches.cancel, { params: { id: matchId }, body: { annule: false } });
  });

  it('needs no cookie nor anti-forgery token, and validates its body in French', async () => {
    const bad = await postAnswer({
      jeton: jetonOf(aliceMail, 'DISPONIBLE'),
      statutPresence: 'PEUT-ETRE',
    });
    expect(bad.status).toBe(400);
    expect(bad.error.message).toBeTruthy();
    const extra = await postAnswer({ jeton: 'x', statutPresence: 'DISPONIBLE', joueurId: 3 });
    expect(extra.status).toBe(400);
  });
});

describe('[notifications] reply deadline, reminder and summary', { timeout: 60_000 }, () => {
  it('the deadline defaults to 48 h before the start; set it (before the start only) with the convocation', async () => {
    const { matchId, event } = await createMatch(10 * DAY);
    const match = (await asCoach.send(api.matches.get, { params: { id: matchId } })).body;
    expect(match.dateLimiteReponse).toBeNull();
    const tooLate = await asCoach.send(api.matches.answerConvocations, {
      params: { id: matchId },
      body: {
        items: [],
        dateLimiteReponse: event.dateDebut,
      },
    });
    expect(tooLate.status).toBe(400);
    expect(tooLate.error).toEqual({
      message: NOTIFICATION_MESSAGES.deadlineAfterStart,
      errors: { dateLimiteReponse: NOTIFICATION_MESSAGES.deadlineAfterStart },
    });
    const bad = await asCoach.send(api.matches.answerConvocations, {
      params: { id: matchId },
      body: {
        items: [],
        dateLimiteReponse: 'demain',
      },
    });
    expect(bad.status).toBe(400);
    const deadline = local(8 * DAY).slice(0, 16);
    const ok = await asCoach.send(api.matches.answerConvocations, {
      params: { id: matchId },
      body: {
        items: [],
        dateLimiteReponse: deadline,
      },
    });
    expect(ok.status, ok.text).toBe(200);
    expect(
      (await asCoach.send(api.matches.get, { params: { id: matchId } })).body.dateLimiteReponse,
    ).toBe(`${deadline}:00`);
    // A player may answer their row but not set the deadline.
    const asAlice = await signIn(ctx.app, alice);
    const denied = await asAlice.send(api.matches.answerConvocations, {
      params: { id: matchId },
      body: {
        items: [],
        dateLimiteReponse: null,
      },
    });
    expect(denied.status).toBe(403);
  });

  it('non-responders (and their guardians) get one reminder 24 h before the deadline; the coach a summary when it passes', async () => {
    const { matchId } = await createMatch(10 * DAY);
    await runDue(MATCH_NOTIFICATION_QUEUE, matchId);
    const name = nameOf(matchSeq);
    const deadline = local(3 * DAY);
    await asCoach.send(api.matches.answerConvocations, {
      params: { id: matchId },
      body: {
        items: [{ joueurId: alice.id, statutPresence: 'DISPONIBLE', justification: null }],
        dateLimiteReponse: deadline,
      },
    });
    // Both jobs wait for their time: the reminder 24 h before the deadline, the summary at it.
    const [reminder] = await queued('match-reminder', matchId);
    const [summary] = await queued('match-summary', matchId);
    const deadlineAt = Date.now() + 3 * DAY;
    expect(Math.abs(new Date(reminder!.start_after).getTime() - (deadlineAt - DAY))).toBeLessThan(
      120_000,
    );
    expect(Math.abs(new Date(summary!.start_after).getTime() - deadlineAt)).toBeLessThan(120_000);

    await runDue('match-reminder', matchId);
    const reminders = mailsAbout(name).filter((m) =>
      m.subject.startsWith(`Rappel : répondez à la convocation pour ${name}`),
    );
    expect(to(reminders, alice)).toHaveLength(0); // answered
    expect(to(reminders, bruno)).toHaveLength(1);
    expect(to(reminders, parent)).toHaveLength(1);
    expect(to(reminders, quiet)).toHaveLength(0);
    expect(to(reminders, bruno)[0]!.html).toContain('>Présent</a>');

    await postAnswer({
      jeton: jetonOf(to(reminders, bruno)[0]!, 'INDISPONIBLE'),
      statutPresence: 'INDISPONIBLE',
      justification: 'Blessure',
    });
    await runDue('match-summary', matchId);
    const summaries = mailsAbout(name).filter((m) =>
      m.subject.startsWith(`Réponses à la convocation : ${name} le `),
    );
    expect(summaries).toHaveLength(1);
    expect(summaries[0]!.to).toEqual([coach.email]);
    const text = summaries[0]!.text;
    expect(text).toContain('Présents (1) :\n- Alice Durand');
    expect(text).toContain('Absents (1) :\n- Bruno Petit (Blessure)');
    // Hugo is injured: not awaited, listed apart with his status (decision 0108)
    expect(text).toContain('Sans réponse (1) :\n- Quentin Muet');
    expect(text).toContain('Blessés, malades ou suspendus (1) :\n- Hugo Blessé (Blessé)');
  });
});

describe('[notifications] preferences and unsubscribe', { timeout: 60_000 }, () => {
  it('GET / PUT preferences (default on); off → no notification mail', async () => {
    const member = await createMember(ctx.app.db, club.id, { teamId: team.id, prenom: 'Pia' });
    const as = await signIn(ctx.app, member);
    expect((await as.send(api.notifications.preferences)).body).toMatchObject({ emails: true });
    const bad = await as.raw({
      method: 'PUT',
      url: api.notifications.setPreferences.path,
      payload: { emails: 'non' },
    });
    expect(bad.statusCode).toBe(400);
    const off = await as.send(api.notifications.setPreferences, { body: { emails: false } });
    expect(off.status, off.text).toBe(200);
    expect(off.body).toMatchObject({ emails: false });
    expect((await as.send(api.notifications.preferences)).body).toMatchObject({
      emails: false,
    });
    const { matchId } = await createMatch();
    await runDue(MATCH_NOTIFICATION_QUEUE, matchId);
    expect(to(mailsAbout(nameOf(matchSeq)), member)).toHaveLength(0);
    expect(to(mailsAbout(nameOf(matchSeq)), alice)).toHaveLength(1);
    const anon = await anonymous().send(api.notifications.preferences);
    expect(anon.status).toBe(401);
  });

  it('a kind turned off on e-mail sends no mail of that kind; the others still go', async () => {
    const member = await createMember(ctx.app.db, club.id, { teamId: team.id, prenom: 'Kim' });
    const as = await signIn(ctx.app, member);
    const all = { email: true, push: true };
    expect((await as.send(api.notifications.preferences)).body).toEqual({
      emails: true,
      canaux: {
        convocations: all,
        rappels: all,
        annonces: all,
        annulations: all,
        changements: all,
        messages: all,
        matchs: all,
      },
    });
    const res = await as.send(api.notifications.setPreferences, {
      body: {
        canaux: { convocations: { email: false } },
      },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.canaux.convocations).toEqual({ email: false, push: true });
    expect(res.body.canaux.annulations).toEqual(all);
    const bad = await as.raw({
      method: 'PUT',
      url: api.notifications.setPreferences.path,
      payload: { canaux: { inconnu: {} } },
    });
    expect(bad.statusCode).toBe(400);
    const { matchId } = await createMatch();
    await runDue(MATCH_NOTIFICATION_QUEUE, matchId);
    expect(to(mailsAbout(nameOf(matchSeq)), member)).toHaveLength(0);
    expect(to(mailsAbout(nameOf(matchSeq)), alice)).toHaveLength(1);
    // Cancellations are another kind: still mailed.
    const cancel = await asCoach.send(api.matches.cancel, {
      params: { id: matchId },
      body: { annule: true },
    });
    expect(cancel.status, cancel.text).toBe(200);
    await runDue(MATCH_NOTIFICATION_QUEUE, matchId);
    expect(to(mailsAbout(`Match annulé : ${nameOf(matchSeq)}`), member)).toHaveLength(1);
  });

  it('the List-Unsubscribe address: GET changes nothing, a one-click form POST turns mails off; bad token 404', async () => {
    const member = await createMember(ctx.app.db, club.id, { teamId: team.id, prenom: 'Yann' });
    const { matchId } = await createMatch();
    await runDue(MATCH_NOTIFICATION_QUEUE, matchId);
    const mail = to(mailsAbout(nameOf(matchSeq)), member)[0]!;
    const jeton = unsubscribeJeton(mail);
    const url = urlOf(api.notifications.unsubscribe, { query: { jeton } });
    const scanned = typedAnswer(
      api.notifications.unsubscribeState,
      await anonymous().raw({
        method: 'GET',
        url: urlOf(api.notifications.unsubscribeState, { query: { jeton } }),
        remoteAddress: freshIp(),
      }),
    );
    expect(scanned.status).toBe(200);
    expect(scanned.body).toMatchObject({ emails: true });
    // The mail client's form POST (RFC 8058): no declaration sends a form.
    const oneClick = typedAnswer(
      api.notifications.unsubscribe,
      await ctx.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
        remoteAddress: freshIp(),
      }),
    );
    expect(oneClick.status, oneClick.text).toBe(200);
    expect(oneClick.body).toMatchObject({ emails: false });
    const as = await signIn(ctx.app, member);
    expect((await as.send(api.notifications.preferences)).body).toMatchObject({
      emails: false,
    });
    const forged = typedAnswer(
      api.notifications.unsubscribe,
      await ctx.app.inject({
        method: 'POST',
        url: urlOf(api.notifications.unsubscribe, {
          query: { jeton: `${jeton.split('.')[0]}.xx` },
        }),
        remoteAddress: freshIp(),
      }),
    );
    expect(forged.status).toBe(404);
    expect(forged.error).toEqual({ message: NOTIFICATION_MESSAGES.invalidLink });
    // An answer-link token is no unsubscribe token (separate keys).
    const answerToken = jetonOf(to(mailsAbout(nameOf(matchSeq)), alice)[0]!, 'DISPONIBLE');
    const crossed = await anonymous().raw({
      method: 'GET',
      url: urlOf(api.notifications.unsubscribeState, { query: { jeton: answerToken } }),
      remoteAddress: freshIp(),
    });
    expect(crossed.statusCode).toBe(404);
  });
});
