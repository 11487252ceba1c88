import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, matchName } from '@club/contract';
import { createClub, createMember, createTeam, linkGuardian } from '../../db/factories.ts';
import { clubLocalDateTime } from '../../lib/club-time.ts';
import type { CapturedMail } from '../../test/helper.ts';
import { buildTestApp, signIn, type TestClient, type TestContext } from '../../test/helper.ts';
import { until, waitForMailQueueIdle } from '../../test/http-utils.ts';
import { MATCH_NOTIFICATION_QUEUE } from './notifications.jobs.ts';

/**
 * Follow-ups of the convocation notifications (decision 0025) on the real application, a real SMTP
 * server and the real job queue (PGlite, or PostgreSQL with TEST_DATABASE_URL): a deleted match,
 * players convoked by a new base team, and a player who joins a team get their mails. The burst
 * delay is long (30 s): a due job's start is moved to now in pgboss.job ("time passes") instead of
 * waiting.
 */
let ctx: TestContext;

type Member = Awaited<ReturnType<typeof createMember>>;
let club: { id: number };
let seniors: { id: number; nom: string };
let reserve: { id: number; nom: string };
let alice: Member;
let bruno: Member;
let parent: Member;
let rita: Member;
let asLeader: TestClient;

const TZ = 'Europe/Paris';
const local = (ms: number) => clubLocalDateTime(TZ, new Date(Date.now() + ms));
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

beforeAll(async () => {
  ctx = await buildTestApp({ NOTIFICATION_DELAY_SECONDS: '30', QUIET_HOURS: '' });
  const db = ctx.app.db;
  club = await createClub(db, { timezone: TZ, nom: 'AS Suites' });
  seniors = await createTeam(db, club.id, { nom: 'Seniors A' });
  reserve = await createTeam(db, club.id, { nom: 'Réserve' });
  alice = await createMember(db, club.id, { teamId: seniors.id, prenom: 'Alice', nom: 'Durand' });
  bruno = await createMember(db, club.id, { teamId: seniors.id, prenom: 'Bruno', nom: 'Petit' });
  parent = await createMember(db, club.id, { role: 'PARENT', prenom: 'Paule', nom: 'Petit' });
  await linkGuardian(db, club.id, parent.id, bruno.id);
  rita = await createMember(db, club.id, { teamId: reserve.id, prenom: 'Rita', nom: 'Roux' });
  asLeader = await signIn(ctx.app, await createMember(db, club.id, { role: 'DIRIGEANT' }));
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

async function queued(matchId: number) {
  const { rows } = await ctx.app.database.executeSql(
    `select id from pgboss.job
      where name = $1 and state in ('created', 'retry', 'active') and (data->>'matchId')::int = $2`,
    [MATCH_NOTIFICATION_QUEUE, matchId],
  );
  return rows;
}

/** "Time passes": the match's burst job is due now; waits until it ran and its mails left. */
async function runBurst(matchId: number) {
  await ctx.app.database.executeSql(
    `update pgboss.job set start_after = now()
      where name = $1 and state in ('created', 'retry') and (data->>'matchId')::int = $2`,
    [MATCH_NOTIFICATION_QUEUE, matchId],
  );
  ctx.app.jobs.notify(MATCH_NOTIFICATION_QUEUE);
  await until('notification exécutée', async () => (await queued(matchId)).length === 0);
  await waitForMailQueueIdle(ctx);
}

let seq = 0;
/**
 * Each match its own opponent: the mails name a match by its two sides, the glossary's name
 * (docs/decisions/0143-match-name-in-mails.md), so two matches never share a subject.
 */
const opponentOf = (n: number) => `FC Voisin ${n}`;
/** The name the mails give the match `n` of `team` (at home: the team first). */
const nameOf = (n: number, team: { nom: string }) =>
  matchName({ nom: `Rencontre ${n}`, equipe: team.nom, adversaire: opponentOf(n), domicile: true });
/** A match of `team` created by a leader, its creation mails already sent (burst over). */
async function announcedMatch(teamId = seniors.id) {
  seq++;
  const start = 5 * DAY;
  const res = await asLeader.send(api.events.create, {
    body: {
      nom: `Rencontre ${seq}`,
      type: 'MATCH',
      dateDebut: local(start),
      dateFin: local(start + 2 * HOUR),
      lieux: 'Stade municipal',
      equipesIds: [teamId],
      adversaireNom: opponentOf(seq),
      clubId: club.id,
    },
  });
  expect(res.status, res.text).toBe(201);
  const event = res.body;
  await runBurst(event.match!.id);
  const team = teamId === seniors.id ? seniors : reserve;
  return { event, matchId: event.match!.id, seq, name: nameOf(seq, team) };
}

/** The mails whose subject starts with `prefix` and names `name` (then a space or the end). */
const about = (name: string, prefix: string) =>
  ctx.smtp.mails.filter(
    (m) => m.subject.startsWith(prefix) && `${m.subject} `.includes(`${name} `),
  );
const to = (mails: CapturedMail[], who: { email: string }) =>
  mails.filter((m) => m.to.includes(who.email));

describe(
  '[notifications] deleted match, new base team, player joining a team',
  { timeout: 60_000 },
  () => {
    it('deleting a match event mails its cancellation to the convoked players and guardians', async () => {
      const { event, matchId, name } = await announcedMatch();
      expect(to(about(name, 'Convocation'), alice)).toHaveLength(1);
      const res = await asLeader.send(api.events.remove, { params: { id: event.id } });
      expect(res.status, res.text).toBe(200);
      await waitForMailQueueIdle(ctx);
      const cancelled = about(name, 'Match annulé');
      expect(to(cancelled, alice)).toHaveLength(1);
      expect(to(cancelled, bruno)).toHaveLength(1);
      const guardianMail = to(cancelled, parent);
      expect(guardianMail).toHaveLength(1);
      expect(guardianMail[0]!.subject).toContain('(Bruno Petit)');
      expect(guardianMail[0]!.text).toContain(
        'Le match auquel Bruno Petit était convoqué(e) est annulé.',
      );
      expect(guardianMail[0]!.text).toContain('Lieu : Stade municipal');
      expect(guardianMail[0]!.text).not.toContain('presence=DISPONIBLE');
      expect(to(cancelled, rita)).toHaveLength(0);
      expect(await queued(matchId)).toHaveLength(0);
    });

    it('an event that stops being a MATCH mails the cancellation of its match', async () => {
      const { event, name } = await announcedMatch();
      const res = await asLeader.send(api.events.update, {
        params: { id: event.id },
        body: {
          nom: event.nom,
          type: 'ENTRAINEMENT',
          dateDebut: event.dateDebut,
          dateFin: event.dateFin,
          lieux: event.lieux,
          equipesIds: event.equipesIds,
          clubId: club.id,
        },
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body.match).toBeFalsy();
      await waitForMailQueueIdle(ctx);
      const cancelled = about(name, 'Match annulé');
      expect(to(cancelled, alice)).toHaveLength(1);
      expect(to(cancelled, parent)).toHaveLength(1);
    });

    it('a match deleted within its creation burst mails nothing (nobody was told about it)', async () => {
      seq++;
      const res = await asLeader.send(api.events.create, {
        body: {
          nom: `Rencontre ${seq}`,
          type: 'MATCH',
          dateDebut: local(6 * DAY),
          dateFin: local(6 * DAY + 2 * HOUR),
          lieux: 'Stade municipal',
          equipesIds: [seniors.id],
          adversaireNom: opponentOf(seq),
          clubId: club.id,
        },
      });
      expect(res.status, res.text).toBe(201);
      const event = res.body;
      expect((await asLeader.send(api.events.remove, { params: { id: event.id } })).status).toBe(
        200,
      );
      await runBurst(event.match!.id);
      // Nothing names the match, by its sides or by the event's name.
      const name = nameOf(seq, seniors);
      expect(
        ctx.smtp.mails.filter(
          (m) => `${m.subject} `.includes(`${name} `) || m.text.includes(`Rencontre ${seq}\n`),
        ),
      ).toHaveLength(0);
    });

    it('a deleted match already cancelled (and announced so) gets no second cancellation', async () => {
      const { event, matchId, name } = await announcedMatch();
      const cancel = await asLeader.send(api.matches.cancel, {
        params: { id: matchId },
        body: { annule: true },
      });
      expect(cancel.status, cancel.text).toBe(200);
      await runBurst(matchId);
      expect(to(about(name, 'Match annulé'), alice)).toHaveLength(1);
      expect((await asLeader.send(api.events.remove, { params: { id: event.id } })).status).toBe(
        200,
      );
      await waitForMailQueueIdle(ctx);
      expect(to(about(name, 'Match annulé'), alice)).toHaveLength(1);
    });

    it('a new base team: its players get the convocation, the former players one withdrawal each (decision 0107)', async () => {
      const { event, seq: n } = await announcedMatch();
      const before = ctx.smtp.mails.length;
      const res = await asLeader.send(api.events.update, {
        params: { id: event.id },
        body: {
          nom: event.nom,
          type: event.type,
          dateDebut: event.dateDebut,
          dateFin: event.dateFin,
          lieux: event.lieux,
          equipesIds: [reserve.id],
          adversaireNom: event.adversaireNom,
          clubId: club.id,
        },
      });
      expect(res.status, res.text).toBe(200);
      await waitForMailQueueIdle(ctx);
      const later = ctx.smtp.mails.slice(before);
      const convocation = to(later, rita);
      expect(convocation).toHaveLength(1);
      // The match now named by its new base team (decision 0143): « Réserve – FC Voisin n ».
      const name = nameOf(n, reserve);
      expect(name).toBe(`Réserve – ${opponentOf(n)}`);
      expect(convocation[0]!.subject).toMatch(/^Convocation : /);
      expect(`${convocation[0]!.subject} `).toContain(`${name} `);
      expect(convocation[0]!.text).toContain(`Équipe : Réserve contre ${opponentOf(n)}`);
      expect(convocation[0]!.text).toMatch(/presence=DISPONIBLE/);
      // The former players (and the parent) are told once that they are no longer convoked.
      for (const who of [alice, bruno]) {
        const mine = to(later, who);
        expect(mine, who.prenom).toHaveLength(1);
        // Named as the match now is: its new team is why the convocation is withdrawn.
        expect(mine[0]!.subject).toContain(`Vous n'êtes plus convoqué(e) pour ${name} le `);
        expect(mine[0]!.text).not.toMatch(/presence=DISPONIBLE/);
      }
      expect(to(later, parent)).toHaveLength(1);
      expect(to(later, parent)[0]!.subject).toContain("Bruno Petit n'est plus convoqué(e) pour");
    });

    it('a player who joins the team (member update) gets one digest of its upcoming matches', async () => {
      const { matchId, name } = await announcedMatch(reserve.id);
      const newcomer = await createMember(ctx.app.db, club.id, { prenom: 'Noé', nom: 'Neuf' });
      const before = ctx.smtp.mails.length;
      const res = await asLeader.send(api.members.update, {
        params: { id: newcomer.id },
        body: { equipesIds: [reserve.id] },
      });
      expect(res.status, res.text).toBe(200);
      await waitForMailQueueIdle(ctx);
      const mine = to(ctx.smtp.mails.slice(before), newcomer);
      // One mail listing every upcoming match of the team (an earlier test moved one to it too).
      expect(mine).toHaveLength(1);
      expect(mine[0]!.subject).toMatch(/^\d+ matchs? à venir : indiquez vos disponibilités$/);
      expect(mine[0]!.text).toContain(`Match : ${name}\nIntitulé : Rencontre `);
      expect(to(ctx.smtp.mails.slice(before), rita)).toHaveLength(0);
      expect(await queued(matchId)).toHaveLength(0);
    });

    it('a player created in the team within a match’s creation burst: the invitation, and no convocation before the account exists', async () => {
      seq++;
      const created = await asLeader.send(api.events.create, {
        body: {
          nom: `Rencontre ${seq}`,
          type: 'MATCH',
          dateDebut: local(7 * DAY),
          dateFin: local(7 * DAY + 2 * HOUR),
          lieux: 'Gymnase',
          equipesIds: [reserve.id],
          adversaireNom: opponentOf(seq),
          clubId: club.id,
        },
      });
      expect(created.status, created.text).toBe(201);
      const matchId = created.body.match!.id;
      const email = `zoe.${Date.now().toString(36)}@example.org`;
      const res = await asLeader.send(api.members.create, {
        body: {
          nom: 'Zen',
          prenom: 'Zoé',
          dateDeNaissance: '2000-04-03',
          genre: 'Femme',
          email,
          numeroTelephone: '06 12 34 56 78',
          role: 'JOUEUR',
          equipesIds: [reserve.id],
          clubId: club.id,
        },
      });
      expect(res.status, res.text).toBe(201);
      await waitForMailQueueIdle(ctx);
      const name = nameOf(seq, reserve);
      expect(to(about(name, 'Convocation'), { email })).toHaveLength(0);
      await runBurst(matchId);
      await waitForMailQueueIdle(ctx);
      expect(to(about(name, 'Convocation'), { email })).toHaveLength(0);
      expect(to(ctx.smtp.mails, { email }).map((m) => m.subject)).toEqual([
        expect.stringMatching(/Invitation/),
      ]);
    });
  },
);
