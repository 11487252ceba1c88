#!/usr/bin/env node
// HTTP throughput of the production server against a Node hello-world baseline, in one run.
// Usage: npm run build && node bench/http.mjs   (BENCH_DURATION=10 BENCH_CONNECTIONS=50)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { SERVER_NODE_FLAGS } from '../scripts/server-flags.mjs';
import { api, routeKey } from './lib/contract.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const serverEntry = path.join(root, 'apps/server/dist/server.mjs');

if (!fs.existsSync(serverEntry) || !fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  console.error('Construisez d’abord l’application : npm run build');
  process.exit(1);
}

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

async function waitFor(url, child) {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`process exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no answer from ${url}`);
}

function run(title, url) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration, pipelining: 1 }, (err, result) => {
      if (err) return reject(err);
      resolve({
        title,
        url,
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        non2xx: result.non2xx,
        errors: result.errors + result.timeouts,
        throughputMBs: result.throughput.average / 1e6,
      });
    });
  });
}

const children = [];
const stopAll = () => children.forEach((c) => c.exitCode === null && c.kill('SIGTERM'));
process.on('exit', stopAll);

// 1. Baseline: the smallest Node HTTP server, in its own process like ours.
const basePort = await freePort();
const baseline = spawn(
  process.execPath,
  [
    '-e',
    `require('http').createServer((q, s) => { s.setHeader('content-type', 'application/json'); s.end('{"status":"ok"}'); }).listen(${basePort}, '127.0.0.1')`,
  ],
  { stdio: 'ignore' },
);
children.push(baseline);
await waitFor(`http://127.0.0.1:${basePort}/`, baseline);

// 2. Our production server, default configuration, on a throwaway embedded database.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-bench-'));
const port = await freePort();
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, serverEntry], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
  },
  stdio: 'ignore',
});
children.push(server);
const base = `http://127.0.0.1:${port}`;
await waitFor(base + api.publicSite.health.path, server);

console.log(
  `autocannon -c ${connections} -d ${duration}s, machine: ${os.cpus().length} cœurs (${os.cpus()[0]?.model ?? '?'}), Node ${process.version}\n`,
);
const results = [];
for (const [title, url] of [
  ['Node hello-world (référence)', `http://127.0.0.1:${basePort}/`],
  [routeKey(api.publicSite.health), base + api.publicSite.health.path],
  ['GET / (page d’accueil)', `${base}/`],
]) {
  process.stdout.write(`… ${title}\n`);
  results.push(await run(title, url));
}
stopAll();
fs.rmSync(dataDir, { recursive: true, force: true });

const ref = results[0].rps;
console.log('\n| cible | req/s | p50 ms | p99 ms | ratio / référence | non-2xx | erreurs |');
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const r of results)
  console.log(
    `| ${r.title} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${(r.rps / ref).toFixed(2)} | ${r.non2xx} | ${r.errors} |`,
  );

fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
const file = path.join(
  root,
  'bench/results',
  `http-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
);
fs.writeFileSync(
  file,
  JSON.stringify(
    { date: new Date().toISOString(), duration, connections, cpus: os.cpus().length, results },
    null,
    2,
  ),
);
console.log(`\nRésultats : ${path.relative(root, file)}`);
