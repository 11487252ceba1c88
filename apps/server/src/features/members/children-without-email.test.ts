import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_FIELD_MESSAGES, SERVER_MESSAGES, api, type TMember } from '@club/contract';
import { createClub, createMember, createTeam } from '../../db/factories.ts';
import { clubLocalDateTime } from '../../lib/club-time.ts';
import type { CapturedMail } from '../../test/helper.ts';
import { buildTestApp, signIn, type TestClient, type TestContext } from '../../test/helper.ts';
import { until, waitForMailQueueIdle } from '../../test/http-utils.ts';
import { MATCH_NOTIFICATION_QUEUE } from '../notifications/index.ts';

/**
 * A child without e-mail (docs/decisions/0111): a minor with a guardian may have neither e-mail
 * nor phone; they get no invitation, and their convocations, reminders and selection mails go to
 * their guardians, one per guardian per event, naming the child. The real application, a real
 * SMTP server and the real job queue (PGlite, or PostgreSQL with TEST_DATABASE_URL).
 */
let ctx: TestContext;
type Member = Awaited<ReturnType<typeof createMember>>;
let club: { id: number };
let team: { id: number; nom: string };
let boss: Member;
let mother: Member;
/** The U9 coach, father of the child: a guardian too (hats, decision 0110). */
let coach: Member;
let asBoss: TestClient;
let asCoach: TestClient;

const TZ = 'Europe/Paris';
const local = (ms: number) => clubLocalDateTime(TZ, new Date(Date.now() + ms));
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A birth date `years` ago (and a month), in the club's calendar. */
const bornYearsAgo = (years: number) => {
  const d = new Date();
  return `${d.getUTCFullYear() - years}-01-15`;
};

beforeAll(async () => {
  ctx = await buildTestApp({ NOTIFICATION_DELAY_SECONDS: '30', QUIET_HOURS: '' });
  const db = ctx.app.db;
  club = await createClub(db, { timezone: TZ, nom: 'AS Enfants' });
  team = await createTeam(db, club.id, { nom: 'U9' });
  boss = await createMember(db, club.id, { role: 'DIRIGEANT', prenom: 'Bernard' });
  mother = await createMember(db, club.id, { role: 'PARENT', prenom: 'Marie', nom: 'Petit' });
  coach = await createMember(db, club.id, {
    role: 'ENTRAINEUR',
    teamId: team.id,
    prenom: 'Paul',
    nom: 'Petit',
  });
  asBoss = await signIn(ctx.app, boss);
  asCoach = await signIn(ctx.app, coach);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const child = (extra: Record<string, unknown>) => ({
  nom: 'Petit',
  prenom: 'Léo',
  dateDeNaissance: bornYearsAgo(7),
  genre: 'Homme',
  role: 'JOUEUR',
  idEquipe: team.id,
  clubId: club.id,
  ...extra,
});

const to = (mails: CapturedMail[], who: { email: string }) =>
  mails.filter((m) => m.to.includes(who.email));

async function queued(name: string, matchId: number) {
  const { rows } = await ctx.app.database.executeSql(
    `select id from pgboss.job
      where name = $1 and state in ('created', 'retry') and (data->>'matchId')::int = $2`,
    [name, matchId],
  );
  return rows;
}
/** "Time passes": the match's queued jobs of `name` run now. */
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

describe('[members] a child without e-mail', { timeout: 60_000 }, () => {
  let leo: TMember;

  it('an adult keeps the spec’s required e-mail and phone; a minor without e-mail needs a guardian (a French field error)', async () => {
    const adult = await asBoss.send(api.members.create, {
      body: child({ dateDeNaissance: '1990-05-05', parentsIds: [mother.id] }) as never,
    });
    expect(adult.status, adult.text).toBe(400);
    expect(adult.error.errors).toMatchObject({
      email: SERVER_MESSAGES.required,
      numeroTelephone: SERVER_MESSAGES.required,
    });
    const alone = await asBoss.send(api.members.create, { body: child({}) as never });
    expect(alone.status, alone.text).toBe(400);
    expect(alone.error.errors?.email).toBe(MEMBER_FIELD_MESSAGES.childNeedsGuardian);
    // The message is reported with the other fields' errors.
    const both = await asBoss.send(api.members.create, { body: child({ nom: '' }) as never });
    expect(both.status).toBe(400);
    expect(Object.keys(both.error.errors ?? {})).toEqual(expect.arrayContaining(['nom', 'email']));
  });

  it('a 7-year-old with two guardians and no e-mail nor phone is created, without invitation; a resend answers 409', async () => {
    await waitForMailQueueIdle(ctx);
    const before = ctx.smtp.mails.length;
    const res = await asBoss.send(api.members.create, {
      body: child({ email: '', numeroTelephone: '', parentsIds: [mother.id, coach.id] }) as never,
    });
    expect(res.status, res.text).toBe(201);
    leo = res.body;
    expect(leo.email).toBeNull();
    expect(leo.numeroTelephone).toBeNull();
    expect([...leo.parentsIds!].sort()).toEqual([mother.id, coach.id].sort());
    await waitForMailQueueIdle(ctx);
    expect(ctx.smtp.mails.length).toBe(before); // no invitation for anyone
    const resend = await asBoss.send(api.members.resendInvitation, { params: { id: leo.id } });
    expect(resend.status, resend.text).toBe(409);
    expect(resend.error.message).toBe(MEMBER_FIELD_MESSAGES.noEmail);
    // The guardian reads the child's row (no e-mail to show).
    const read = await asCoach.send(api.members.get, { params: { id: leo.id } });
    expect(read.status, read.text).toBe(200);
    expect(read.body.email).toBeNull();
  });

  it('the child keeps a guardian and stays a minor while without e-mail; an account’s e-mail is never cleared', async () => {
    const noGuardian = await asBoss.send(api.members.update, {
      params: { id: leo.id },
      body: { parentsIds: [], clubId: club.id },
    });
    expect(noGuardian.status, noGuardian.text).toBe(400);
    expect(noGuardian.error.errors?.parentsIds).toBe(
      MEMBER_FIELD_MESSAGES.lastGuardianOfChildWithoutEmail,
    );
    const grownUp = await asBoss.send(api.members.update, {
      params: { id: leo.id },
      body: { dateDeNaissance: '1990-01-01', clubId: club.id },
    });
    expect(grownUp.status, grownUp.text).toBe(400);
    expect(grownUp.error.errors?.dateDeNaissance).toBe(SERVER_MESSAGES.required);
    const oneGuardian = await asBoss.send(api.members.update, {
      params: { id: leo.id },
      body: { parentsIds: [coach.id, mother.id].slice(0, 2), clubId: club.id },
    });
    expect(oneGuardian.status, oneGuardian.text).toBe(200);
    const motherNoMail = await asBoss.send(api.members.update, {
      params: { id: mother.id },
      body: { email: null, clubId: club.id },
    });
    expect(motherNoMail.status, motherNoMail.text).toBe(400);
    expect(motherNoMail.error.errors?.email).toBe(SERVER_MESSAGES.required);
  });

  it('convocation, reminder and selection reach each guardian once per event, naming the child', async () => {
    const start = 10 * DAY;
    const created = await asCoach.send(api.events.create, {
      body: {
        nom: 'Plateau U9',
        type: 'MATCH',
        dateDebut: local(start),
        dateFin: local(start + 2 * HOUR),
        lieux: 'Stade municipal',
        equipesIds: [team.id],
        adversaireNom: 'FC Voisin',
        clubId: club.id,
      } as never,
    });
    expect(created.status, created.text).toBe(201);
    const matchId = created.body.match!.id;
    await runDue(MATCH_NOTIFICATION_QUEUE, matchId);
    // The mails name the match by its sides, the home side first (decision 0143).
    const about = () => ctx.smtp.mails.filter((m) => m.subject.includes('U9 – FC Voisin '));
    const convocations = about().filter((m) => m.subject.startsWith('Convocation'));
    for (const guardian of [mother, coach]) {
      const mails = to(convocations, guardian);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toContain('(Léo Petit)');
      expect(mails[0]!.text).toContain('Léo Petit est convoqué(e)');
    }
    // Nobody else, and never a mail without address.
    expect(convocations).toHaveLength(2);
    expect(convocations.every((m) => m.to.length === 1 && m.to[0]!.includes('@'))).toBe(true);

    // The reminder before the deadline: to the guardians, the child has not answered.
    const deadline = await asCoach.send(api.matches.answerConvocations, {
      params: { id: matchId },
      body: { items: [], dateLimiteReponse: local(3 * DAY) },
    });
    expect(deadline.status, deadline.text).toBe(200);
    await runDue('match-reminder', matchId);
    const reminders = about().filter((m) => m.subject.startsWith('Rappel'));
    expect(to(reminders, mother)).toHaveLength(1);
    expect(to(reminders, coach)).toHaveLength(1);
    expect(reminders).toHaveLength(2);
    expect(to(reminders, mother)[0]!.subject).toContain('(Léo Petit)');

    // The published selection.
    const published = await asCoach.send(api.matches.selection, {
      params: { id: matchId },
      body: { joueurs: [{ membreId: leo.id, selection: 'SELECTIONNE' }], publier: true },
    });
    expect(published.status, published.text).toBe(200);
    await until('e-mails de sélection', () =>
      about().some((m) => m.subject.startsWith('Sélectionné')),
    );
    await waitForMailQueueIdle(ctx);
    const selections = about().filter((m) => m.subject.startsWith('Sélectionné'));
    expect(to(selections, mother)).toHaveLength(1);
    expect(to(selections, coach)).toHaveLength(1);
    expect(selections).toHaveLength(2);
    expect(to(selections, coach)[0]!.subject).toContain('(Léo Petit)');
  });

  it('a second child joining the team later: the digest of upcoming matches goes to the guardians', async () => {
    await waitForMailQueueIdle(ctx);
    const before = ctx.smtp.mails.length;
    const res = await asBoss.send(api.members.create, {
      body: child({ prenom: 'Lina', genre: 'Femme', parentsIds: [mother.id] }) as never,
    });
    expect(res.status, res.text).toBe(201);
    await waitForMailQueueIdle(ctx);
    const mails = ctx.smtp.mails.slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toEqual([mother.email]);
    expect(mails[0]!.subject).toContain('(Lina Petit)');
  });
});
