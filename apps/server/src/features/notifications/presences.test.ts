import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, MATCH_MESSAGES, NOTIFICATION_MESSAGES, type TEventPresence } from '@club/contract';
import {
  createClub,
  createEvent,
  createMember,
  createTeam,
  linkGuardian,
} from '../../db/factories.ts';
import { buildTestApp, signIn, type TestContext } from '../../test/helper.ts';
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

describe('[presences] training attendance', { timeout: 60_000 }, () => {
  it('lists the players of the training’s teams; "présent par défaut" counts the unanswered present', async () => {
    const event = await createEvent(ctx.app.db, club.id, {
      ...future,
      teamIds: [seniors.id, juniors.id],
    });
    const res = await (await signIn(ctx.app, boss)).get(`/api/evenements/${event.id}/presences`);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json<TEventPresence[]>();
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
    const put = await asJunior.put(`/api/evenements/${event.id}/presence`, {
      joueurId: junior.id,
      statutPresence: 'INDISPONIBLE',
      justification: 'Examen',
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(row(put.json(), junior)).toMatchObject({
      statutPresence: 'INDISPONIBLE',
      justification: 'Examen',
      parDefaut: false,
    });
    const seenByAlice = (
      await (await signIn(ctx.app, alice)).get(`/api/evenements/${event.id}/presences`)
    ).json<TEventPresence[]>();
    // Another family reads whether the junior comes, nothing else (decision 0106).
    expect(row(seenByAlice, junior)).toEqual({
      joueur: { id: junior.id, nom: junior.nom, prenom: junior.prenom },
      statutPresence: null,
      modifiable: false,
    });
    expect(row(seenByAlice, alice).modifiable).toBe(true);
    // Cleared: back to present by default.
    const cleared = await asJunior.put(`/api/evenements/${event.id}/presence`, {
      joueurId: junior.id,
      statutPresence: null,
    });
    expect(row(cleared.json(), junior)).toMatchObject({
      statutPresence: 'DISPONIBLE',
      parDefaut: true,
    });
  });

  it('who may answer: the player (ACTIF), a guardian, the team’s coach; not another team’s coach nor another player', async () => {
    const event = await createEvent(ctx.app.db, club.id, {
      ...future,
      teamIds: [seniors.id, juniors.id],
    });
    const url = `/api/evenements/${event.id}/presence`;
    const asParent = await signIn(ctx.app, parent);
    expect(
      (await asParent.put(url, { joueurId: junior.id, statutPresence: 'DISPONIBLE' })).statusCode,
    ).toBe(200);
    const notActive = await asParent.put(url, { joueurId: hurt.id, statutPresence: 'DISPONIBLE' });
    expect(notActive.statusCode).toBe(403);
    expect(notActive.json().message).toBe(
      `Le statut de Hugo H n'est pas ACTIF : seul l'entraîneur peut répondre pour ce joueur.`,
    );
    expect(
      (
        await (
          await signIn(ctx.app, coachJuniors)
        ).put(url, { joueurId: hurt.id, statutPresence: 'INDISPONIBLE' })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await (
          await signIn(ctx.app, coach)
        ).put(url, { joueurId: junior.id, statutPresence: 'INDISPONIBLE' })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await (
          await signIn(ctx.app, alice)
        ).put(url, { joueurId: bruno.id, statutPresence: 'DISPONIBLE' })
      ).statusCode,
    ).toBe(403);
    const asHurt = await signIn(ctx.app, hurt);
    const own = await asHurt.put(url, { joueurId: hurt.id, statutPresence: 'DISPONIBLE' });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(MATCH_MESSAGES.notActive);
    const stranger = await (
      await signIn(ctx.app, coach)
    ).put(url, {
      joueurId: parent.id,
      statutPresence: 'DISPONIBLE',
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().message).toBe(NOTIFICATION_MESSAGES.notInTraining);
  });

  it('refuses other event types (400), an answer after the start (409) and bad bodies (400)', async () => {
    const asBoss = await signIn(ctx.app, boss);
    const meeting = await createEvent(ctx.app.db, club.id, { ...future, type: 'REUNION' });
    const wrong = await asBoss.get(`/api/evenements/${meeting.id}/presences`);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(NOTIFICATION_MESSAGES.notTraining);

    const event = await createEvent(ctx.app.db, club.id, { ...future, teamIds: [seniors.id] });
    clock.set('2099-05-04T17:00:00Z'); // 19:00 in Paris: started
    const late = await (
      await signIn(ctx.app, alice)
    ).put(`/api/evenements/${event.id}/presence`, {
      joueurId: alice.id,
      statutPresence: 'DISPONIBLE',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(NOTIFICATION_MESSAGES.trainingStarted);
    clock.set(undefined);

    for (const body of [
      { joueurId: alice.id, statutPresence: 'PEUT-ETRE' },
      { joueurId: 'x', statutPresence: 'DISPONIBLE' },
      { joueurId: alice.id, statutPresence: 'DISPONIBLE', extra: 1 },
    ]) {
      const res = await asBoss.put(`/api/evenements/${event.id}/presence`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await asBoss.get('/api/evenements/999999/presences')).statusCode).toBe(404);
  });

  it('the roll call (decision 0101): several rows in one save, all or none; after the start only the staff answer', async () => {
    const event = await createEvent(ctx.app.db, club.id, { ...future, teamIds: [seniors.id] });
    const asCoach = await signIn(ctx.app, coach);
    const roll = (client: typeof asCoach, presences: unknown[]) =>
      client.call(api.events.rollCall, {
        params: { id: event.id },
        body: { presences } as never,
      });

    // One row the coach may not answer (a junior, not in this training): nothing is written.
    const mixed = await roll(asCoach, [
      { joueurId: alice.id, statutPresence: 'DISPONIBLE' },
      { joueurId: junior.id, statutPresence: 'DISPONIBLE' },
    ]);
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().message).toBe(NOTIFICATION_MESSAGES.notInTraining);
    const untouched = await asCoach.call(api.events.presences, { params: { id: event.id } });
    expect(row(untouched.json(), alice).statutPresence).toBeNull();

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
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(bad.json())).toContain(message);
    }

    // Pitch-side, once the training has started: the coach takes the whole roll in one save.
    clock.set('2099-05-04T16:10:00Z'); // 18:10 in Paris: started
    const taken = await roll(asCoach, [
      { joueurId: alice.id, statutPresence: 'DISPONIBLE' },
      { joueurId: bruno.id, statutPresence: 'INDISPONIBLE' },
    ]);
    expect(taken.statusCode, taken.body).toBe(200);
    const list = taken.json();
    expect(row(list, alice)).toMatchObject({ statutPresence: 'DISPONIBLE', modifiable: true });
    expect(row(list, bruno)).toMatchObject({ statutPresence: 'INDISPONIBLE', modifiable: true });

    // A player no longer answers after the start, alone or in a roll call, and reads it closed.
    const asAlice = await signIn(ctx.app, alice);
    const late = await roll(asAlice, [{ joueurId: alice.id, statutPresence: 'INDISPONIBLE' }]);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(NOTIFICATION_MESSAGES.trainingStarted);
    const seen = await asAlice.call(api.events.presences, { params: { id: event.id } });
    expect(row(seen.json(), alice)).toMatchObject({
      statutPresence: 'DISPONIBLE',
      modifiable: false,
    });

    // The coach corrects the roll afterwards, one row at a time too.
    clock.set('2099-05-06T08:00:00Z');
    const fixed = await asCoach.call(api.events.answerPresence, {
      params: { id: event.id },
      body: { joueurId: bruno.id, statutPresence: 'DISPONIBLE' },
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(row(fixed.json(), bruno).statutPresence).toBe('DISPONIBLE');
  });
});
