#!/usr/bin/env node
// Lighthouse 12 (mobile, default simulated throttling) on the public pages of the production build.
// Usage: npm run build && node bench/lighthouse.mjs [--runs 3] [/path ...]
// Each page is measured RUNS times and the run with the median performance score is kept (the
// method Lighthouse's documentation recommends against run-to-run variance on a busy machine).
// Budgets (decision 0010): performance ≥ 95, accessibility 100, best practices 100, SEO ≥ 95.
import fs from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { CHROMIUM_FLAGS, chromePath } from './lib/chromium.mjs';
import { repoRoot, startServer } from './lib-server.mjs';

const argv = process.argv.slice(2);
const runsAt = argv.indexOf('--runs');
const RUNS = runsAt === -1 ? 3 : Number(argv.splice(runsAt, 2)[1]);
const paths = argv.length ? argv : ['/', '/fonctionnalites', '/contact'];
const BUDGET = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 95 };

const server = await startServer();
const chrome = await chromeLauncher.launch({
  chromePath: chromePath(),
  chromeFlags: CHROMIUM_FLAGS,
});
const rows = [];
let failed = false;
try {
  for (const p of paths) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const result = await lighthouse(`${server.base}${p}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: Object.keys(BUDGET),
      });
      if (result.lhr.runtimeError) throw new Error(`${p} : ${result.lhr.runtimeError.message}`);
      runs.push(result.lhr);
    }
    runs.sort((a, b) => a.categories.performance.score - b.categories.performance.score);
    const { categories, audits } = runs[Math.floor(runs.length / 2)];
    const scores = Object.fromEntries(
      Object.keys(BUDGET).map((k) => [k, Math.round((categories[k]?.score ?? 0) * 100)]),
    );
    const row = {
      path: p,
      runs: runs.map((r) => Math.round(r.categories.performance.score * 100)).join('/'),
      ...scores,
      fcp: audits['first-contentful-paint']?.displayValue,
      lcp: audits['largest-contentful-paint']?.displayValue,
      tbt: audits['total-blocking-time']?.displayValue,
      cls: audits['cumulative-layout-shift']?.displayValue,
    };
    rows.push(row);
    for (const [k, min] of Object.entries(BUDGET)) {
      if (scores[k] < min) {
        failed = true;
        const bad = categories[k].auditRefs
          .map((r) => audits[r.id])
          .filter(
            (a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative',
          )
          .map((a) => `${a.id} (${a.score})`);
        console.error(`✗ ${p} ${k} ${scores[k]} < ${min} : ${bad.join(', ')}`);
      }
    }
  }
} finally {
  await chrome.kill();
  await server.stop();
}
console.table(rows);
const outDir = path.join(repoRoot, 'bench/results');
fs.mkdirSync(outDir, { recursive: true });
fs.writeFileSync(path.join(outDir, 'lighthouse.json'), JSON.stringify(rows, null, 2));
if (failed) {
  console.error('Budget Lighthouse non tenu.');
  process.exit(1);
}
console.log('Budget Lighthouse tenu.');
