import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MEMBER_RESTORE_MESSAGES, MEMBER_RESTORE_WINDOW_MINUTES, api } from '@club/contract';
import {
  createClub,
  createConvocation,
  createEvent,
  createMatch,
  createMember,
  createTeam,
  linkGuardian,
  setMemberTeams,
} from '../../db/factories.ts';
import {
  calendarFeeds,
  convocations,
  eventPresences,
  guardians,
  memberDeletions,
  members,
  teamMemberships,
} from '../../db/schema.ts';
import { JOB_SCHEMA } from '../../jobs/job-queue.ts';
import { manualClock } from '../../lib/clock.ts';
import { buildTestApp, signIn, type TestClient, type TestContext } from '../../test/helper.ts';
import { MEMBER_DELETION_PURGE_QUEUE, memberDeletion } from './members.deletion.ts';

/**
 * DELETE /api/membres/{id} deletes at once; POST /api/membres/{id}/restaurer undoes it within the
 * window with the member's teams, guardian links and answers (decision 0087).
 */
const clock = manualClock();
let ctx: TestContext;
let club: { id: number };
let seniors: { id: number };
let u17: { id: number };
let asLeader: TestClient;
let asOtherLeader: TestClient;

beforeAll(async () => {
  ctx = await buildTestApp({}, undefined, { clock });
  const db = ctx.app.db;
  club = await createClub(db);
  const other = await createClub(db);
  seniors = await createTeam(db, club.id, { nom: 'Seniors' });
  u17 = await createTeam(db, club.id, { nom: 'U17' });
  asLeader = await signIn(ctx.app, await createMember(db, club.id, { role: 'DIRIGEANT' }));
  asOtherLeader = await signIn(ctx.app, await createMember(db, other.id, { role: 'DIRIGEANT' }));
});
afterAll(async () => {
  clock.set(undefined);
  await ctx?.close();
});

/** A player of Seniors and U17 with a parent, an answered convocation, a presence and a feed. */
async function playerWithEverything() {
  const db = ctx.app.db;
  const player = await createMember(db, club.id, { role: 'JOUEUR', prenom: 'Lina' });
  await setMemberTeams(db, club.id, player.id, [seniors.id, u17.id]);
  const parent = await createMember(db, club.id, { role: 'PARENT', teamId: null });
  await linkGuardian(db, club.id, parent.id, player.id);
  const { match } = await createMatch(db, club.id, {
    homeTeamId: seniors.id,
    opponentName: 'AS Voisine',
    dateDebut: '2030-03-10 15:00:00',
    dateFin: '2030-03-10 17:00:00',
  });
  await createConvocation(db, club.id, match.id, player.id, {
    statutPresence: 'ABSENT',
    justification: 'Blessée',
    answeredAt: new Date(),
  });
  const training = await createEvent(db, club.id, {
    dateDebut: '2030-03-08 19:00:00',
    dateFin: '2030-03-08 21:00:00',
    teamIds: [seniors.id],
  });
  await db.insert(eventPresences).values({
    clubId: club.id,
    eventId: training.id,
    memberId: player.id,
    statutPresence: 'PRESENT',
  });
  await db.insert(calendarFeeds).values({
    clubId: club.id,
    memberId: player.id,
    teamId: null,
    tokenHash: `restauration-${player.id}`,
  });
  return { player, parent, match, training };
}

const rowsOf = async (memberId: number) => {
  const db = ctx.app.db;
  return {
    member: await db.select().from(members).where(eq(members.id, memberId)),
    teams: (
      await db
        .select({ teamId: teamMemberships.teamId })
        .from(teamMemberships)
        .where(eq(teamMemberships.memberId, memberId))
    )
      .map((r) => r.teamId)
      .sort(),
    parents: (await db.select().from(guardians).where(eq(guardians.childId, memberId))).map(
      (g) => g.parentId,
    ),
    convocations: await db
      .select({
        matchId: convocations.matchId,
        statutPresence: convocations.statutPresence,
        justification: convocations.justification,
      })
      .from(convocations)
      .where(eq(convocations.memberId, memberId)),
    presences: await db
      .select({ eventId: eventPresences.eventId, statutPresence: eventPresences.statutPresence })
      .from(eventPresences)
      .where(eq(eventPresences.memberId, memberId)),
    feeds: await db.select().from(calendarFeeds).where(eq(calendarFeeds.memberId, memberId)),
  };
};

describe('[members] deletion undone by a restore (decision 0087)', () => {
  it('deletes at once, then brings the member back with teams, parent, answers and feed', async () => {
    clock.set(undefined);
    const { player, parent, match, training } = await playerWithEverything();
    const before = await rowsOf(player.id);

    const del = await asLeader.send(api.members.remove, { params: { id: player.id } });
    expect(del.status, del.text).toBe(200);
    // Sent at once: nothing depends on the page staying open.
    const gone = await rowsOf(player.id);
    expect(gone.member).toEqual([]);
    expect(gone.teams).toEqual([]);
    expect(gone.parents).toEqual([]);
    expect(gone.convocations).toEqual([]);
    expect((await asLeader.send(api.members.get, { params: { id: player.id } })).status).toBe(404);

    const res = await asLeader.send(api.members.restore, { params: { id: player.id } });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ message: MEMBER_RESTORE_MESSAGES.restored });

    const back = await rowsOf(player.id);
    expect(back).toEqual(before);
    expect(back.teams).toEqual([seniors.id, u17.id].sort());
    expect(back.parents).toEqual([parent.id]);
    expect(back.convocations).toEqual([
      { matchId: match.id, statutPresence: 'ABSENT', justification: 'Blessée' },
    ]);
    expect(back.presences).toEqual([{ eventId: training.id, statutPresence: 'PRESENT' }]);
    expect(back.feeds).toHaveLength(1);
    const seen = await asLeader.send(api.members.get, { params: { id: player.id } });
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ id: player.id, prenom: 'Lina' });
    // The parent's answer lists the child again.
    const parentSeen = (await asLeader.send(api.members.get, { params: { id: parent.id } })).body;
    expect(parentSeen.enfants?.map((c) => c.id)).toEqual([player.id]);
    // Restored: the snapshot is erased at once, a second restore finds nothing.
    expect(
      await ctx.app.db
        .select()
        .from(memberDeletions)
        .where(eq(memberDeletions.memberId, player.id)),
    ).toEqual([]);
    const again = await asLeader.send(api.members.restore, { params: { id: player.id } });
    expect(again.status).toBe(404);
  });

  it('a deleted parent comes back with their children', async () => {
    const db = ctx.app.db;
    const parent = await createMember(db, club.id, { role: 'PARENT', teamId: null });
    const a = await createMember(db, club.id, { role: 'JOUEUR', teamId: u17.id });
    const b = await createMember(db, club.id, { role: 'JOUEUR', teamId: seniors.id });
    await linkGuardian(db, club.id, parent.id, a.id);
    await linkGuardian(db, club.id, parent.id, b.id);
    expect((await asLeader.send(api.members.remove, { params: { id: parent.id } })).status).toBe(
      200,
    );
    expect((await asLeader.send(api.members.restore, { params: { id: parent.id } })).status).toBe(
      200,
    );
    const children = await db.select().from(guardians).where(eq(guardians.parentId, parent.id));
    expect(children.map((g) => g.childId).sort()).toEqual([a.id, b.id].sort());
  });

  it('links to what disappeared meanwhile are left out (a child deleted in between)', async () => {
    const db = ctx.app.db;
    const parent = await createMember(db, club.id, { role: 'PARENT', teamId: null });
    const child = await createMember(db, club.id, { role: 'JOUEUR', teamId: u17.id });
    await linkGuardian(db, club.id, parent.id, child.id);
    expect((await asLeader.send(api.members.remove, { params: { id: parent.id } })).status).toBe(
      200,
    );
    expect((await asLeader.send(api.members.remove, { params: { id: child.id } })).status).toBe(
      200,
    );
    const res = await asLeader.send(api.members.restore, { params: { id: parent.id } });
    expect(res.status, res.text).toBe(200);
    expect(await db.select().from(members).where(eq(members.id, parent.id))).toHaveLength(1);
    expect(await db.select().from(guardians).where(eq(guardians.parentId, parent.id))).toEqual([]);
  });

  it('after the window: 404 with the French message, and the member stays deleted', async () => {
    const player = await createMember(ctx.app.db, club.id, { role: 'JOUEUR', teamId: seniors.id });
    clock.set(new Date());
    expect((await asLeader.send(api.members.remove, { params: { id: player.id } })).status).toBe(
      200,
    );
    clock.set(new Date(Date.now() + MEMBER_RESTORE_WINDOW_MINUTES * 60_000 + 1000));
    const res = await asLeader.send(api.members.restore, { params: { id: player.id } });
    clock.set(undefined);
    expect(res.status).toBe(404);
    expect(res.error.message).toBe(MEMBER_RESTORE_MESSAGES.expired);
    expect(await ctx.app.db.select().from(members).where(eq(members.id, player.id))).toEqual([]);
  });

  it('the e-mail now used by another account: 409 with the French message, nothing restored', async () => {
    const db = ctx.app.db;
    const player = await createMember(db, club.id, {
      role: 'JOUEUR',
      teamId: seniors.id,
      email: 'reprise@example.org',
    });
    expect((await asLeader.send(api.members.remove, { params: { id: player.id } })).status).toBe(
      200,
    );
    // Another club's new member takes the address (e-mails are unique across clubs).
    const other = await createClub(db);
    await createMember(db, other.id, { email: 'Reprise@example.org' });
    const res = await asLeader.send(api.members.restore, { params: { id: player.id } });
    expect(res.status).toBe(409);
    expect(res.error.message).toBe(MEMBER_RESTORE_MESSAGES.emailTaken);
    expect(await db.select().from(members).where(eq(members.id, player.id))).toEqual([]);
    // The snapshot stays for the rest of the window (the address may be freed).
    expect(
      await db.select().from(memberDeletions).where(eq(memberDeletions.memberId, player.id)),
    ).toHaveLength(1);
  });

  it('another club’s leader cannot restore (404), nor can a never-deleted id', async () => {
    const player = await createMember(ctx.app.db, club.id, { role: 'JOUEUR', teamId: seniors.id });
    expect((await asLeader.send(api.members.remove, { params: { id: player.id } })).status).toBe(
      200,
    );
    expect(
      (await asOtherLeader.send(api.members.restore, { params: { id: player.id } })).status,
    ).toBe(404);
    expect((await asLeader.send(api.members.restore, { params: { id: 2000000000 } })).status).toBe(
      404,
    );
    expect((await asLeader.send(api.members.restore, { params: { id: player.id } })).status).toBe(
      200,
    );
  });

  it('the deletion queues the snapshot’s erasure for the window’s end; a refused one keeps nothing', async () => {
    const db = ctx.app.db;
    const player = await createMember(db, club.id, { role: 'JOUEUR', teamId: seniors.id });
    expect((await asLeader.send(api.members.remove, { params: { id: player.id } })).status).toBe(
      200,
    );
    const [snap] = await db
      .select()
      .from(memberDeletions)
      .where(and(eq(memberDeletions.clubId, club.id), eq(memberDeletions.memberId, player.id)));
    expect(snap).toBeDefined();
    const windowMs = MEMBER_RESTORE_WINDOW_MINUTES * 60_000;
    expect(Math.abs(snap!.expiresAt.getTime() - snap!.createdAt.getTime() - windowMs)).toBeLessThan(
      5_000,
    );
    const jobs = await ctx.app.database.executeSql(
      `select data, extract(epoch from (start_after - created_on)) as delay
         from ${JOB_SCHEMA}.job where name = $1`,
      [MEMBER_DELETION_PURGE_QUEUE],
    );
    const job = (jobs.rows as { data: { deletionId: number }; delay: number | string }[]).find(
      (j) => j.data.deletionId === snap!.id,
    );
    expect(job).toBeDefined();
    expect(Number(job!.delay)).toBeGreaterThanOrEqual(windowMs / 1000);
    // What the job does when due: the snapshot is erased, the member can no longer come back.
    expect(await memberDeletion.erase(db, snap!.id)).toBe(1);
    expect((await asLeader.send(api.members.restore, { params: { id: player.id } })).status).toBe(
      404,
    );

    // A refused deletion (one's own row goes through DELETE /api/compte) keeps no snapshot.
    const lone = await createClub(db);
    const boss = await createMember(db, lone.id, { role: 'DIRIGEANT' });
    const asBoss = await signIn(ctx.app, boss);
    expect((await asBoss.send(api.members.remove, { params: { id: boss.id } })).status).toBe(403);
    expect(
      await db.select().from(memberDeletions).where(eq(memberDeletions.clubId, lone.id)),
    ).toEqual([]);
  });
});
