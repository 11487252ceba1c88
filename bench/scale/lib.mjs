// Shared by bench/scale, bench/load and bench/cluster: throw-away PostgreSQL databases filled by the
// bulk load (apps/server/src/scripts/bulk-load.ts), production server processes on loopback ports,
// sign-in, the hot signed-in calls (decision 0030), and latency percentiles.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, repoRoot } from '../lib-server.mjs';
import { SERVER_NODE_FLAGS } from '../../scripts/server-flags.mjs';
import { api, routeKey, urlOf } from '../lib/contract.mjs';

export { freePort, repoRoot };

export const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';

export function assertLoopback(url) {
  const host = new URL(url).hostname;
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host))
    throw new Error(`Refus : ${host} n’est pas une adresse locale (loopback).`);
}

export function dbUrl(name) {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin(fn) {
  assertLoopback(ADMIN_URL);
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export const dropDatabase = (name) =>
  admin((c) => c.query(`drop database if exists ${name} with (force)`));

/**
 * A database `name` holding `clubs` generated clubs. With `reuse`, a database left by an earlier
 * run (BENCH_KEEP=1) whose comment holds the load's JSON is used as it is.
 */
export async function loadedDatabase(name, clubs, { reuse = false, extraArgs = [] } = {}) {
  if (reuse) {
    const info = await admin(async (c) => {
      const { rows } = await c.query(
        `select shobj_description(oid, 'pg_database') as d from pg_database where datname = $1`,
        [name],
      );
      return rows[0]?.d ? JSON.parse(rows[0].d) : null;
    });
    if (info?.clubs === clubs) return { ...info, url: dbUrl(name), reused: true };
  }
  await dropDatabase(name);
  await admin((c) => c.query(`create database ${name}`));
  const out = await run(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/server/src/scripts/bulk-load.ts',
      '--clubs',
      String(clubs),
      ...extraArgs,
    ],
    { DATABASE_URL: dbUrl(name) },
  );
  const info = JSON.parse(out.trim().split('\n').at(-1));
  await admin((c) =>
    c.query(`comment on database ${name} is '${JSON.stringify(info).replace(/'/g, "''")}'`),
  );
  return { ...info, url: dbUrl(name), reused: false };
}

function run(cmd, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${cmd} ${args.join(' ')} : code ${code}`)),
    );
  });
}

/**
 * The production build on a free loopback port (or `port`); `pid` for memory samples; `nodeArgs`
 * go to node before the entry (e.g. --cpu-prof).
 */
export async function startServer(env = {}, { port, nodeArgs = [] } = {}) {
  const entry = path.join(repoRoot, 'apps/server/dist/server.mjs');
  if (!fs.existsSync(entry) || !fs.existsSync(path.join(repoRoot, 'apps/web/dist/index.html')))
    throw new Error('Construisez d’abord l’application : npm run build');
  if (env.DATABASE_URL) assertLoopback(env.DATABASE_URL);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-scale-'));
  port ??= await freePort();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...nodeArgs, entry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      JWT_SECRET,
      // A generous per-IP sign-in limit: the benches sign in from one address.
      LOGIN_LIMIT_PER_IP: '1000',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`le serveur s’est arrêté (code ${child.exitCode})`);
    try {
      const res = await fetch(base + api.publicSite.health.path);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error('le serveur ne répond pas');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    port,
    pid: child.pid,
    /** Resident memory in MB (Linux /proc). */
    rssMb() {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024);
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in and returns the Cookie header of the session (and the session info). */
export async function signIn(base, email, password, { fingerprint = 'bench-device' } = {}) {
  const csrf = await fetch(base + api.auth.csrf.path);
  const jar = new Map();
  const keep = (res) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      jar.set(pair.slice(0, i), pair.slice(i + 1));
    }
  };
  keep(csrf);
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(base + api.auth.login.path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: cookie(),
      'x-xsrf-token': jar.get('XSRF-TOKEN') ?? '',
    },
    body: JSON.stringify({ email, password, deviceFingerprint: fingerprint }),
  });
  if (res.status !== 200)
    throw new Error(`connexion refusée (${res.status}) : ${await res.text()}`);
  keep(res);
  return { cookie: cookie(), info: await res.json(), status: res.status };
}

/** The hot signed-in reads (decision 0030) for the probe club (signed in as its DIRIGEANT). */
export function hotCalls(probe, { month = '2026-03' } = {}) {
  const [y, m] = month.split('-').map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const c = probe.probeClubId;
  const t = probe.team.id;
  const call = (endpoint, input, note = '') => ({
    name: routeKey(endpoint) + note,
    path: urlOf(endpoint, input),
  });
  return [
    call(api.dashboard.infos, {}),
    call(api.dashboard.members, { params: { id: t } }),
    call(api.dashboard.events, { params: { id: t }, query: { date: `${month}-10` } }),
    call(
      api.events.listClub,
      { params: { clubId: c }, query: { from: `${month}-01`, to: `${month}-${last}` } },
      ' (un mois)',
    ),
    call(api.matches.listTeam, { params: { id: t } }),
    call(api.members.listClub, { params: { clubId: c } }),
    call(api.teams.listClub, { params: { clubId: c } }),
  ];
}

export function percentile(sorted, p) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * Latency of one call: `warmup` requests, then `requests` requests from `concurrency` keep-alive
 * workers; every answer must be 200. Milliseconds, one decimal.
 */
export async function latency(base, cookie, pathAndQuery, opts = {}) {
  const { requests = 300, concurrency = 4, warmup = 30 } = opts;
  const url = `${base}${pathAndQuery}`;
  const once = async () => {
    const t0 = performance.now();
    const res = await fetch(url, { headers: { cookie } });
    await res.arrayBuffer();
    const ms = performance.now() - t0;
    if (res.status !== 200) throw new Error(`${pathAndQuery} : ${res.status}`);
    return ms;
  };
  for (let i = 0; i < warmup; i++) await once();
  const times = [];
  let left = requests;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (left-- > 0) times.push(await once());
    }),
  );
  times.sort((a, b) => a - b);
  const r = (v) => Math.round(v * 10) / 10;
  return {
    n: times.length,
    p50: r(percentile(times, 50)),
    p95: r(percentile(times, 95)),
    p99: r(percentile(times, 99)),
  };
}

export function machine() {
  return `${os.cpus().length} cœurs (${os.cpus()[0]?.model.trim()}), Node ${process.versions.node}, charge moyenne ${os
    .loadavg()
    .map((v) => v.toFixed(1))
    .join(' / ')}`;
}

export function writeResult(name, data) {
  const dir = path.join(repoRoot, 'bench/results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, JSON.stringify(data, null, 2));
  return file;
}
