/**
 * `npm run backup` of the embedded database while the built server runs (and has just
 * written), `npm run restore` into another data directory, and `npm run migrate-to-postgres`
 * (PostgreSQL pass): equal per-club row counts and checksums each time. About 2 minutes on a busy
 * 2-core machine (three processes open the embedded database in turn): run on demand with
 * `npm run faults` (FAULTS=1); `npm test` runs the in-process restore drill (restore-drill.test.ts).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, urlOf } from '@club/contract';
import { clubChecksums, type ClubChecksum } from '../backup/logical.ts';
import { openDatabase } from '../db/client.ts';
import { createClub, createMember, createTeam, DEFAULT_TEST_PASSWORD } from '../db/factories.ts';
import {
  cleanupProcesses,
  ensureServerBuilt,
  freePort,
  repoRoot,
  signInHttp,
  spawnNode,
  tmpDir,
  waitHealthy,
} from '../test/built-server.ts';

const ADMIN_URL = process.env.TEST_DATABASE_URL;
const tsx = path.join(repoRoot, 'node_modules/.bin/tsx');
const script = path.join(repoRoot, 'apps/server/src/scripts/backup.ts');

function runScript(args: string[], env: Record<string, string>) {
  const res = spawnSync(tsx, [script, ...args], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, ...env },
    encoding: 'utf8',
  });
  return { status: res.status, output: `${res.stdout}${res.stderr}` };
}

async function checksumsOf(opts: { dataDir?: string; databaseUrl?: string }) {
  const database = await openDatabase({
    dataDir: opts.dataDir ?? null,
    databaseUrl: opts.databaseUrl,
  });
  try {
    return await clubChecksums(database);
  } finally {
    await database.close();
  }
}

let sourceDir: string;
let leaderEmail: string;
let clubId: number;
beforeAll(async () => {
  if (process.env.FAULTS !== '1') return;
  ensureServerBuilt();
  sourceDir = tmpDir();
  const database = await openDatabase({ dataDir: sourceDir });
  for (const nom of ['Club sauvegardé', 'Autre club']) {
    const club = await createClub(database.db, { nom });
    const team = await createTeam(database.db, club.id, { nom: `Équipe de ${nom}` });
    const leader = await createMember(database.db, club.id, { role: 'DIRIGEANT' });
    for (let i = 0; i < 4; i++) await createMember(database.db, club.id, { teamId: team.id });
    if (nom === 'Club sauvegardé') {
      leaderEmail = leader.email;
      clubId = club.id;
    }
  }
  await database.close();
}, 120_000);
afterAll(cleanupProcesses);

describe.skipIf(process.env.FAULTS !== '1')(
  '[defects] backups of the embedded database',
  { timeout: 180_000 },
  () => {
    let expected: ClubChecksum[];
    let file: string;

    it('npm run backup while the server runs, then npm run restore: equal checksums', async () => {
      const server = spawnNode({ DATA_DIR: sourceDir, PORT: String(await freePort()) });
      await waitHealthy(server);
      const session = await signInHttp(server.url, leaderEmail, DEFAULT_TEST_PASSWORD);
      const created = await session.send(api.members.create, {
        body: {
          nom: 'Sauvegarde',
          prenom: 'Vive',
          dateDeNaissance: '2001-02-03',
          genre: 'Femme',
          numeroTelephone: '06 12 34 56 78',
          email: 'sauvegarde.vive@example.org',
          role: 'JOUEUR',
          clubId,
        },
      });
      expect(created.status).toBe(201);

      file = path.join(tmpDir(), 'sauvegarde.json.gz');
      const backup = runScript(['backup', file], { DATA_DIR: sourceDir });
      expect(backup.status, backup.output).toBe(0);
      expect(backup.output).toContain(`Serveur en marche (pid ${server.child.pid})`);
      expect(fs.statSync(file).mode & 0o077).toBe(0);
      // The server kept serving.
      expect((await fetch(server.url + urlOf(api.publicSite.health))).status).toBe(200);
      expect(await server.stop()).toBe(0);
      expected = await checksumsOf({ dataDir: sourceDir });
      expect(expected.find((c) => c.table === 'members' && c.clubId === clubId)?.rows).toBe(6);

      const restoredDir = tmpDir();
      const restore = runScript(['restore', file], { DATA_DIR: restoredDir });
      expect(restore.status, restore.output).toBe(0);
      expect(await checksumsOf({ dataDir: restoredDir })).toEqual(expected);
    });

    it.skipIf(!ADMIN_URL)(
      'npm run migrate-to-postgres, then backup and restore on PostgreSQL: equal checksums',
      async () => {
        const name = `club_migr_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
        const admin = new pg.Client({ connectionString: ADMIN_URL });
        await admin.connect();
        await admin.query(`create database ${name}`);
        try {
          const url = new URL(ADMIN_URL!);
          url.pathname = `/${name}`;
          const res = runScript(['migrate-to-postgres'], {
            DATA_DIR: sourceDir,
            DATABASE_URL: url.toString(),
          });
          expect(res.status, res.output).toBe(0);
          expect(res.output).toContain('Données copiées dans PostgreSQL : 2 club(s)');
          expect(await checksumsOf({ databaseUrl: url.toString() })).toEqual(expected);

          // On PostgreSQL: npm run backup (pg_dump) then npm run restore (pg_restore) into another
          // database gives the same checksums.
          const dumpFile = path.join(tmpDir(), 'club.pgdump');
          const backup = runScript(['backup', dumpFile], { DATABASE_URL: url.toString() });
          expect(backup.status, backup.output).toBe(0);
          await admin.query(`create database ${name}_r`);
          const restoredUrl = new URL(url);
          restoredUrl.pathname = `/${name}_r`;
          const restore = runScript(['restore', dumpFile], {
            DATABASE_URL: restoredUrl.toString(),
          });
          expect(restore.status, restore.output).toBe(0);
          expect(await checksumsOf({ databaseUrl: restoredUrl.toString() })).toEqual(expected);
        } finally {
          await admin.query(`drop database if exists ${name}_r with (force)`);
          await admin.query(`drop database if exists ${name} with (force)`);
          await admin.end();
        }
      },
    );
  },
);
