// Shared by the bench scripts: start the production build (node apps/server/dist/server.mjs) on a
// free loopback port, a hello-world reference, throwaway databases (PGlite directory or a PostgreSQL
// database created and dropped), the demo seed, signing in, RSS, autocannon runs, the machine.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { SERVER_NODE_FLAGS } from '../../scripts/server-flags.mjs';
import { api } from './contract.mjs';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DEMO_PASSWORD = 'Demo-Nantes-2026!';
export const demoEmail = (login) => `${login}@as-demo-nantes.example`;

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function waitFor(url, child, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`le processus s’est arrêté (code ${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`pas de réponse de ${url}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function stopChild(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export function assertBuilt() {
  const entry = path.join(repoRoot, 'apps/server/dist/server.mjs');
  if (!fs.existsSync(entry) || !fs.existsSync(path.join(repoRoot, 'apps/web/dist/index.html')))
    throw new Error('Construisez d’abord l’application : npm run build');
  return entry;
}

/** A throwaway PGlite directory. */
export function pgliteDatabase() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-bench-'));
  return {
    kind: 'PGlite',
    env: { DATA_DIR: dataDir },
    async drop() {
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A throwaway database on a PostgreSQL server (BENCH_PG_URL, default the local one); dropped by
 * drop(). The data directory still holds the signing key and outbox.
 */
export async function postgresDatabase(
  adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
) {
  const { default: pg } = await import('pg');
  const name = `club_bench_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-bench-'));
  return {
    kind: 'PostgreSQL',
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs the demo seed (apps/server/src/scripts/seed-demo.ts) into that database. */
export function seedDemo(database) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      path.join(repoRoot, 'node_modules/.bin/tsx'),
      [path.join(repoRoot, 'apps/server/src/scripts/seed-demo.ts')],
      {
        cwd: repoRoot,
        env: { ...process.env, ...database.env },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`seed:demo a échoué (code ${code})\n${out}`)),
    );
  });
}

/**
 * Starts the production server. `extraArgs` go to node (e.g. --cpu-prof). Returns its base URL,
 * pid, rssMB() and stop().
 */
export async function startServer({ env = {}, nodeArgs = [], stdio = 'inherit' } = {}) {
  const entry = assertBuilt();
  const port = await freePort();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...nodeArgs, entry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', stdio, stdio],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(base + api.publicSite.health.path, child);
  return {
    base,
    pid: child.pid,
    rssMB: () => rssMB(child.pid),
    stop: () => stopChild(child),
  };
}

/** The smallest Node HTTP server, in its own process like ours: the reference of every ratio. */
export async function startHelloWorld() {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      '-e',
      `require('http').createServer((q, s) => { s.setHeader('content-type', 'application/json'); s.end('{"status":"ok"}'); }).listen(${port}, '127.0.0.1')`,
    ],
    { stdio: 'ignore' },
  );
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/`, child);
  return { base, stop: () => stopChild(child) };
}

/** Resident memory of a process in MB (Linux /proc). */
export function rssMB(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return Math.round(kb / 1024);
}

function cookiesOf(res) {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((c) => !c.endsWith('='));
}

/** A pre-login XSRF token and its cookie (what the web app fetches before POST /auth/…). */
export async function preLoginCsrf(base) {
  const res = await fetch(base + api.auth.csrf.path);
  const cookies = cookiesOf(res);
  const token = cookies.find((c) => c.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length);
  return { token: decodeURIComponent(token), cookie: cookies.join('; ') };
}

/** Signs in through the real login route; returns the Cookie header of the session. */
export async function signIn(base, email, password = DEMO_PASSWORD) {
  const csrf = await preLoginCsrf(base);
  const res = await fetch(base + api.auth.login.path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: csrf.cookie,
      'x-xsrf-token': csrf.token,
      origin: base,
    },
    body: JSON.stringify({ email, password, deviceFingerprint: 'bench-device-0001' }),
  });
  if (!res.ok) throw new Error(`connexion refusée (${res.status}) : ${await res.text()}`);
  return cookiesOf(res).join('; ');
}

/** One autocannon run; gives req/s, latencies, errors. */
export function load(url, { connections, duration, headers, method, body } = {}) {
  return new Promise((resolve, reject) => {
    const opts = { url, connections, duration, pipelining: 1, headers: headers ?? {} };
    if (method) Object.assign(opts, { method, body });
    autocannon(opts, (err, result) => {
      if (err) return reject(err);
      resolve({
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        non2xx: result.non2xx,
        errors: result.errors + result.timeouts,
        bytesPerReq: result.requests.total ? result.throughput.total / result.requests.total : 0,
      });
    });
  });
}

export function machine() {
  const cpus = os.cpus();
  return {
    cores: cpus.length,
    cpu: cpus[0]?.model?.trim() ?? '?',
    node: process.version,
    load: os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' / '),
  };
}
