// Part of `npm run bench` (bench/run-all.mjs runs every bench/run-all.d/*.mjs and appends what it
// prints): bench/cluster/run.mjs, owned by its own script; skip it with BENCH_CLUSTER=0.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

if (process.env.BENCH_CLUSTER === '0') process.exit(0);
const script = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../cluster/run.mjs');
const run = spawnSync(process.execPath, [script], {
  env: process.env,
  stdio: ['ignore', 'pipe', 'inherit'],
  encoding: 'utf8',
});
console.log(
  '#### Au-delà d’une machine : deux instances derrière nginx, PostgreSQL et Redis (bench/cluster/run.mjs)',
);
console.log();
console.log('```text');
console.log(run.stdout.trim());
console.log('```');
process.exit(run.status ?? 1);
