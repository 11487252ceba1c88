import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { openPglite, migrate, type Database } from './client.ts';
import { createUpkeep, runUpkeep, tablesDue } from './upkeep.ts';

/** The embedded database has no autovacuum (docs/decisions/0096-home-cache-and-embedded-database-upkeep.md). */
const silent = { info() {}, warn() {} } as unknown as FastifyBaseLogger;

describe('upkeep of the embedded database', () => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  const stats = async (table: string) => {
    await database!.db.execute(sql`select pg_stat_force_next_flush()`);
    const r = await database!.db.execute(sql`
      select s.n_mod_since_analyze::int as changed, s.n_dead_tup::int as dead, c.reltuples::int as tuples
      from pg_stat_user_tables s join pg_class c on c.oid = s.relid
      where s.schemaname = 'public' and s.relname = ${table}`);
    return (r as unknown as { rows: { changed: number; dead: number; tuples: number }[] }).rows[0]!;
  };

  it('analyses a table past the threshold, which PGlite never does by itself', async () => {
    database = await openPglite(null);
    await database.db.execute(sql`create table upkeep_probe (id int primary key, v int)`);
    await database.db.execute(
      sql`insert into upkeep_probe select g, g % 7 from generate_series(1, 2000) g`,
    );
    // Never analysed: the planner has no row count for the table.
    expect(await stats('upkeep_probe')).toMatchObject({ changed: 2000, tuples: -1 });
    expect(await tablesDue(database.db)).toContainEqual({
      table: 'public.upkeep_probe',
      analyze: true,
      vacuum: false,
    });

    await runUpkeep(database);
    expect(await stats('upkeep_probe')).toMatchObject({ changed: 0, tuples: 2000 });
    expect((await tablesDue(database.db)).map((t) => t.table)).not.toContain('public.upkeep_probe');

    // 49 changes on 2,000 rows: under 50 + 10 %, left alone, as autovacuum would.
    await database.db.execute(sql`update upkeep_probe set v = v + 1 where id <= 49`);
    expect((await tablesDue(database.db)).map((t) => t.table)).not.toContain('public.upkeep_probe');

    // Dead rows past 50 + 20 %: vacuumed (and analysed).
    await database.db.execute(sql`delete from upkeep_probe where id <= 1000`);
    expect(await tablesDue(database.db)).toContainEqual({
      table: 'public.upkeep_probe',
      analyze: true,
      vacuum: true,
    });
    await runUpkeep(database);
    expect(await stats('upkeep_probe')).toMatchObject({ changed: 0, dead: 0, tuples: 1000 });
  });

  it('gives the migrated schema statistics at start, then keeps to its schedule', async () => {
    database = await openPglite(null);
    await migrate(database);
    await database.db.execute(
      sql`insert into clubs (nom) select 'Club ' || g from generate_series(1, 300) g`,
    );
    const upkeep = createUpkeep({ database, log: silent, intervalMs: 60_000 });
    upkeep.start();
    await upkeep.stop();
    expect(await stats('clubs')).toMatchObject({ changed: 0, tuples: 300 });
  });

  it('does nothing on PostgreSQL, whose autovacuum does it', async () => {
    let ran = false;
    const fake = {
      kind: 'postgres' as const,
      db: {
        execute: () => {
          ran = true;
          return Promise.resolve({ rows: [] });
        },
      } as unknown as Database['db'],
    };
    const upkeep = createUpkeep({ database: fake, log: silent });
    upkeep.start();
    await upkeep.stop();
    expect(ran).toBe(false);
  });
});
