import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EVENT_FIELD_MESSAGES,
  MATCH_SERVER_MESSAGES,
  matchName,
  api,
  shiftLocalDateTime,
  type TConvocation,
  type TConvocationUpdate,
  type TEventWrite,
} from '@club/contract';
import { createClub, createMember, createTeam, linkGuardian } from '../../db/factories.ts';
import { clubLocalDateTime } from '../../lib/club-time.ts';
import type { CapturedMail } from '../../test/helper.ts';
import { buildTestApp, signIn, TestClient, type TestContext } from '../../test/helper.ts';
import { until, waitForMailQueueIdle } from '../../test/http-utils.ts';
import {
  MATCH_NOTIFICATION_QUEUE,
  MATCH_REMINDER_QUEUE,
  MATCH_SUMMARY_QUEUE,
} from '../notifications/index.ts';

/**
 * Match day on the real application, a real SMTP server and the real job queue (PGlite, or
 * PostgreSQL with TEST_DATABASE_URL): meeting time and home/away, the opponent everywhere, the
 * selection and its mails, respectful notifications.
 */
let ctx: TestContext;
type Member = Awaited<ReturnType<typeof createMember>>;
let club: { id: number };
let team: { id: number; nom: string };
let coach: Member;
let alice: Member;
let bruno: Member;
let dan: Member;
let eve: Member;
let hurt: Member;
let parent: Member;
let hurtParent: Member;
let leader: Member;
let asCoach: TestClient;
let asAlice: TestClient;
let asBruno: TestClient;
let asLeader: TestClient;

const TZ = 'Europe/Paris';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The club's wall clock `ms` from now, to the minute. */
const local = (ms: number) => `${clubLocalDateTime(TZ, new Date(Date.now() + ms)).slice(0, 16)}:00`;
/**
 * 15:00 on the club's day `days` from now: a meeting two hours before falls on the same day
 * whatever the hour the suite runs at (one at 00:13 would meet the evening before, which the
 * feed and the mail rightly write with its date).
 */
const afternoon = (days: number) => `${local(days * DAY).slice(0, 10)}T15:00:00`;

beforeAll(async () => {
  ctx = await buildTestApp({ NOTIFICATION_DELAY_SECONDS: '30', QUIET_HOURS: '' });
  const db = ctx.app.db;
  club = await createClub(db, { timezone: TZ, nom: 'AS Jour de Match' });
  team = await createTeam(db, club.id, { nom: 'Seniors A' });
  coach = await createMember(db, club.id, { role: 'ENTRAINEUR', teamId: team.id, prenom: 'Carla' });
  alice = await createMember(db, club.id, { teamId: team.id, prenom: 'Alice', nom: 'Durand' });
  bruno = await createMember(db, club.id, { teamId: team.id, prenom: 'Bruno', nom: 'Petit' });
  dan = await createMember(db, club.id, { teamId: team.id, prenom: 'Dan', nom: 'Roux' });
  eve = await createMember(db, club.id, { teamId: team.id, prenom: 'Eve', nom: 'Blanc' });
  hurt = await createMember(db, club.id, {
    teamId: team.id,
    prenom: 'Hugo',
    nom: 'Blessé',
    statut: 'Blessé',
  });
  parent = await createMember(db, club.id, { role: 'PARENT', prenom: 'Paule', nom: 'Petit' });
  await linkGuardian(db, club.id, parent.id, bruno.id);
  hurtParent = await createMember(db, club.id, { role: 'PARENT', prenom: 'Henri' });
  await linkGuardian(db, club.id, hurtParent.id, hurt.id);
  leader = await createMember(db, club.id, { role: 'DIRIGEANT', prenom: 'Léa' });
  asCoach = await signIn(ctx.app, coach);
  asAlice = await signIn(ctx.app, alice);
  asBruno = await signIn(ctx.app, bruno);
  asLeader = await signIn(ctx.app, leader);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

async function queued(name: string, matchId: number) {
  const { rows } = await ctx.app.database.executeSql(
    `select id, start_after from pgboss.job
      where name = $1 and state in ('created', 'retry') and (data->>'matchId')::int = $2`,
    [name, matchId],
  );
  return rows as { id: string; start_after: Date | string }[];
}

/** "Time passes": the match's queued notification is due now; waits until it ran and was mailed. */
async function runDue(matchId: number) {
  await ctx.app.database.executeSql(
    `update pgboss.job set start_after = now()
      where name = $1 and state in ('created', 'retry') and (data->>'matchId')::int = $2`,
    [MATCH_NOTIFICATION_QUEUE, matchId],
  );
  ctx.app.jobs.notify(MATCH_NOTIFICATION_QUEUE);
  await until('notification envoyée', async () => {
    const r = await ctx.app.database.executeSql(
      `select count(*)::int as n from pgboss.job
        where name = $1 and state in ('created', 'retry', 'active') and (data->>'matchId')::int = $2`,
      [MATCH_NOTIFICATION_QUEUE, matchId],
    );
    return Number(r.rows[0]!.n) === 0;
  });
  await waitForMailQueueIdle(ctx);
}

let seq = 0;
/**
 * A match of the team created by its coach (away unless told), meeting 2 h before the start. Each
 * match has its own opponent (« FC Voisin 3 »): the mails name a match by its two sides, the
 * glossary's name (docs/decisions/0143-match-name-in-mails.md), and `name` is that name.
 */
async function createMatch(
  opts: {
    startMs?: number;
    domicile?: boolean;
    client?: TestClient;
    team?: { id: number; nom: string };
  } = {},
) {
  seq++;
  const ours = opts.team ?? team;
  const opponent = `FC Voisin ${seq}`;
  const start = opts.startMs === undefined ? afternoon(5) : local(opts.startMs);
  const body: TEventWrite = {
    nom: `Jour ${seq}`,
    type: 'MATCH',
    dateDebut: start,
    dateFin: shiftLocalDateTime(start, 2),
    rendezVous: shiftLocalDateTime(start, -2),
    lieuRendezVous: 'Parking du stade',
    domicile: opts.domicile ?? false,
    lieux: 'Stade du Voisin',
    equipesIds: [ours.id],
    adversaireNom: opponent,
    clubId: club.id,
  };
  const res = await (opts.client ?? asCoach).send(api.events.create, { body: body });
  expect(res.status, res.text).toBe(201);
  const event = res.body;
  const name = matchName({
    nom: body.nom,
    equipe: ours.nom,
    adversaire: opponent,
    domicile: opts.domicile ?? false,
  });
  return { event, matchId: event.match!.id, name, opponent, body };
}

/** The mails about the match named `name`: the name followed by a space or the subject's end. */
const mailsAbout = (name: string) =>
  ctx.smtp.mails.filter((m) => `${m.subject} `.includes(`${name} `));
const to = (mails: CapturedMail[], who: { email: string }) =>
  mails.filter((m) => m.to.includes(who.email));
const hhmm = (local: string) => `${local.slice(11, 13)}h${local.slice(14, 16)}`;

describe(
  '[match day] meeting time, home and away, the opponent everywhere',
  { timeout: 60_000 },
  () => {
    it('an away match with a meeting time: the event and the match name the opponent and the sides as on the pitch', async () => {
      const { event, matchId, opponent } = await createMatch();
      expect(event).toMatchObject({
        adversaire: opponent,
        domicile: false,
        rendezVous: shiftLocalDateTime(event.dateDebut, -2),
        lieuRendezVous: 'Parking du stade',
        match: { domicile: false },
      });
      const res = await asAlice.send(api.matches.get, { params: { id: matchId } });
      expect(res.status, res.text).toBe(200);
      const match = res.body;
      expect(match).toMatchObject({
        adversaire: opponent,
        domicile: false,
        equipeDomicile: { id: null, nom: opponent },
        equipeExterieur: { id: team.id, nom: 'Seniors A' },
        rendezVous: event.rendezVous,
        lieuRendezVous: 'Parking du stade',
        reponses: null, // a player does not read the counts
      });
      const list = await asCoach.send(api.matches.listTeam, { params: { id: team.id } });
      const listed = list.body;
      // Without page nor size: the plain list.
      if (!Array.isArray(listed)) throw new Error(`une liste attendue : ${list.text}`);
      const mine = listed.find((m) => m.id === matchId)!;
      // Hugo is injured: convoked, not awaited (decision 0108)
      expect(mine.reponses).toEqual({ presents: 0, absents: 0, sansReponse: 4 });
    });

    it('the form’s rules: a meeting after the start, or a meeting place without a time, answer 400 in French', async () => {
      const start = local(5 * DAY);
      const base: TEventWrite = {
        nom: 'Match',
        type: 'MATCH',
        dateDebut: start,
        dateFin: shiftLocalDateTime(start, 2),
        lieux: 'Stade',
        equipesIds: [team.id],
        clubId: club.id,
      };
      const late = await asCoach.send(api.events.create, {
        body: {
          ...base,
          rendezVous: shiftLocalDateTime(start, 1),
        },
      });
      expect(late.status).toBe(400);
      expect(late.error.errors?.rendezVous).toBe(EVENT_FIELD_MESSAGES.rendezVousAfterStart);
      const placeOnly = await asCoach.send(api.events.create, {
        body: {
          ...base,
          lieuRendezVous: 'Parking',
        },
      });
      expect(placeOnly.status).toBe(400);
      expect(placeOnly.error.errors?.rendezVous).toBe(
        EVENT_FIELD_MESSAGES.lieuRendezVousWithoutTime,
      );
      const atStart = await asCoach.send(api.events.create, {
        body: { ...base, rendezVous: start },
      });
      expect(atStart.status, atStart.text).toBe(201);
      expect(atStart.body.domicile).toBe(true); // home by default
    });

    it('the calendar feed names both sides (home first) and carries the meeting time and place', async () => {
      const { event, opponent } = await createMatch();
      const sub = await asAlice.send(api.calendarFeeds.subscribe, {
        body: { matchesSeulement: true },
      });
      expect(sub.status, sub.text).toBe(201);
      const res = await ctx.app.inject({ method: 'GET', url: new URL(sub.body.url).pathname });
      expect(res.statusCode).toBe(200);
      const body = res.body.replace(/\r\n[ \t]/g, '').replace(/\\,/g, ',');
      expect(body).toContain(`SUMMARY:${opponent} – Seniors A`);
      expect(body).toContain(`Rendez-vous : ${hhmm(event.rendezVous!)}, Parking du stade`);
      expect(body).toContain('À l’extérieur');
    });

    it('the convocation mail gives the meeting time and place; players who are not ACTIF (and their parents) get none', async () => {
      const { event, matchId, name, opponent } = await createMatch();
      await runDue(matchId);
      const mails = mailsAbout(name);
      const forAlice = to(mails, alice);
      expect(forAlice).toHaveLength(1);
      // Named by its sides, the home side first (decision 0143); the event's name a detail line.
      expect(name).toBe(`${opponent} – Seniors A`);
      expect(forAlice[0]!.subject).toMatch(new RegExp(`^Convocation : ${name} le \\S`));
      expect(forAlice[0]!.text).toContain(
        `Match : ${name}\nIntitulé : Jour ${seq}\nÉquipe : Seniors A contre ${opponent} (à l’extérieur)`,
      );
      expect(forAlice[0]!.text).toContain(`Rendez-vous : `);
      expect(forAlice[0]!.text).toContain(`à ${hhmm(event.rendezVous!)}, Parking du stade`);
      expect(forAlice[0]!.text).not.toContain('ACTIF');
      // The answer page of the mail's link shows the meeting too.
      const link = /\/convocation\/reponse\?jeton=([^&\s]+)&presence=DISPONIBLE/.exec(
        forAlice[0]!.text,
      );
      expect(link, 'lien de réponse').not.toBeNull();
      const page = await new TestClient(ctx.app).send(api.notifications.answerLink, {
        query: { jeton: decodeURIComponent(link![1]!) },
      });
      expect(page.status, page.text).toBe(200);
      expect(page.body.match).toMatchObject({
        rendezVous: event.rendezVous,
        lieuRendezVous: 'Parking du stade',
        domicile: false, // the page names the match home side first, as the mail (decision 0143)
      });
      expect(to(mails, parent)).toHaveLength(1);
      expect(to(mails, hurt)).toHaveLength(0);
      expect(to(mails, hurtParent)).toHaveLength(0);
    });
  },
);

describe('[match day] convocations and selection', { timeout: 60_000 }, () => {
  let matchId: number;
  let name: string;

  beforeAll(async () => {
    ({ matchId, name } = await createMatch());
    await runDue(matchId);
  });

  const answer = (client: TestClient, items: TConvocationUpdate['items']) =>
    client.send(api.matches.answerConvocations, { params: { id: matchId }, body: { items } });
  const rows = async (client: TestClient) => {
    const res = await client.send(api.matches.convocations, { params: { id: matchId } });
    expect(res.status, res.text).toBe(200);
    return res.body;
  };
  const rowOf = (list: TConvocation[], who: { id: number }) =>
    list.find((r) => r.joueur.id === who.id)!;

  it('the coach’s save of the whole list keeps the answer time of the rows it did not change', async () => {
    const mine = await answer(asAlice, [
      { joueurId: alice.id, statutPresence: 'DISPONIBLE', justification: null },
    ]);
    expect(mine.status, mine.text).toBe(200);
    const before = rowOf(await rows(asCoach), alice).reponduLe;
    expect(before).not.toBeNull();
    await new Promise((r) => setTimeout(r, 20));
    const saved = await answer(asCoach, [
      { joueurId: alice.id, statutPresence: 'DISPONIBLE', justification: null },
      { joueurId: bruno.id, statutPresence: 'INDISPONIBLE', justification: 'Travail' },
      { joueurId: dan.id, statutPresence: 'DISPONIBLE', justification: null },
    ]);
    expect(saved.status, saved.text).toBe(200);
    const after = await rows(asCoach);
    expect(rowOf(after, alice).reponduLe).toBe(before);
    expect(rowOf(after, bruno).reponduLe).not.toBeNull();
  });

  it('an unavailable (409) or injured (422, decision 0108) player cannot be selected, in French; a player cannot select', async () => {
    const unavailable = await asCoach.send(api.matches.selection, {
      params: { id: matchId },
      body: {
        joueurs: [{ membreId: bruno.id, selection: 'SELECTIONNE' }],
      },
    });
    expect(unavailable.status).toBe(409);
    expect(unavailable.error.message).toBe(
      MATCH_SERVER_MESSAGES.unavailableSelected('Bruno', 'Petit'),
    );
    const injured = await asCoach.send(api.matches.selection, {
      params: { id: matchId },
      body: {
        joueurs: [{ membreId: hurt.id, selection: 'REMPLACANT' }],
      },
    });
    expect(injured.status).toBe(422);
    expect(injured.error.message).toBe(
      MATCH_SERVER_MESSAGES.notActiveSelected('Hugo', 'Blessé', 'Blessé'),
    );
    const byPlayer = await asAlice.send(api.matches.selection, {
      params: { id: matchId },
      body: {
        joueurs: [{ membreId: alice.id, selection: 'SELECTIONNE' }],
      },
    });
    expect(byPlayer.status).toBe(403);
  });

  it('players see their selection only once published; publishing mails each player once, the non-selected kindly', async () => {
    const before = ctx.smtp.mails.length;
    const draft = await asCoach.send(api.matches.selection, {
      params: { id: matchId },
      body: {
        joueurs: [
          { membreId: alice.id, selection: 'SELECTIONNE' },
          { membreId: dan.id, selection: 'REMPLACANT' },
          { membreId: bruno.id, selection: 'NON_RETENU' },
        ],
      },
    });
    expect(draft.status, draft.text).toBe(200);
    expect(rowOf(draft.body, alice).selection).toBe('SELECTIONNE');
    expect(rowOf(await rows(asAlice), alice).selection).toBeNull();
    await waitForMailQueueIdle(ctx);
    expect(ctx.smtp.mails.length).toBe(before); // nothing before publishing

    const published = await asCoach.send(api.matches.selection, {
      params: { id: matchId },
      body: {
        joueurs: [],
        publier: true,
      },
    });
    expect(published.status, published.text).toBe(200);
    expect(rowOf(await rows(asAlice), alice).selection).toBe('SELECTIONNE');
    const match = (await asAlice.send(api.matches.get, { params: { id: matchId } })).body;
    expect(match.selectionPublieeLe).not.toBeNull();
    await until('e-mails de sélection', () =>
      to(mailsAbout(name), dan).some((m) => m.subject.startsWith('Remplaçant')),
    );
    await waitForMailQueueIdle(ctx);
    const mails = mailsAbout(name).filter((m) => /^(Sélection|Remplaçant)/.test(m.subject));
    expect(to(mails, alice)).toHaveLength(1);
    expect(to(mails, alice)[0]!.subject).toMatch(/^Sélectionné\(e\) : /);
    expect(to(mails, alice)[0]!.text).toContain('Rendez-vous : ');
    expect(to(mails, alice)[0]!.text).toContain('Parking du stade');
    expect(to(mails, dan)).toHaveLength(1);
    expect(to(mails, bruno)).toHaveLength(1);
    // Bruno answered Absent: the mail says so, without thanking him for an availability he never
    // gave (decision 0109); his parent reads the same about him.
    expect(to(mails, bruno)[0]!.text).toContain('comme vous l’aviez annoncé (absent(e))');
    expect(to(mails, bruno)[0]!.text).not.toContain('disponibilité');
    expect(to(mails, parent)).toHaveLength(1); // Bruno's parent
    expect(to(mails, parent)[0]!.text).toContain(
      'Bruno Petit n’est pas retenu(e) pour ce match, comme annoncé',
    );
    expect(to(mails, eve)).toHaveLength(0); // no choice made for her
    expect(to(mails, coach)).toHaveLength(0);

    // Publishing again changes nothing: no mail. Dan moves up: one mail, to Dan only.
    const count = ctx.smtp.mails.length;
    await asCoach.send(api.matches.selection, {
      params: { id: matchId },
      body: { joueurs: [], publier: true },
    });
    await waitForMailQueueIdle(ctx);
    expect(ctx.smtp.mails.length).toBe(count);
    const moved = await asCoach.send(api.matches.selection, {
      params: { id: matchId },
      body: {
        joueurs: [{ membreId: dan.id, selection: 'SELECTIONNE' }],
        publier: true,
      },
    });
    expect(moved.status, moved.text).toBe(200);
    await until('e-mail de Dan', () => ctx.smtp.mails.length > count);
    await waitForMailQueueIdle(ctx);
    const fresh = ctx.smtp.mails.slice(count);
    expect(fresh).toHaveLength(1);
    expect(fresh[0]!.to).toEqual([dan.email]);
    expect(fresh[0]!.subject).toMatch(/^Sélectionné\(e\) : /);
    expect(rowOf(await rows(asBruno), bruno).selection).toBe('NON_RETENU');
  });
});

describe('[match day] concurrent publishes of a selection', { timeout: 120_000 }, () => {
  it('each player’s last mail is the last published selection (decision 0103)', async () => {
    const { matchId, name } = await createMatch();
    await runDue(matchId);
    const players = [alice, dan, eve];
    const choices = ['SELECTIONNE', 'REMPLACANT', 'NON_RETENU'] as const;
    const kindOf = (subject: string) =>
      subject.startsWith('Sélectionné(e)')
        ? 'SELECTIONNE'
        : subject.startsWith('Remplaçant(e)')
          ? 'REMPLACANT'
          : subject.startsWith('Sélection :')
            ? 'NON_RETENU'
            : null;
    const contradictions: string[] = [];
    // Each player reads their own row: another family's row carries no selection (decision 0106).
    const own = new Map<number, TestClient>([
      [alice.id, asAlice],
      [dan.id, await signIn(ctx.app, dan)],
      [eve.id, await signIn(ctx.app, eve)],
    ]);
    for (let burst = 0; burst < 5; burst++) {
      // 10 coaches' saves at once, each a different choice for each player
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          asCoach.send(api.matches.selection, {
            params: { id: matchId },
            body: {
              joueurs: players.map((p, j) => ({
                membreId: p.id,
                selection: choices[(i + j + burst) % 3]!,
              })),
              publier: true,
            },
          }),
        ),
      );
      for (const res of answers) expect(res.status, res.text).toBe(200);
      await waitForMailQueueIdle(ctx, 30_000);
      for (const p of players) {
        const published = await own
          .get(p.id)!
          .send(api.matches.convocations, { params: { id: matchId } });
        const rows = published.body;
        const last = to(mailsAbout(name), p)
          .map((m) => kindOf(m.subject))
          .filter(Boolean)
          .at(-1);
        const now = rows.find((r) => r.joueur.id === p.id)!.selection;
        if (last !== now) contradictions.push(`salve ${burst}, ${p.prenom} : ${last} ≠ ${now}`);
      }
    }
    expect(contradictions).toEqual([]);
  });
});

describe('[match day] respectful notifications', { timeout: 60_000 }, () => {
  it('a played match cannot be cancelled (409 in French)', async () => {
    const start = local(-3 * HOUR);
    const res = await asCoach.send(api.events.create, {
      body: {
        nom: 'Joué',
        type: 'MATCH',
        dateDebut: start,
        dateFin: shiftLocalDateTime(start, 2),
        lieux: 'Stade',
        equipesIds: [team.id],
        adversaireNom: 'FC Passé',
        clubId: club.id,
      },
    });
    expect(res.status, res.text).toBe(201);
    const cancel = await asCoach.send(api.matches.cancel, {
      params: { id: res.body.match!.id },
      body: {
        annule: true,
      },
    });
    expect(cancel.status).toBe(409);
    expect(cancel.error.message).toBe(MATCH_SERVER_MESSAGES.playedNotCancellable);
  });

  it('restoring a cancelled match tells everyone who was told of the cancellation', async () => {
    const { matchId, name } = await createMatch();
    await runDue(matchId);
    expect(
      (await asCoach.send(api.matches.cancel, { params: { id: matchId }, body: { annule: true } }))
        .status,
    ).toBe(200);
    await runDue(matchId);
    const cancelled = mailsAbout(name).filter((m) => m.subject.startsWith('Match annulé'));
    const told = new Set(cancelled.flatMap((m) => m.to));
    expect(told.has(alice.email) && told.has(parent.email)).toBe(true);
    expect(
      (await asCoach.send(api.matches.cancel, { params: { id: matchId }, body: { annule: false } }))
        .status,
    ).toBe(200);
    await runDue(matchId);
    const restored = mailsAbout(name).filter((m) => m.subject.startsWith('Match maintenu'));
    expect(new Set(restored.flatMap((m) => m.to))).toEqual(told);
    expect(restored).toHaveLength(cancelled.length);
  });

  it('a match created 30 h before its start: the deadline moves to creation + 12 h, and no reminder in the past is queued', async () => {
    const { matchId } = await createMatch({ startMs: 30 * HOUR });
    expect(await queued(MATCH_REMINDER_QUEUE, matchId)).toHaveLength(0);
    const [summary] = await queued(MATCH_SUMMARY_QUEUE, matchId);
    expect(summary).toBeDefined();
    const due = new Date(summary!.start_after).getTime();
    expect(Math.abs(due - (Date.now() + 12 * HOUR))).toBeLessThan(5 * 60_000);
  });

  it('a member added while a new match’s first mail is pending: without an account, no convocation (the invitation only); their activated parent is told', async () => {
    const u17 = await createTeam(ctx.app.db, club.id, { nom: 'U17' });
    const u17Coach = await createMember(ctx.app.db, club.id, {
      role: 'ENTRAINEUR',
      teamId: u17.id,
    });
    const { matchId, name } = await createMatch({
      client: await signIn(ctx.app, u17Coach),
      team: u17,
    });
    const child = await createMember(ctx.app.db, club.id, {
      prenom: 'Sans',
      nom: 'Compte',
      password: null,
    });
    const childParent = await createMember(ctx.app.db, club.id, {
      role: 'PARENT',
      prenom: 'Parent',
      nom: 'Compte',
    });
    await linkGuardian(ctx.app.db, club.id, childParent.id, child.id);
    const res = await asLeader.send(api.members.assignTeam, {
      params: { id: u17.id },
      body: { ajouter: [child.id] },
    });
    expect(res.status, res.text).toBe(200);
    await runDue(matchId);
    await waitForMailQueueIdle(ctx);
    const mails = mailsAbout(name);
    expect(to(mails, child)).toHaveLength(0);
    expect(to(mails, childParent)).toHaveLength(1);
  });

  it('a member who joins a team with three upcoming matches gets one digest; a member without an account gets nothing', async () => {
    const u19 = await createTeam(ctx.app.db, club.id, { nom: 'U19' });
    const u19Coach = await createMember(ctx.app.db, club.id, {
      role: 'ENTRAINEUR',
      teamId: u19.id,
    });
    const asU19Coach = await signIn(ctx.app, u19Coach);
    for (let i = 0; i < 3; i++) {
      const { matchId } = await createMatch({
        client: asU19Coach,
        team: u19,
        startMs: (6 + i) * DAY,
      });
      await runDue(matchId);
    }
    const newcomer = await createMember(ctx.app.db, club.id, { prenom: 'Nina', nom: 'Neuve' });
    const invited = await createMember(ctx.app.db, club.id, {
      prenom: 'Igor',
      nom: 'Invité',
      password: null,
    });
    const count = ctx.smtp.mails.length;
    const res = await asLeader.send(api.members.assignTeam, {
      params: { id: u19.id },
      body: {
        ajouter: [newcomer.id, invited.id],
      },
    });
    expect(res.status, res.text).toBe(200);
    await until('le récapitulatif', () =>
      ctx.smtp.mails.slice(count).some((m) => m.to.includes(newcomer.email)),
    );
    await waitForMailQueueIdle(ctx);
    const fresh = ctx.smtp.mails.slice(count);
    expect(to(fresh, newcomer)).toHaveLength(1);
    expect(to(fresh, newcomer)[0]!.subject).toBe('3 matchs à venir : indiquez vos disponibilités');
    expect(to(fresh, newcomer)[0]!.text).toContain('FC Voisin');
    expect(to(fresh, invited)).toHaveLength(0);
  });
});

describe('[match day] withdrawn convocations (decision 0107)', { timeout: 90_000 }, () => {
  const WITHDRAWN = "Vous n'êtes plus convoqué(e) pour ";
  /** The « Présent » link's token of the player's convocation mail. */
  const tokenOf = (mail: CapturedMail) => {
    const link = /\/convocation\/reponse\?jeton=([^&\s]+)&presence=DISPONIBLE/.exec(mail.text);
    expect(link, 'lien de réponse').not.toBeNull();
    return link![1]!;
  };
  const showLink = (jeton: string) =>
    new TestClient(ctx.app).send(api.notifications.answerLink, {
      query: { jeton: decodeURIComponent(jeton) },
    });
  const postLink = (jeton: string) =>
    new TestClient(ctx.app).send(
      api.notifications.answerByLink,
      { body: { jeton: decodeURIComponent(jeton), statutPresence: 'DISPONIBLE' } },
      { xsrf: false },
    );

  it('a match moved from U15 to U17 before it starts: each U15 player (and parent), answered or not, is told once, their link answers 410; the U17 players are convoked', async () => {
    const db = ctx.app.db;
    const u15 = await createTeam(db, club.id, { nom: 'U15 retrait' });
    const u17 = await createTeam(db, club.id, { nom: 'U17 retrait' });
    const kids: Member[] = [];
    for (const prenom of ['Léo', 'Mia', 'Noé'])
      kids.push(await createMember(db, club.id, { teamId: u15.id, prenom, nom: 'Quinze' }));
    const kidParent = await createMember(db, club.id, { role: 'PARENT', prenom: 'Pia' });
    await linkGuardian(db, club.id, kidParent.id, kids[0]!.id);
    const seniors = [
      await createMember(db, club.id, { teamId: u17.id, prenom: 'Sam', nom: 'Dixsept' }),
      await createMember(db, club.id, { teamId: u17.id, prenom: 'Tom', nom: 'Dixsept' }),
    ];
    const { event, matchId, name, opponent, body } = await createMatch({
      client: asLeader,
      team: u15,
    });
    expect(name).toBe(`${opponent} – U15 retrait`);
    // After the move the match is U17's: the withdrawal names it as it now is (decision 0143),
    // its new team being why the convocation is withdrawn.
    const movedName = `${opponent} – U17 retrait`;
    await runDue(matchId);
    const convocations = mailsAbout(name);
    const tokens = kids.map((k) => {
      const mine = to(convocations, k);
      expect(mine).toHaveLength(1);
      return tokenOf(mine[0]!);
    });
    expect((await showLink(tokens[0]!)).status).toBe(200);
    // Léo answered « Présent » from the e-mail before the move (the page records it on opening):
    // the match is no longer his team's, he is withdrawn too.
    const answered = await postLink(tokens[0]!);
    expect(answered.status, answered.text).toBe(200);

    const count = ctx.smtp.mails.length;
    const moved = await asLeader.send(api.events.update, {
      params: { id: event.id },
      body: {
        ...body,
        id: event.id,
        equipesIds: [u17.id],
      },
    });
    expect(moved.status, moved.text).toBe(200);
    await until('les retraits et les convocations', () =>
      [...kids, ...seniors].every((m) =>
        ctx.smtp.mails.slice(count).some((mail) => mail.to.includes(m.email)),
      ),
    );
    await waitForMailQueueIdle(ctx);
    const fresh = ctx.smtp.mails.slice(count);
    for (const kid of kids) {
      const mine = to(fresh, kid);
      expect(mine, kid.prenom).toHaveLength(1);
      expect(mine[0]!.subject.startsWith(`${WITHDRAWN}${movedName} le `), mine[0]!.subject).toBe(
        true,
      );
      expect(mine[0]!.text).toContain(WITHDRAWN.trim());
      expect(mine[0]!.text).toContain(`Match : ${movedName}\nIntitulé : ${body.nom}\n`);
      expect(mine[0]!.text).not.toContain('/convocation/reponse');
    }
    const parentMails = to(fresh, kidParent);
    expect(parentMails).toHaveLength(1);
    expect(parentMails[0]!.subject).toContain(
      `Léo Quinze n'est plus convoqué(e) pour ${movedName} le `,
    );
    for (const jeton of tokens) {
      const shown = await showLink(jeton);
      expect(shown.status, shown.text).toBe(410);
      expect(shown.error.message).toBe("Vous n'êtes plus convoqué(e) pour ce match.");
      const posted = await postLink(jeton);
      expect(posted.status, posted.text).toBe(410);
      expect(posted.error.message).toBe("Vous n'êtes plus convoqué(e) pour ce match.");
    }
    // The U17 players are convoked as before: their convocation, with a working link.
    for (const s of seniors) {
      const mine = to(fresh, s);
      expect(mine, s.prenom).toHaveLength(1);
      expect(mine[0]!.subject.startsWith(`Convocation : ${movedName} le `)).toBe(true);
      expect((await showLink(tokenOf(mine[0]!))).status).toBe(200);
    }
    const list = await asLeader.send(api.matches.convocations, { params: { id: matchId } });
    expect(list.body.map((r) => r.joueur.id).sort()).toEqual(seniors.map((s) => s.id).sort());
  });

  it('a player removed from the team: their upcoming convocation is withdrawn and they are told; a past match is untouched', async () => {
    const db = ctx.app.db;
    const u16 = await createTeam(db, club.id, { nom: 'U16 retrait' });
    const other = await createTeam(db, club.id, { nom: 'U16 bis' });
    const leaving = await createMember(db, club.id, { teamId: u16.id, prenom: 'Zoé', nom: 'Part' });
    const staying = await createMember(db, club.id, {
      teamId: u16.id,
      prenom: 'Yan',
      nom: 'Reste',
    });
    const past = await createMatch({ client: asLeader, team: u16, startMs: -3 * DAY });
    const upcoming = await createMatch({ client: asLeader, team: u16 });
    await runDue(upcoming.matchId);
    const convocation = to(mailsAbout(upcoming.name), leaving);
    expect(convocation).toHaveLength(1);
    const jeton = tokenOf(convocation[0]!);

    const count = ctx.smtp.mails.length;
    const res = await asLeader.send(api.members.update, {
      params: { id: leaving.id },
      body: { equipesIds: [other.id] },
    });
    expect(res.status, res.text).toBe(200);
    await until('le retrait', () =>
      ctx.smtp.mails.slice(count).some((m) => m.to.includes(leaving.email)),
    );
    await waitForMailQueueIdle(ctx);
    const fresh = to(ctx.smtp.mails.slice(count), leaving);
    expect(fresh).toHaveLength(1);
    expect(
      fresh[0]!.subject.startsWith(`${WITHDRAWN}${upcoming.name} le `),
      fresh[0]!.subject,
    ).toBe(true);
    expect(to(ctx.smtp.mails.slice(count), staying)).toHaveLength(0);
    const shown = await showLink(jeton);
    expect(shown.status, shown.text).toBe(410);
    expect(shown.error.message).toBe("Vous n'êtes plus convoqué(e) pour ce match.");
    const rows = async (matchId: number) =>
      (await asLeader.send(api.matches.convocations, { params: { id: matchId } })).body
        .map((r) => r.joueur.id)
        .sort();
    expect(await rows(upcoming.matchId)).toEqual([staying.id]);
    // The past match keeps the player's convocation, and nothing is said about it.
    expect(await rows(past.matchId)).toEqual([leaving.id, staying.id].sort());
    expect(mailsAbout(past.name).filter((m) => m.subject.startsWith(WITHDRAWN))).toHaveLength(0);
  });
});
