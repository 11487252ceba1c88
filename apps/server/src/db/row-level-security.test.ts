import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestDatabase } from '../test/helper.ts';
import type { Database } from './client.ts';
import { createClub, createEvent, createMember, createTeam, linkGuardian } from './factories.ts';
import { clubs, events, members, teams } from './schema.ts';
import { TENANT_ROLE, withClubScope } from './tenant-scope.ts';

/**
 * Row-level security (migration 0007, db/tenant-scope.ts), on PGlite and — with
 * TEST_DATABASE_URL — on PostgreSQL: every tenant table has RLS enabled and forced with the
 * tenant policy; acting as a club (club_app, app.club_id) a query that forgets its club filter
 * still sees that club's rows only, cannot write another club's, and an unset club fails closed.
 */
let database: Database;
let a: { id: number };
let b: { id: number };

const rows = async (q: string) =>
  (await database.db.execute(sql.raw(q))).rows as Record<string, unknown>[];

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  a = await createClub(db, { nom: 'Club RLS A' });
  b = await createClub(db, { nom: 'Club RLS B' });
  for (const club of [a, b]) {
    const team = await createTeam(db, club.id, { nom: 'Seniors' });
    const parent = await createMember(db, club.id, { role: 'PARENT', teamId: team.id });
    const child = await createMember(db, club.id, { role: 'JOUEUR', teamId: team.id });
    await linkGuardian(db, club.id, parent.id, child.id);
    await createEvent(db, club.id, { teamIds: [team.id] });
  }
});
afterAll(async () => {
  await database?.close();
});

/** The database's refusal, under drizzle's "Failed query" wrapper. */
async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    const e = err as Error & { cause?: Error };
    return `${e.message} ${e.cause?.message ?? ''}`;
  }
  return 'accepted';
}
const RLS_REFUSAL = /row-level security|sécurité niveau ligne/i;

/** Tables with a club_id column (the tenant tables), read from the catalogue: new ones included. */
async function tenantTables(): Promise<string[]> {
  return (
    await rows(`select c.table_name as t from information_schema.columns c
      join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name
      where c.table_schema = 'public' and c.column_name = 'club_id' and tb.table_type = 'BASE TABLE'
      order by 1`)
  ).map((r) => String(r.t));
}

describe('[security] row-level security on every tenant table', () => {
  it('RLS enabled and forced with the tenant policy on each; the role cannot bypass it', async () => {
    const tables = [...(await tenantTables()), 'clubs'];
    expect(tables.length).toBeGreaterThanOrEqual(12);
    for (const t of tables) {
      const [c] = await rows(
        `select relrowsecurity as on, relforcerowsecurity as forced from pg_class
         where relname = '${t}' and relnamespace = 'public'::regnamespace`,
      );
      expect(c, t).toEqual({ on: true, forced: true });
      const policies = await rows(`select policyname from pg_policies where tablename = '${t}'`);
      expect(policies.map((p) => p.policyname).sort(), t).toEqual([
        'other_roles',
        'tenant_isolation',
      ]);
    }
    const [role] = await rows(
      `select rolbypassrls as bypass, rolcanlogin as login, rolsuper as super from pg_roles where rolname = '${TENANT_ROLE}'`,
    );
    expect(role).toEqual({ bypass: false, login: false, super: false });
  });

  it('a query without its club filter sees only the scoped club’s rows, in every tenant table', async () => {
    for (const t of await tenantTables()) {
      const [all] = await rows(
        `select count(*)::int as n, count(*) filter (where club_id = ${a.id})::int as a from "${t}"`,
      );
      const seen = await withClubScope(database.db, a.id, async (tx) => {
        const r = await tx.execute(
          sql.raw(
            `select count(*)::int as n, count(*) filter (where club_id <> ${a.id})::int as other from "${t}"`,
          ),
        );
        return r.rows[0] as { n: number; other: number };
      });
      expect(seen, t).toEqual({ n: all!.a, other: 0 });
    }
    // what a teams repository would send with its club filter removed
    const unfiltered = await withClubScope(database.db, a.id, (tx) => tx.select().from(teams));
    expect(unfiltered.map((t) => t.clubId)).toEqual([a.id]);
    expect((await database.db.select().from(teams)).length).toBe(2);
    const clubsSeen = await withClubScope(database.db, b.id, (tx) => tx.select().from(clubs));
    expect(clubsSeen.map((c) => c.id)).toEqual([b.id]);
  });

  it('writes to another club’s rows do nothing or are refused', async () => {
    await withClubScope(database.db, a.id, async (tx) => {
      const updated = await tx
        .update(teams)
        .set({ nom: 'Piratée' })
        .where(eq(teams.clubId, b.id))
        .returning();
      expect(updated).toEqual([]);
      const deleted = await tx.delete(members).where(eq(members.clubId, b.id)).returning();
      expect(deleted).toEqual([]);
    });
    expect(
      await refusal(
        withClubScope(database.db, a.id, (tx) =>
          tx.insert(events).values({
            clubId: b.id,
            nom: 'Intrus',
            type: 'ENTRAINEMENT',
            dateDebut: '2027-01-01 10:00:00',
            dateFin: '2027-01-01 11:00:00',
            lieux: 'Ailleurs',
          }),
        ),
      ),
    ).toMatch(RLS_REFUSAL);
    // moving one of its own rows to another club is refused too
    expect(
      await refusal(
        withClubScope(database.db, a.id, (tx) =>
          tx.update(teams).set({ clubId: b.id }).where(eq(teams.clubId, a.id)),
        ),
      ),
    ).toMatch(RLS_REFUSAL);
    const [bTeam] = await database.db.select().from(teams).where(eq(teams.clubId, b.id));
    expect(bTeam!.nom).toBe('Seniors');
  });

  it('acting as club_app without a club fails closed', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql.raw(`set local role ${TENANT_ROLE}`));
        return tx.select().from(teams);
      }),
    ).rejects.toThrow();
    // and the role switch ends with the transaction
    const [who] = await rows('select current_user as u');
    expect(who!.u).not.toBe(TENANT_ROLE);
  });
});
