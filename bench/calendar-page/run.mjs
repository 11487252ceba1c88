#!/usr/bin/env node
// Opens the calendar of `serve.ts` in headless Chromium as the leader (1280 px: month view) and
// measures: the JavaScript the calendar route downloads (gzip -9 of the built files, the calendar's
// own lazy chunk apart), the time until the month with its events is drawn, the time of each view
// switch (week, day, month), and the longest main-thread task.
// Usage: node bench/calendar-page/run.mjs [--runs 3]
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { launchChromium, signedInContext } from '../lib/chromium.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.resolve(here, '../../apps/web/dist');
const info = JSON.parse(fs.readFileSync(path.join(here, 'cookies.json'), 'utf8'));
const runsIdx = process.argv.indexOf('--runs');
const runs = runsIdx === -1 ? 3 : Number(process.argv[runsIdx + 1]);

const browser = await launchChromium();

const gzipKb = (file) =>
  zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length / 1024;

async function once() {
  const context = await signedInContext(browser, {
    base: info.base,
    cookies: info.leader,
    viewport: { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  const errors = [];
  const scripts = new Set();
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('request', (r) => {
    const p = new URL(r.url()).pathname;
    if (p.endsWith('.js')) scripts.add(p.replace(/^\//, ''));
  });
  const main = page.locator('.calendar-main');
  const r = {};
  const t0 = Date.now();
  await page.goto(`${info.base}/${encodeURIComponent(info.club)}/calendrier`);
  await main.and(page.locator('[data-view="dayGridMonth"]')).waitFor();
  await page.getByText('Chargement des événements...').waitFor({ state: 'detached' });
  await page.locator('.club-event-content').first().waitFor();
  r.monthMs = Date.now() - t0;
  r.monthEventsDrawn = await page.locator('.club-event-content').count();
  r.moreLinks = await page.getByText(/\+\d+ en plus/).count();
  for (const [label, view] of [
    ['Semaine', 'timeGridWeek'],
    ['Jour', 'timeGridDay'],
    ['Mois', 'dayGridMonth'],
  ]) {
    const t = Date.now();
    await main.getByText(label, { exact: true }).click();
    await page.locator(`[data-view="${view}"]`).waitFor();
    await page.getByText('Chargement des événements...').waitFor({ state: 'detached' });
    await page.locator('.club-event-content').first().waitFor();
    r[`${view}Ms`] = Date.now() - t;
  }
  r.longestTaskMs = Math.round(await page.evaluate(() => window.__longest));
  r.errors = errors;
  await context.close();
  return { r, scripts: [...scripts] };
}

const results = [];
let scripts = [];
for (let i = 0; i < runs; i++) {
  const { r, scripts: s } = await once();
  results.push(r);
  scripts = s;
}
await browser.close();

const rows = scripts.map((file) => ({
  file,
  gzip_kB: +gzipKb(file).toFixed(1),
}));
console.table(rows);
const total = rows.reduce((a, b) => a + b.gzip_kB, 0);
const calendar = rows.filter((r) => /\/calendar-[^/]+\.js$/.test(r.file));
console.log(
  `JavaScript de /{nomClub}/calendrier : ${total.toFixed(1)} kB gzip, dont le chunk du calendrier ${calendar
    .reduce((a, b) => a + b.gzip_kB, 0)
    .toFixed(1)} kB (téléchargé seulement sur cette route)`,
);
console.table(results.map(({ errors, ...r }) => ({ ...r, errors: errors.length })));
const errs = results.flatMap((r) => r.errors);
if (errs.length) {
  console.error(errs);
  process.exit(1);
}
