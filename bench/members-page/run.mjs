#!/usr/bin/env node
// Opens the club members page of `serve.ts` in headless Chromium, signed in as the leader, and
// measures: time until the table shows, time until a name filter answers, and the longest task
// (a frozen browser shows up as a long task). Optional screenshots with --shots <dir>.
// Usage: node bench/members-page/run.mjs [--shots .tmp/shots]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium, signedInContext } from '../lib/chromium.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const info = JSON.parse(fs.readFileSync(path.join(here, 'cookies.json'), 'utf8'));
const shotsIdx = process.argv.indexOf('--shots');
const shots = shotsIdx === -1 ? null : process.argv[shotsIdx + 1];
if (shots) fs.mkdirSync(shots, { recursive: true });

const browser = await launchChromium();

async function contextFor(who, width) {
  return signedInContext(browser, {
    base: info.base,
    cookies: info[who],
    viewport: { width, height: width < 600 ? 812 : 900 },
  });
}

const club = encodeURIComponent(info.club);
const team = encodeURIComponent(info.team);
const errors = [];
const results = {};

{
  const context = await contextFor('leader', 1280);
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  const t0 = Date.now();
  await page.goto(`${info.base}/${club}/membres`);
  await page.getByRole('region', { name: 'Liste des membres du club' }).waitFor();
  results.loadMs = Date.now() - t0;
  results.count = await page.locator('p.muted', { hasText: 'membres' }).first().textContent();
  const t1 = Date.now();
  await page.getByLabel('Nom', { exact: true }).fill('lefevre');
  await page
    .locator('p.muted', { hasText: /^\d+ membres?$/ })
    .filter({ hasNotText: '2000' })
    .waitFor();
  results.filterMs = Date.now() - t1;
  results.filtered = await page
    .locator('p.muted', { hasText: /membres?$/ })
    .first()
    .textContent();
  results.longestTaskMs = Math.round(await page.evaluate(() => window.__longest));
  await context.close();
}

if (shots) {
  for (const width of [375, 1280]) {
    for (const [who, p, name] of [
      ['leader', `/${club}/membres`, 'membres'],
      ['leader', `/${club}/equipes`, 'equipes'],
      ['coach', `/${club}/${team}/membres`, 'equipe-membres'],
      ['player', `/${club}/profil`, 'profil'],
    ]) {
      const context = await contextFor(who, width);
      const page = await context.newPage();
      page.on('pageerror', (e) => errors.push(`${name}: ${e}`));
      await page.goto(`${info.base}${p}`);
      await page.locator('h1').first().waitFor();
      await page.waitForTimeout(800);
      await page.screenshot({ path: path.join(shots, `${name}-${width}.png`) });
      if (name === 'equipe-membres') {
        await page.getByRole('button', { name: 'Modifier Inès Lefèvre' }).click();
        await page.screenshot({ path: path.join(shots, `${name}-modal-${width}.png`) });
      }
      await context.close();
    }
  }
}
await browser.close();
console.log(JSON.stringify({ ...results, errors }, null, 2));
