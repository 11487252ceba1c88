import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/client.ts';

/**
 * A logical dump of the application's tables (schema public), the same on PGlite and PostgreSQL:
 * every row as JSON, read in one REPEATABLE READ transaction (a consistent snapshot while the
 * server keeps serving), and the sequences' values. It backs up the embedded database while the
 * server runs, restores into either engine, and carries the embedded data to PostgreSQL
 * (`npm run migrate-to-postgres`). Decision "backups". The job queue (schema pgboss) is not part
 * of it: mails still queued at dump time are not carried over.
 */
export interface LogicalDump {
  format: 'club-manager-dump';
  version: 1;
  createdAt: string;
  /** Number of applied migrations: a dump restores into a database at the same schema version. */
  migrations: number;
  tables: { name: string; rows: string[] }[];
  sequences: { name: string; value: string | null }[];
}

const rowsOf = (r: unknown) => (r as { rows: Record<string, unknown>[] }).rows;
const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function publicTables(tx: Tx): Promise<string[]> {
  return rowsOf(
    await tx.execute(
      sql`select table_name as name from information_schema.tables
           where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    ),
  ).map((r) => String(r.name));
}

async function migrationCount(tx: Tx): Promise<number> {
  const rows = rowsOf(
    await tx.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
  );
  return Number(rows[0]?.n ?? 0);
}

export async function dumpDatabase(database: Database): Promise<LogicalDump> {
  return database.db.transaction(
    async (tx) => {
      await tx.execute(sql`set local timezone = 'UTC'`);
      const tables: LogicalDump['tables'] = [];
      for (const name of await publicTables(tx)) {
        const rows = rowsOf(
          await tx.execute(sql.raw(`select row_to_json(t)::text as j from ${ident(name)} t`)),
        ).map((r) => String(r.j));
        tables.push({ name, rows });
      }
      const sequences = rowsOf(
        await tx.execute(
          sql`select sequencename as name, last_value::text as value from pg_sequences
               where schemaname = 'public' order by 1`,
        ),
      ).map((r) => ({ name: String(r.name), value: r.value === null ? null : String(r.value) }));
      return {
        format: 'club-manager-dump',
        version: 1,
        createdAt: new Date().toISOString(),
        migrations: await migrationCount(tx),
        tables,
        sequences,
      } satisfies LogicalDump;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * Replaces every row of the (migrated) target database with the dump's, in one transaction. Needs
 * a superuser (or the tables' owner with session_replication_role allowed): foreign keys are not
 * checked while loading, since the dump holds a consistent snapshot.
 */
export async function restoreDatabase(database: Database, dump: LogicalDump): Promise<void> {
  if (dump.format !== 'club-manager-dump' || dump.version !== 1)
    throw new Error('Fichier de sauvegarde non reconnu.');
  await database.db.transaction(async (tx) => {
    const target = await migrationCount(tx);
    if (target !== dump.migrations)
      throw new Error(
        `La sauvegarde a été faite avec ${dump.migrations} migrations, la base cible en a ${target} : ` +
          'mettez le code à la même version avant de restaurer.',
      );
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`set local timezone = 'UTC'`);
    const names = await publicTables(tx);
    if (names.length)
      await tx.execute(sql.raw(`truncate ${names.map(ident).join(', ')} restart identity cascade`));
    for (const table of dump.tables) {
      if (!names.includes(table.name)) throw new Error(`Table inconnue : ${table.name}`);
      for (let i = 0; i < table.rows.length; i += 500) {
        const chunk = `[${table.rows.slice(i, i + 500).join(',')}]`;
        await tx.execute(
          sql`insert into ${sql.raw(ident(table.name))}
               select * from json_populate_recordset(null::${sql.raw(ident(table.name))}, ${chunk}::json)`,
        );
      }
    }
    for (const s of dump.sequences)
      if (s.value !== null) await tx.execute(sql`select setval(${s.name}, ${s.value}::bigint)`);
  });
}

export interface ClubChecksum {
  table: string;
  clubId: number;
  rows: number;
  md5: string;
}

/** Row counts and an md5 of the rows, per table and per club (tables with a club_id, and clubs). */
export async function clubChecksums(database: Database): Promise<ClubChecksum[]> {
  return database.db.transaction(
    async (tx) => {
      await tx.execute(sql`set local timezone = 'UTC'`);
      const out: ClubChecksum[] = [];
      const tables = rowsOf(
        await tx.execute(
          sql`select table_name as name, bool_or(column_name = 'club_id') as tenant
               from information_schema.columns where table_schema = 'public'
               group by table_name order by 1`,
        ),
      );
      for (const t of tables) {
        const name = String(t.name);
        const clubColumn = name === 'clubs' ? 'id' : t.tenant ? 'club_id' : null;
        if (!clubColumn) continue;
        const rows = rowsOf(
          await tx.execute(
            sql.raw(
              `select ${clubColumn} as club, count(*)::int as n,
                      md5(string_agg(row_to_json(t)::text, '|' order by row_to_json(t)::text)) as h
                 from ${ident(name)} t group by 1 order by 1`,
            ),
          ),
        );
        for (const r of rows)
          out.push({ table: name, clubId: Number(r.club), rows: Number(r.n), md5: String(r.h) });
      }
      return out;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

export function writeDumpFile(file: string, dump: LogicalDump): void {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const tmp = `${file}.partiel`;
  fs.writeFileSync(tmp, gzipSync(JSON.stringify(dump)), { mode: 0o600 });
  fs.renameSync(tmp, file);
}

export function readDumpFile(file: string): LogicalDump {
  return JSON.parse(gunzipSync(fs.readFileSync(file)).toString('utf8')) as LogicalDump;
}
