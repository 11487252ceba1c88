import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrate, migrationsFolder, openPglite, openPostgres } from '../db/client.ts';

/**
 * Test databases start from a migrated template instead of running every migration per test file
 * (decision 0055): a PGlite data directory snapshot, and a PostgreSQL `CREATE DATABASE … TEMPLATE`.
 * Both are named by a hash of the migrations, so a new migration makes a new template and a stale
 * one is never used. `ensureTemplates` runs once per test run (the server project's global setup);
 * a file run without it migrates its own database as before.
 */
export function migrationsHash(): string {
  const dir = migrationsFolder();
  const hash = crypto.createHash('sha256');
  const walk = (d: string) => {
    for (const entry of fs
      .readdirSync(d, { withFileTypes: true })
      .sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(entry.name).update(fs.readFileSync(full));
    }
  };
  walk(dir);
  return hash.digest('hex').slice(0, 16);
}

export function pgliteTemplatePath(hash = migrationsHash()): string {
  return path.join(os.tmpdir(), `club-test-pglite-${hash}.tar.gz`);
}

export function postgresTemplateName(hash = migrationsHash()): string {
  return `club_template_${hash}`;
}

/** The PGlite snapshot, or undefined when none was made for these migrations. */
export function readPgliteTemplate(): Blob | undefined {
  const file = pgliteTemplatePath();
  if (!fs.existsSync(file)) return undefined;
  return new Blob([fs.readFileSync(file)]);
}

async function ensurePgliteTemplate(hash: string): Promise<void> {
  const file = pgliteTemplatePath(hash);
  if (fs.existsSync(file)) return;
  const database = await openPglite(null);
  try {
    await migrate(database);
    const blob = await database.dumpDataDir!();
    // Written aside then renamed: a concurrent run never reads half a file.
    const partial = `${file}.${process.pid}.partial`;
    fs.writeFileSync(partial, Buffer.from(await blob.arrayBuffer()));
    fs.renameSync(partial, file);
  } finally {
    await database.close();
  }
}

/** Whether the PostgreSQL template for these migrations exists on the server of `adminUrl`. */
export async function postgresTemplateExists(adminUrl: string, name: string): Promise<boolean> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    return found.rowCount === 1;
  } finally {
    await admin.end();
  }
}

async function ensurePostgresTemplate(adminUrl: string, hash: string): Promise<void> {
  const name = postgresTemplateName(hash);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // Two runs on one server build it once: the second waits here, then finds it.
    await admin.query('select pg_advisory_lock(727276)');
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 1) return;
    const building = `${name}_building`;
    await admin.query(`drop database if exists ${building} with (force)`);
    await admin.query(`create database ${building}`);
    const url = new URL(adminUrl);
    url.pathname = `/${building}`;
    const database = openPostgres(url.toString(), 1);
    try {
      await migrate(database);
    } finally {
      await database.close();
    }
    await admin.query(`alter database ${building} rename to ${name}`);
  } finally {
    await admin.query('select pg_advisory_unlock(727276)').catch(() => {});
    await admin.end();
  }
}

export async function ensureTemplates(adminUrl = process.env.TEST_DATABASE_URL): Promise<void> {
  const hash = migrationsHash();
  if (adminUrl) await ensurePostgresTemplate(adminUrl, hash);
  else await ensurePgliteTemplate(hash);
}
