import { count, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_TYPES, MEMBER_STATUSES, ROLES } from '@club/contract';
import { createTestDatabase } from '../test/helper.ts';
import {
  clubs,
  convocations,
  events,
  guardians,
  matches,
  members,
  teamMemberships,
  teams,
} from '../db/schema.ts';
import { createPasswordHasher } from '../lib/password-hash.ts';
import { DEMO_CLUB, DEMO_PASSWORD, seedDemo } from './seed-demo.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const today = new Date(2026, 10, 22);

async function totals(clubId: number) {
  const db = database.db;
  const n = async (
    table: typeof teams | typeof members | typeof events | typeof matches | typeof convocations,
  ) => (await db.select({ n: count() }).from(table).where(eq(table.clubId, clubId)))[0]!.n;
  return {
    teams: await n(teams),
    members: await n(members),
    events: await n(events),
    matches: await n(matches),
    convocations: await n(convocations),
  };
}

describe('[foundation] npm run seed:demo', () => {
  let clubId: number;

  it('creates a realistic club: teams of several categories and divisions, every role and status', async () => {
    const outcome = await seedDemo(database.db, { today });
    expect(outcome.created).toBe(true);
    clubId = outcome.clubId;
    const db = database.db;

    const teamRows = await db.select().from(teams).where(eq(teams.clubId, clubId));
    expect(teamRows.length).toBeGreaterThanOrEqual(4);
    expect(new Set(teamRows.map((t) => t.categorie)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(teamRows.map((t) => t.division)).size).toBeGreaterThanOrEqual(3);

    const memberRows = await db.select().from(members).where(eq(members.clubId, clubId));
    expect(memberRows.length).toBeGreaterThanOrEqual(55);
    expect(memberRows.length).toBeLessThanOrEqual(70);
    expect(new Set(memberRows.map((m) => m.role))).toEqual(new Set(ROLES));
    expect(new Set(memberRows.map((m) => m.statut))).toEqual(new Set(MEMBER_STATUSES));
    // Some members are invited and not activated yet.
    expect(memberRows.some((m) => m.passwordHash === null)).toBe(true);

    const types = await db
      .selectDistinct({ type: events.type })
      .from(events)
      .where(eq(events.clubId, clubId));
    expect(new Set(types.map((t) => t.type))).toEqual(
      new Set(EVENT_TYPES.filter((t) => t !== 'AUTRE')),
    );

    // Past matches carry scores, future ones do not; one match is cancelled.
    const matchRows = await db
      .select({ debut: events.dateDebut, dom: matches.scoreDomicile, cancelled: matches.cancelled })
      .from(matches)
      .innerJoin(events, eq(events.id, matches.eventId))
      .where(eq(matches.clubId, clubId));
    const past = matchRows.filter((m) => m.debut < '2026-11-21' && !m.cancelled);
    const future = matchRows.filter((m) => m.debut > '2026-11-23');
    expect(past.length).toBeGreaterThan(5);
    expect(past.every((m) => m.dom !== null)).toBe(true);
    expect(future.length).toBeGreaterThan(5);
    expect(future.every((m) => m.dom === null)).toBe(true);
    expect(matchRows.some((m) => m.cancelled)).toBe(true);

    const answers = await db
      .select({ statut: convocations.statutPresence, n: count() })
      .from(convocations)
      .where(eq(convocations.clubId, clubId))
      .groupBy(convocations.statutPresence);
    const byStatus = Object.fromEntries(answers.map((a) => [String(a.statut), a.n]));
    expect(byStatus.DISPONIBLE).toBeGreaterThan(0);
    expect(byStatus.INDISPONIBLE).toBeGreaterThan(0);
    expect(byStatus.null).toBeGreaterThan(0);
    const justified = await db
      .select({ n: count() })
      .from(convocations)
      .where(
        sql`${convocations.statutPresence} = 'INDISPONIBLE' and ${isNotNull(convocations.justification)}`,
      );
    expect(justified[0]!.n).toBe(byStatus.INDISPONIBLE);

    // Several teams per member, and parents linked to children of different teams.
    const memberships = await db
      .select({ memberId: teamMemberships.memberId, n: count() })
      .from(teamMemberships)
      .where(eq(teamMemberships.clubId, clubId))
      .groupBy(teamMemberships.memberId);
    const multi = memberships.filter((m) => m.n > 1).map((m) => m.memberId);
    const roleOf = (id: number) => memberRows.find((m) => m.id === id)!.role;
    expect(multi.map(roleOf).sort()).toEqual(['ENTRAINEUR', 'JOUEUR']);
    const links = await db
      .select({ parentId: guardians.parentId, childId: guardians.childId, teamId: members.teamId })
      .from(guardians)
      .innerJoin(members, eq(members.id, guardians.childId))
      .where(eq(guardians.clubId, clubId));
    const parentAccount = memberRows.find((m) => m.email === outcome.accounts[4]!.email)!;
    const childTeams = links.filter((l) => l.parentId === parentAccount.id).map((l) => l.teamId);
    expect(childTeams).toHaveLength(2);
    expect(new Set(childTeams).size).toBe(2);

    // One account per role is printed, and its password works.
    expect(outcome.accounts.map((a) => a.role)).toEqual(ROLES);
    const leader = memberRows.find((m) => m.email === outcome.accounts[0]!.email)!;
    expect(leader.role).toBe('DIRIGEANT');
    expect(await createPasswordHasher().verify(leader.passwordHash, DEMO_PASSWORD)).toBe(true);
  });

  it('running it again changes nothing and prints the same accounts', async () => {
    const before = await totals(clubId);
    const first = (await seedDemo(database.db, { today })).accounts;
    const again = await seedDemo(database.db, { today });
    expect(again.created).toBe(false);
    expect(again.clubId).toBe(clubId);
    expect(await totals(clubId)).toEqual(before);
    expect(again.accounts).toEqual(first);
  });

  it('--reset rebuilds the club from scratch, with the same figures', async () => {
    const before = await totals(clubId);
    const rebuilt = await seedDemo(database.db, { today, reset: true });
    expect(rebuilt.created).toBe(true);
    expect(rebuilt.clubId).not.toBe(clubId);
    expect(await totals(rebuilt.clubId)).toEqual(before);
    expect(await totals(clubId)).toEqual({
      teams: 0,
      members: 0,
      events: 0,
      matches: 0,
      convocations: 0,
    });
    const [club] = await database.db
      .select({ n: count() })
      .from(clubs)
      .where(eq(clubs.nom, DEMO_CLUB));
    expect(club!.n).toBe(1);
  });
});
