import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../scripts/seed-demo.ts';
import { EXTENSIONS, migrate, migrationsFolder, openPglite, type Database } from './client.ts';

/**
 * Migration 0019 (docs/decisions/0111, 0112) on the demo club: applied to a database that holds
 * the demo data of migration 0018, no row is lost and every member keeps their e-mail, role, club
 * role, teams and password; afterwards an e-mail may repeat in another club and a child may have
 * none.
 */
let database: Database;
let before: Snapshot;
const LAST_BEFORE = 18;

type Snapshot = { counts: Record<string, number>; members: unknown[]; memberships: unknown[] };

async function snapshot(db: Database['db']): Promise<Snapshot> {
  const tables = (
    (await db.execute(
      sql`select table_name as t from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    )) as unknown as { rows: { t: string }[] }
  ).rows.map((r) => r.t);
  const counts: Record<string, number> = {};
  for (const t of tables) {
    const r = (await db.execute(sql.raw(`select count(*)::int as n from "${t}"`))) as unknown as {
      rows: { n: number }[];
    };
    counts[t] = r.rows[0]!.n;
  }
  const rows = async (q: string) =>
    ((await db.execute(sql.raw(q))) as unknown as { rows: unknown[] }).rows;
  return {
    counts,
    members: await rows(
      `select id, club_id, email::text, role, club_role, password_hash, team_id from members order by id`,
    ),
    memberships: await rows(
      `select club_id, member_id, team_id, role from team_memberships order by 1, 2, 3`,
    ),
  };
}

beforeAll(async () => {
  // The committed migrations up to 0018, in a folder of their own.
  const source = migrationsFolder();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-0018-'));
  fs.mkdirSync(path.join(dir, 'meta'));
  const journal = JSON.parse(fs.readFileSync(path.join(source, 'meta', '_journal.json'), 'utf8'));
  journal.entries = journal.entries.filter((e: { idx: number }) => e.idx <= LAST_BEFORE);
  fs.writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify(journal));
  for (const e of journal.entries as { tag: string }[])
    fs.copyFileSync(path.join(source, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  database = await openPglite(null);
  for (const ext of EXTENSIONS)
    await database.db.execute(sql.raw(`create extension if not exists ${ext}`));
  await migratePglite(database.db as never, { migrationsFolder: dir });
  await seedDemo(database.db, { today: new Date(2026, 10, 22) });
  before = await snapshot(database.db);
  await migrate(database);
}, 120_000);
afterAll(async () => {
  await database?.close();
});

describe('[db] migration 0019 on the demo club', () => {
  it('loses no row; every member keeps e-mail, roles, teams and password', async () => {
    expect(before.members.length).toBeGreaterThan(50);
    const after = await snapshot(database.db);
    // The tables that existed before keep every row; those of later migrations start empty.
    const kept = Object.fromEntries(Object.keys(before.counts).map((t) => [t, after.counts[t]]));
    expect(kept).toEqual(before.counts);
    const added = Object.keys(after.counts).filter((t) => !(t in before.counts));
    expect(added.map((t) => [t, after.counts[t]])).toEqual(added.map((t) => [t, 0]));
    expect(after.members).toEqual(before.members);
    expect(after.memberships).toEqual(before.memberships);
  });

  it('afterwards, an e-mail is unique in a club only, and a child may have none', async () => {
    const db = database.db;
    const [{ club_id: clubId, email }] = (
      (await db.execute(
        sql`select club_id, email::text as email from members where email is not null limit 1`,
      )) as unknown as { rows: { club_id: number; email: string }[] }
    ).rows as [{ club_id: number; email: string }];
    const other = (
      (await db.execute(
        sql`insert into clubs (nom, sport_id) select 'Autre club migration', id from sports limit 1 returning id`,
      )) as unknown as { rows: { id: number }[] }
    ).rows[0]!.id;
    const insert = (club: number, mail: string | null) =>
      db.execute(
        sql`insert into members (club_id, nom, prenom, email, role) values (${club}, 'X', 'Y', ${mail}, 'JOUEUR')`,
      );
    await insert(other, email.toUpperCase());
    await expect(insert(clubId, email.toUpperCase())).rejects.toThrow();
    await insert(clubId, null);
    await insert(clubId, null);
  });
});
