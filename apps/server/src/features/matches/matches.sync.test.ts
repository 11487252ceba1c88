import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  createClub,
  createEvent,
  createMember,
  createTeam,
  setMemberTeams,
} from '../../db/factories.ts';
import { convocations, matches } from '../../db/schema.ts';
import { createTestDatabase } from '../../test/helper.ts';
import { matchSync } from './index.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('[matches] matches from MATCH events', () => {
  it('creates the match and convokes the base team’s players (any membership), once', async () => {
    const db = database.db;
    const club = await createClub(db);
    const home = await createTeam(db, club.id);
    const away = await createTeam(db, club.id);
    const p1 = await createMember(db, club.id, { role: 'JOUEUR', teamId: home.id });
    const p2 = await createMember(db, club.id, { role: 'JOUEUR', teamId: away.id });
    await setMemberTeams(db, club.id, p2.id, [away.id, home.id]);
    await createMember(db, club.id, { role: 'ENTRAINEUR', teamId: home.id });
    await createMember(db, club.id, { role: 'JOUEUR', teamId: away.id });
    const event = await createEvent(db, club.id, { type: 'MATCH', teamIds: [home.id, away.id] });

    const sides = { homeTeamId: home.id, awayTeamId: away.id, opponentName: null };
    const first = await db.transaction((tx) =>
      matchSync.upsertForEvent(tx, club.id, event.id, sides),
    );
    expect(first.created).toBe(true);
    expect([...first.newlyConvoked].sort()).toEqual([p1.id, p2.id].sort());
    const again = await db.transaction((tx) =>
      matchSync.upsertForEvent(tx, club.id, event.id, sides),
    );
    // unchanged sides: nobody newly convoked (no second convocation mail)
    expect(again).toEqual({
      matchId: first.matchId,
      created: false,
      newlyConvoked: [],
      withdrawn: [],
    });
    const convoked = await db
      .select({ memberId: convocations.memberId })
      .from(convocations)
      .where(eq(convocations.matchId, first.matchId));
    expect(convoked.map((c) => c.memberId).sort()).toEqual([p1.id, p2.id].sort());

    await db.transaction((tx) => matchSync.removeForEvent(tx, club.id, event.id));
    expect(await db.select().from(matches).where(eq(matches.id, first.matchId))).toEqual([]);
  });
});

describe('[matches] editing a MATCH event', () => {
  it('a new base team is convoked, the former team’s unanswered rows withdrawn (answered ones kept); unchanged sides keep the version', async () => {
    const db = database.db;
    const club = await createClub(db);
    const a = await createTeam(db, club.id);
    const b = await createTeam(db, club.id);
    const pa1 = await createMember(db, club.id, { role: 'JOUEUR', teamId: a.id });
    const pa2 = await createMember(db, club.id, { role: 'JOUEUR', teamId: a.id });
    const pb = await createMember(db, club.id, { role: 'JOUEUR', teamId: b.id });
    const event = await createEvent(db, club.id, { type: 'MATCH', teamIds: [a.id] });
    const sides = { homeTeamId: a.id, awayTeamId: null, opponentName: 'FC Adverse' };
    const { matchId } = await db.transaction((tx) =>
      matchSync.upsertForEvent(tx, club.id, event.id, sides),
    );
    await db
      .update(convocations)
      .set({ statutPresence: 'DISPONIBLE' })
      .where(eq(convocations.memberId, pa1.id));
    const version = async () =>
      (await db.select().from(matches).where(eq(matches.id, matchId)))[0]!.updatedAt.getTime();
    const before = await version();
    await db.transaction((tx) => matchSync.upsertForEvent(tx, club.id, event.id, { ...sides }));
    expect(await version()).toBe(before);

    const moved = await db.transaction((tx) =>
      matchSync.upsertForEvent(tx, club.id, event.id, { ...sides, homeTeamId: b.id }),
    );
    // The withdrawn players are named for their mail (decision 0107).
    expect(moved.withdrawn).toEqual([pa2.id]);
    const convoked = await db
      .select({ memberId: convocations.memberId })
      .from(convocations)
      .where(eq(convocations.matchId, matchId));
    expect(convoked.map((c) => c.memberId).sort()).toEqual([pa1.id, pb.id].sort());
    expect(convoked.map((c) => c.memberId)).not.toContain(pa2.id);
  });
});
