#!/usr/bin/env node
// Writes test-durations.json (the order scripts/vitest-sequencer.ts starts the test files in) from
// a vitest JSON report: `VITEST_JSON=/tmp/unit.json npx vitest run`, then
// `node scripts/test-durations.mjs /tmp/unit.json`. Only the order matters, so a loaded machine's
// figures serve as well as a quiet one's.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const report = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const files = Object.fromEntries(
  report.testResults
    .map((f) => [path.relative(root, f.name), Math.round((f.endTime - f.startTime) / 100) / 10])
    .sort((a, b) => b[1] - a[1]),
);
const out = {
  '//': 'Seconds each test file took in a full `npx vitest run`: only their order matters. Read by scripts/vitest-sequencer.ts; written by scripts/test-durations.mjs.',
  files,
};
fs.writeFileSync(path.join(root, 'test-durations.json'), `${JSON.stringify(out, null, 2)}\n`);
console.log(`test-durations.json : ${Object.keys(files).length} fichiers`);
