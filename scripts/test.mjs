#!/usr/bin/env node
// `npm test`: the production build, the unit tests (contract, server on PGlite, web, tooling), then
// the browser tests against that build, always all three (a unit failure does not hide the e2e
// outcome). The build comes first and once: the server tests that start the built server
// (src/faults, src/process.test.ts) find it fresh instead of building it a second time, and the
// browser tests use it as it is. Prints each stage's duration; exits non-zero when one failed.
import { spawnSync } from 'node:child_process';

const stages = [
  ['build (web and server)', ['run', 'build']],
  ['unit tests (vitest)', ['run', 'test:unit']],
  ['browser tests (Playwright, on that build)', ['test', '-w', '@club/e2e']],
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
