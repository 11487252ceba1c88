/**
 * A throwaway PostgreSQL cluster (initdb + pg_ctl from the installed binaries) on a free port and a
 * temporary directory, that a fault test may stop and restart without touching the machine's own
 * server. As root the binaries run as the `postgres` user (initdb refuses root).
 */
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './built-server.ts';

/** The directory of pg_ctl/initdb (newest installed version), or null when PostgreSQL is absent. */
export function postgresBinDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(root, versions[0]!, 'bin') : null;
}

export interface ThrowawayPostgres {
  url: string;
  port: number;
  /** `pg_ctl restart -m fast`: every connection is terminated; resolves once it accepts again. */
  restart(): Promise<void>;
  stop(): void;
  start(): void;
  destroy(): void;
}

export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL introuvable sous /usr/lib/postgresql');
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-pg-'));
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  if (asRoot) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  const command = (cmd: string, args: string[]): [string, string[]] => {
    const full = path.join(bin, cmd);
    return asRoot ? ['runuser', ['-u', 'postgres', '--', full, ...args]] : [full, args];
  };
  const run = (cmd: string, args: string[]) => {
    const [file, argv] = command(cmd, args);
    execFileSync(file, argv, { stdio: 'pipe' });
  };
  /** Without blocking the event loop: the clients of the test keep running meanwhile. */
  const runAsync = async (cmd: string, args: string[]) => {
    const [file, argv] = command(cmd, args);
    await promisify(execFile)(file, argv);
  };
  run('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=50`;
  const start = () =>
    run('pg_ctl', ['-D', dataDir, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    restart: () =>
      runAsync('pg_ctl', [
        '-D',
        dataDir,
        '-o',
        options,
        '-l',
        path.join(dir, 'log'),
        '-m',
        'fast',
        '-w',
        'restart',
      ]),
    start,
    stop: () => run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']),
    destroy() {
      try {
        run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // already stopped
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
