import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  urlOf,
  MATCH_MESSAGES,
  NOTIFICATION_MESSAGES,
  type TEventPresence,
  type TEventPresenceUpdate,
} from '@club/contract';
import {
  createClub,
  createEvent,
  createMember,
  createTeam,
  linkGuardian,
} from '../../db/factories.ts';
import { buildTestApp, signIn, type TestClient, type TestContext } from '../../test/helper.ts';
import { manualClock } from '../../lib/clock.ts';

/** Training attendance and the teams' 'présent par défaut' (PGlite or PostgreSQL). */
let ctx: TestContext;
const clock = manualClock();
afterEach(() => clock.set(undefined));

type Member = Awaited<ReturnType<typeof createMember>>;
let club: { id: number };
let seniors: { id: number };
let juniors: { id: number };
let boss: Member;
let coach: Member;
let coachJuniors: Member;
let alice: Member;
let bruno: Member;
let hurt: Member;
let junior: Member;
let parent: Member;

beforeAll(async () => {
  ctx = await buildTestApp({}, undefined, { clock });
  const db = ctx.app.db;
  club = await createClub(db, { timezone: 'Europe/Paris' });
  seniors = await createTeam(db, club.id, { nom: 'Seniors' });
  juniors = await createTeam(db, club.id, { nom: 'Juniors', presentParDefaut: true });
  boss = await createMember(db, club.id, { role: 'DIRIGEANT' });
  coach = await createMember(db, club.id, { role: 'ENTRAINEUR', teamId: seniors.id });
  coachJuniors = await createMember(db, club.id, { role: 'ENTRAINEUR', teamId: juniors.id });
  alice = await createMember(db, club.id, { teamId: seniors.id, prenom: 'Alice', nom: 'A' });
  bruno = await createMember(db, club.id, { teamId: seniors.id, prenom: 'Bruno', nom: 'B' });
  hurt = await createMember(db, club.id, {
    teamId: juniors.id,
    prenom: 'Hugo',
    nom: 'H',
    statut: 'Blessé',
  });
  junior = await createMember(db, club.id, { teamId: juniors.id, prenom: 'Jules', nom: 'J' });
  parent = await createMember(db, club.id, { role: 'PARENT' });
  await linkGuardian(db, club.id, parent.id, junior.id);
  await linkGuardian(db, club.id, parent.id, hurt.id);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const future = { dateDebut: '2099-05-04 18:00:00', dateFin: '2099-05-04 20:00:00' };
const row = (list: TEventPresence[], m: Member) => list.find((r) => r.joueur.id === m.id)!;
const presences = (client: TestClient, id: number) =>
  client.send(api.events.presences, { params: { id } });
const answer = (client: TestClient, id: number, body: TEventPresenceUpdate) =>
  client.send(api.events.answerPresence, { params: { id }, body });

describe('[presences] training attendance', { timeout: 60_000 }, () => {
  it('lists the players of the training’s teams; "présent par défaut" counts the unanswered present', async () => {
    const event = await createEvent(ctx.app.db, club.id, {
      ...future,
      teamIds: [seniors.id, juniors.id],
    });
    const res = await presences(await signIn(ctx.app, boss), event.id);
    expect(res.status, res.text).toBe(200);
    const list = res.body;
    expect(list.map((r) => r.joueur.prenom)).toEqual(['Alice', 'Bruno', 'Hugo', 'Jules']);
    expect(row(list, alice)).toEqual({
      joueur: { id: alice.id, nom: 'A', prenom: 'Alice' },
      statutPresence: null,
      justification: null,
      parDefaut: false,
      modifiable: true,
    });
    expect(row(list, junior)).toMatchObject({ statutPresence: 'DISPONIBLE', parDefaut: true });

    // The junior says Absent: no longer by default; the justification is theirs and the staff's.
    const asJunior = await signIn(ctx.app, junior);
    const put = await answer(asJunior, event.id, {
      joueurId: junior.id,
      statutPresence: 'INDISPONIBLE',
      justification: 'Examen',
    });
    expect(put.status, put.text).toBe(200);
    expect(row(put.body, junior)).toMatchObject({
      statutPresence: 'INDISPONIBLE',
      justification: 'Examen',
      parDefaut: false,
    });
    const seenByAlice = (await presences(await signIn(ctx.app, alice), event.id)).body;
    // Another family reads whether the junior comes, nothing else (decision 0106).
    expect(row(seenByAlice, junior)).toEqual({
      joueur: { id: junior.id, nom: junior.nom, prenom: junior.prenom },
      statutPresence: null,
      modifiable: false,
    });
    expect(row(seenByAlice, alice).modifiable).toBe(true);
    // Cleared: back to present by default.
    const cleared = await answer(asJunior, event.id, {
      joueurId: junior.id,
      statutPresence: null,
    });
    expect(row(cleared.body, junior)).toMatchObject({
      statutPresence: 'DISPONIBLE',
      parDefaut: true,
    });
  });

  it('who may answer: the player (ACTIF), a guardian, the team’s coach; not another team’s coach nor another player', async () => {
    const event = await createEvent(ctx.app.db, club.id, {
      ...future,
      teamIds: [seniors.id, juniors.id],
    });
    const asParent = await signIn(ctx.app, parent);
    expect(
      (await answer(asParent, event.id, { joueurId: junior.id, statutPresence: 'DISPONIBLE' }))
        .status,
    ).toBe(200);
    const notActive = await answer(asParent, event.id, {
      joueurId: hurt.id,
      statutPresence: 'DISPONIBLE',
    });
    expect(notActive.status).toBe(403);
    expect(notActive.error.message).toBe(
      `Le statut de Hugo H n'est pas ACTIF : seul l'entraîneur peut répondre pour ce joueur.`,
    );
    expect(
      (
        await answer(await signIn(ctx.app, coachJuniors), event.id, {
          joueurId: hurt.id,
          statutPresence: 'INDISPONIBLE',
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await answer(await signIn(ctx.app, coach), event.id, {
          joueurId: junior.id,
          statutPresence: 'INDISPONIBLE',
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await answer(await signIn(ctx.app, alice), event.id, {
          joueurId: bruno.id,
          statutPresence: 'DISPONIBLE',
        })
      ).status,
    ).toBe(403);
    const asHurt = await signIn(ctx.app, hurt);
    const own = await answer(asHurt, event.id, { joueurId: hurt.id, statutPresence: 'DISPONIBLE' });
    expect(own.status).toBe(403);
    expect(own.error.message).toBe(MATCH_MESSAGES.notActive);
    const stranger = await answer(await signIn(ctx.app, coach), event.id, {
      joueurId: parent.id,
      statutPresence: 'DISPONIBLE',
    });
    expect(stranger.status).toBe(400);
    expect(stranger.error.message).toBe(NOTIFICATION_MESSAGES.notInTraining);
  });

  it('refuses other event types (400), an answer after the start (409) and bad bodies (400)', async () => {
    const asBoss = await signIn(ctx.app, boss);
    const meeting = await createEvent(ctx.app.db, club.id, { ...future, type: 'REUNION' });
    const wrong = await presences(asBoss, meeting.id);
    expect(wrong.status).toBe(400);
    expect(wrong.error.message).toBe(NOTIFICATION_MESSAGES.notTraining);

    const event = await createEvent(ctx.app.db, club.id, { ...future, teamIds: [seniors.id] });
    clock.set('2099-05-04T17:00:00Z'); // 19:00 in Paris: started
    const late = await answer(await signIn(ctx.app, alice), event.id, {
      joueurId: alice.id,
      statutPresence: 'DISPONIBLE',
    });
    expect(late.status).toBe(409);
    expect(late.error.message).toBe(NOTIFICATION_MESSAGES.trainingStarted);
    clock.set(undefined);

    for (const body of [
      { joueurId: alice.id, statutPresence: 'PEUT-ETRE' },
      { joueurId: 'x', statutPresence: 'DISPONIBLE' },
      { joueurId: alice.id, statutPresence: 'DISPONIBLE', extra: 1 },
    ]) {
      const res = await asBoss.raw({
        method: 'PUT',
        url: urlOf(api.events.answerPresence, {
          params: { id: event.id },
          body: { joueurId: alice.id, statutPresence: 'DISPONIBLE' },
        }),
        payload: body,
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await presences(asBoss, 999999)).status).toBe(404);
  });

  it('the roll call (decision 0101): several rows in one save, all or none; after the start only the staff answer', async () => {
    const event = await createEvent(ctx.app.db, club.id, { ...future, teamIds: [seniors.id] });
    const asCoach = await signIn(ctx.app, coach);
    const roll = (client: typeof asCoach, presences: unknown[]) =>
      client.send(api.events.rollCall, {
        params: { id: event.id },
        body: { presences } as never,
      });

    // One row the coach may not answer (a junior, not in this training): nothing is written.
    const mixed = await roll(asCoach, [
      { joueurId: alice.id, statutPresence: 'DISPONIBLE' },
      { joueurId: junior.id, statutPresence: 'DISPONIBLE' },
    ]);
    expect(mixed.status).toBe(400);
    expect(mixed.error.message).toBe(NOTIFICATION_MESSAGES.notInTraining);
    const untouched = await presences(asCoach, event.id);
    expect(row(untouched.body, alice).statutPresence).toBeNull();

    for (const [body, message] of [
      [[], NOTIFICATION_MESSAGES.rollCallEmpty],
      [
        [
          { joueurId: alice.id, statutPresence: 'DISPONIBLE' },
          { joueurId: alice.id, statutPresence: 'INDISPONIBLE' },
        ],
        NOTIFICATION_MESSAGES.rollCallTwice,
      ],
    ] as const) {
      const bad = await roll(asCoach, [...body]);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(bad.error)).toContain(message);
    }

    // Pitch-side, once the training has started: the coach takes the whole roll in one save.
    clock.set('2099-05-04T16:10:00Z'); // 18:10 in Paris: started
    const taken = await roll(asCoach, [
      { joueurId: alice.id, statutPresence: 'DISPONIBLE' },
      { joueurId: bruno.id, statutPresence: 'INDISPONIBLE' },
    ]);
    expect(taken.status, taken.text).toBe(200);
    const list = taken.body;
    expect(row(list, alice)).toMatchObject({ statutPresence: 'DISPONIBLE', modifiable: true });
    expect(row(list, bruno)).toMatchObject({ statutPresence: 'INDISPONIBLE', modifiable: true });

    // A player no longer answers after the start, alone or in a roll call, and reads it closed.
    const asAlice = await signIn(ctx.app, alice);
    const late = await roll(asAlice, [{ joueurId: alice.id, statutPresence: 'INDISPONIBLE' }]);
    expect(late.status).toBe(409);
    expect(late.error.message).toBe(NOTIFICATION_MESSAGES.trainingStarted);
    const seen = await presences(asAlice, event.id);
    expect(row(seen.body, alice)).toMatchObject({
      statutPresence: 'DISPONIBLE',
      modifiable: false,
    });

    // The coach corrects the roll afterwards, one row at a time too.
    clock.set('2099-05-06T08:00:00Z');
    const fixed = await asCoach.send(api.events.answerPresence, {
      params: { id: event.id },
      body: { joueurId: bruno.id, statutPresence: 'DISPONIBLE' },
    });
    expect(fixed.status, fixed.text).toBe(200);
    expect(row(fixed.body, bruno).statutPresence).toBe('DISPONIBLE');
  });
});
