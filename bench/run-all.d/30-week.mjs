// Part of `npm run bench` (bench/run-all.mjs runs every bench/run-all.d/*.mjs and appends what it
// prints): bench/week/run.ts, a week of mixed use, on PostgreSQL (1,000 clubs, two instances behind
// nginx and Redis) then on PGlite (one club, 20 members at once); skip it with BENCH_WEEK=0.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

if (process.env.BENCH_WEEK === '0') process.exit(0);
const script = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../week/run.ts');
let status = 0;
for (const [title, args] of [
  ['PostgreSQL, 1 000 clubs, deux instances derrière nginx et Redis', ['--think', '300']],
  ['PGlite, un club de 60 membres, 20 utilisateurs', ['--engine', 'pglite', '--think', '300']],
]) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
    env: process.env,
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
  });
  console.log(`#### Une semaine, charge mixte — ${title} (bench/week/run.ts ${args.join(' ')})`);
  console.log();
  console.log('```text');
  console.log(run.stdout.trim());
  console.log('```');
  status ||= run.status ?? 1;
}
process.exit(status);
