#!/usr/bin/env node
// `npm test`: the unit tests (contract, server on PGlite, web, tooling), then the browser tests
// against the production build, always both (a unit failure does not hide the e2e outcome). Prints
// each stage's duration; exits non-zero when either failed.
import { spawnSync } from 'node:child_process';

const stages = [
  ['unit tests (vitest)', ['run', 'test:unit']],
  ['build and browser tests (Playwright)', ['run', 'test:e2e']],
];
const results = [];
for (const [label, args] of stages) {
  const started = Date.now();
  const { status } = spawnSync('npm', args, { stdio: 'inherit' });
  results.push({ label, ok: status === 0, seconds: Math.round((Date.now() - started) / 1000) });
}
console.log('\nnpm test stages:');
for (const r of results) console.log(`  ${r.ok ? 'ok    ' : 'FAILED'} ${r.seconds}s  ${r.label}`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
