/**
 * `npm run backup [-- fichier]`, `npm run restore -- fichier`, `npm run migrate-to-postgres [-- fichier]`
 * (decision 0027), with the server's configuration (DATA_DIR or DATABASE_URL):
 * - PostgreSQL (DATABASE_URL): pg_dump -Fc / pg_restore --clean;
 * - embedded database: a logical dump (backup/logical.ts). While the server runs it is asked for
 *   the dump (SIGUSR2; PGlite is single-process); stopped, the database is opened here. A restore
 *   needs the server stopped.
 * - migrate-to-postgres: the embedded database (or an embedded backup file) loaded into the
 *   PostgreSQL of DATABASE_URL (migrated first), then per-club checksums compared.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {
  clubChecksums,
  dumpDatabase,
  readDumpFile,
  restoreDatabase,
  writeDumpFile,
} from '../backup/logical.ts';
import { BACKUP_REQUEST, BACKUP_RESULT } from '../backup/on-signal.ts';
import { lockOwner, openDatabase } from '../db/client.ts';

const base = process.env.INIT_CWD ?? process.cwd();
const dataDir = path.resolve(base, process.env.DATA_DIR?.trim() || './data');
const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function stamp(): string {
  return new Date().toISOString().replace(/[:]/g, '-').replace(/\..*/, '');
}

/** pg_dump / pg_restore from PATH, else from the newest /usr/lib/postgresql/N/bin. */
function pgTool(name: string): string {
  if (spawnSync(name, ['--version']).status === 0) return name;
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => +b - +a) : [];
  for (const v of versions) {
    const p = path.join(root, v, 'bin', name);
    if (fs.existsSync(p)) return p;
  }
  fail(`${name} introuvable : installez les outils clients de PostgreSQL.`);
}

function run(tool: string, args: string[]) {
  const res = spawnSync(pgTool(tool), args, { stdio: 'inherit' });
  if (res.status !== 0) fail(`${tool} a échoué (code ${res.status}).`);
}

/**
 * The pid of the server holding the embedded database, or null when it is not running (a pid
 * reused by another process since is not it: the lock records the start time too).
 */
function runningServer(): number | null {
  return lockOwner(path.join(dataDir, 'pglite'));
}

async function backupEmbedded(file: string) {
  const pid = runningServer();
  if (pid === null) {
    const database = await openDatabase({ dataDir });
    try {
      writeDumpFile(file, await dumpDatabase(database));
    } finally {
      await database.close();
    }
    return;
  }
  console.log(`Serveur en marche (pid ${pid}) : il écrit la sauvegarde lui-même…`);
  const result = path.join(dataDir, BACKUP_RESULT);
  fs.rmSync(result, { force: true });
  fs.writeFileSync(path.join(dataDir, BACKUP_REQUEST), JSON.stringify({ file }));
  process.kill(pid, 'SIGUSR2');
  const deadline = Date.now() + 120_000;
  while (!fs.existsSync(result)) {
    if (Date.now() > deadline) fail('Le serveur n’a pas répondu en 2 minutes.');
    await new Promise((r) => setTimeout(r, 100));
  }
  const answer = JSON.parse(fs.readFileSync(result, 'utf8')) as { ok: boolean; error?: string };
  fs.rmSync(result, { force: true });
  if (!answer.ok) fail(`Sauvegarde impossible : ${answer.error}`);
}

async function main() {
  const [command, arg] = process.argv.slice(2);
  if (command === 'backup') {
    const file = path.resolve(
      base,
      arg ?? path.join('sauvegardes', `club-${stamp()}.${databaseUrl ? 'pgdump' : 'json.gz'}`),
    );
    fs.mkdirSync(path.dirname(file), { recursive: true });
    if (databaseUrl) run('pg_dump', ['-Fc', '--no-owner', '-f', file, '-d', databaseUrl]);
    else await backupEmbedded(file);
    console.log(`Sauvegarde écrite : ${file}`);
    return;
  }
  if (command === 'restore') {
    if (!arg) fail('Usage : npm run restore -- <fichier de sauvegarde>');
    const file = path.resolve(base, arg);
    if (databaseUrl) {
      run('pg_restore', ['--clean', '--if-exists', '--no-owner', '-d', databaseUrl, file]);
    } else {
      if (runningServer() !== null)
        fail('Arrêtez le serveur avant de restaurer la base embarquée.');
      const database = await openDatabase({ dataDir });
      try {
        await restoreDatabase(database, readDumpFile(file));
      } finally {
        await database.close();
      }
    }
    console.log(`Base restaurée depuis ${file}`);
    return;
  }
  if (command === 'migrate-to-postgres') {
    if (!databaseUrl) fail('DATABASE_URL doit désigner la base PostgreSQL de destination.');
    let dump;
    let expected;
    if (arg) {
      dump = readDumpFile(path.resolve(base, arg));
    } else {
      if (runningServer() !== null)
        fail(
          'Arrêtez le serveur (ou passez une sauvegarde : npm run migrate-to-postgres -- <fichier>).',
        );
      const source = await openDatabase({ dataDir });
      try {
        dump = await dumpDatabase(source);
        expected = await clubChecksums(source);
      } finally {
        await source.close();
      }
    }
    const target = await openDatabase({ databaseUrl, dataDir: null });
    try {
      await restoreDatabase(target, dump);
      const got = await clubChecksums(target);
      if (expected && JSON.stringify(got) !== JSON.stringify(expected))
        fail('Les sommes de contrôle par club diffèrent après la copie.');
      const clubs = new Set(got.map((c) => c.clubId)).size;
      console.log(
        `Données copiées dans PostgreSQL : ${clubs} club(s), ` +
          `${dump.tables.reduce((n, t) => n + t.rows.length, 0)} lignes. ` +
          'Démarrez maintenant le serveur avec DATABASE_URL.',
      );
    } finally {
      await target.close();
    }
    return;
  }
  fail('Usage : backup.ts backup [fichier] | restore <fichier> | migrate-to-postgres [fichier]');
}

main().catch((err) => fail(`Échec : ${err instanceof Error ? err.message : String(err)}`));
