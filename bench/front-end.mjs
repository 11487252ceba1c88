#!/usr/bin/env node
// Front-end performance (docs/scaling.md) on the production build with the demo club (PGlite,
// throwaway): JavaScript fetched per route (gzip -9 of the files the browser loaded), and
// Lighthouse mobile (default emulation and simulated throttling) on the signed-in dashboard,
// members, calendar and matches pages (accessibility 100 on those four). Prints Markdown.
// Budgets: Lighthouse performance ≥ 95, accessibility 100 (exit 1 otherwise); the load average is
// printed with the table (the machine may be shared: scores move with it).
// Usage: npm run build && node bench/front-end.mjs [--runs 3]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { CHROMIUM_FLAGS, chromePath, launchChromium } from './lib/chromium.mjs';
import {
  demoEmail,
  pgliteDatabase,
  repoRoot,
  seedDemo,
  signIn,
  startServer,
} from './lib/server.mjs';
import { benchClient } from './lib/contract.mjs';

const runsAt = process.argv.indexOf('--runs');
const RUNS = runsAt === -1 ? 3 : Number(process.argv[runsAt + 1]);
const dist = path.join(repoRoot, 'apps/web/dist');
const out = [];
const log = (l = '') => out.push(l);

const ms = (v) => `${Math.round(v)} ms`;
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');

/** The LCP element (its selector and text) and its phases (time to first byte, render delay…). */
function lcpElement(audits) {
  const [element, phases] = audits['largest-contentful-paint-element']?.details?.items ?? [];
  const node = element?.items?.[0]?.node;
  const what = node ? `\`${node.selector}\` « ${String(node.nodeLabel ?? '').slice(0, 40)} »` : '—';
  const parts = (phases?.items ?? []).map((p) => `${p.phase ?? p.label} ${ms(p.timing)}`);
  return `${what}${parts.length ? ` (${parts.join(', ')})` : ''}`;
}

/** The median run's main-thread breakdown, costliest scripts and longest request chain. */
function explain(audits) {
  const main = (audits['mainthread-work-breakdown']?.details?.items ?? [])
    .toSorted((a, b) => b.duration - a.duration)
    .slice(0, 3)
    .map((i) => `${i.groupLabel ?? i.group} ${ms(i.duration)}`);
  const scripts = (audits['bootup-time']?.details?.items ?? [])
    .toSorted((a, b) => b.total - a.total)
    .slice(0, 3)
    .map((i) => {
      const file = String(i.url).split('/').pop() || String(i.url);
      return `${file} ${ms(i.total)}`;
    });
  const chain = audits['critical-request-chains']?.details?.longestChain;
  const longest = chain
    ? `${chain.length} requêtes en série, ${ms(chain.duration)}, ${(chain.transferSize / 1024).toFixed(1)} kB`
    : '—';
  return `${main.join(', ') || '—'} · ${scripts.join(', ') || '—'} · ${longest}`;
}

const database = pgliteDatabase();
await seedDemo(database);
const server = await startServer({ env: { ...database.env, LOGIN_LIMIT_PER_IP: '1000' } });
let failed = false;
try {
  const cookie = await signIn(server.base, demoEmail('jade.martin'));
  const client = benchClient(server.base, cookie);
  const infos = await client.dashboard.infos();
  const teams = await client.teams.listClub({ params: { clubId: infos.idClub } });
  const club = encodeURIComponent(infos.nomClub);
  const team = encodeURIComponent((teams.find((t) => /senior/i.test(t.nom)) ?? teams[0]).nom);
  const routes = [
    ['public (accueil)', '/', false],
    ['tableau de bord', `/${club}/dashboard`, true],
    ['membres', `/${club}/membres`, true],
    ['calendrier', `/${club}/calendrier`, true],
    ['matchs', `/${club}/${team}/matche`, true],
    ['paramètres', `/${club}/parametre`, true],
  ];
  /** The pages Lighthouse measures (dashboard, calendar, members and matches). */
  const lighthouseRoutes = routes.filter(([title]) =>
    ['tableau de bord', 'membres', 'calendrier', 'matchs'].includes(title),
  );

  // 1. JS per route: what the browser fetched until the network was idle.
  const browser = await launchChromium();
  log('#### Front end : JavaScript par route (gzip -9 des fichiers chargés)');
  log();
  log('| route | fichiers JS | brut kB | gzip kB |');
  log('|---|---:|---:|---:|');
  for (const [title, p, signed] of routes) {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
    if (signed)
      await context.addCookies(
        cookie.split('; ').map((c) => {
          const [name, ...v] = c.split('=');
          return { name, value: v.join('='), url: server.base };
        }),
      );
    const page = await context.newPage();
    const js = new Set();
    page.on('response', (r) => {
      const u = new URL(r.url());
      if (u.origin === server.base && u.pathname.endsWith('.js')) js.add(u.pathname);
    });
    await page.goto(`${server.base}${p}`, { waitUntil: 'networkidle' });
    let raw = 0;
    let gz = 0;
    for (const f of js) {
      const buf = fs.readFileSync(path.join(dist, f));
      raw += buf.length;
      gz += zlib.gzipSync(buf, { level: 9 }).length;
    }
    log(
      `| ${title} \`${decodeURIComponent(p)}\` | ${js.size} | ${(raw / 1024).toFixed(1)} | ${(gz / 1024).toFixed(1)} |`,
    );
    await context.close();
  }
  await browser.close();

  // 2. Lighthouse mobile, signed in (the session cookie sent with every request).
  log();
  log(`Charge moyenne avant Lighthouse : ${load()}`);
  const chrome = await chromeLauncher.launch({
    chromePath: chromePath(),
    chromeFlags: CHROMIUM_FLAGS,
  });
  log();
  log(
    `#### Front end : Lighthouse mobile connecté (médiane de ${RUNS} passes ; cible performance ≥ 95, accessibilité 100)`,
  );
  log();
  log(
    '| page | performance (passes) | accessibilité | FCP | LCP | TBT | CLS | audits à corriger |',
  );
  log('|---|---|---:|---|---|---|---|---|');
  const why = [];
  try {
    for (const [title, p] of lighthouseRoutes) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        const result = await lighthouse(`${server.base}${p}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
          extraHeaders: { Cookie: cookie },
        });
        if (result.lhr.runtimeError) throw new Error(`${p} : ${result.lhr.runtimeError.message}`);
        runs.push(result.lhr);
      }
      runs.sort((a, b) => a.categories.performance.score - b.categories.performance.score);
      const { categories, audits, finalDisplayedUrl } = runs[Math.floor(runs.length / 2)];
      if (!finalDisplayedUrl.includes(p.split('/')[2]))
        throw new Error(`${p} : redirigé vers ${finalDisplayedUrl} (non connecté ?)`);
      const perf = Math.round(categories.performance.score * 100);
      const a11y = Math.round(categories.accessibility.score * 100);
      const bad = ['performance', 'accessibility'].flatMap((k) =>
        categories[k].auditRefs
          .filter((r) => r.weight > 0)
          .map((r) => audits[r.id])
          // Accessibility must be 100: every failing audit of that category is listed.
          .filter(
            (a) =>
              a &&
              a.score !== null &&
              a.score < (k === 'accessibility' ? 1 : 0.9) &&
              a.scoreDisplayMode !== 'informative',
          )
          .map((a) => `${a.id} (${a.score})`),
      );
      if (perf < 95 || a11y < 100) failed = true;
      why.push(`| ${title} | ${lcpElement(audits)} · ${explain(audits)} |`);
      log(
        `| ${title} | **${perf}** (${runs.map((r) => Math.round(r.categories.performance.score * 100)).join('/')}) | **${a11y}** | ${audits['first-contentful-paint']?.displayValue} | ${audits['largest-contentful-paint']?.displayValue} | ${audits['total-blocking-time']?.displayValue} | ${audits['cumulative-layout-shift']?.displayValue} | ${bad.join(', ') || '—'} |`,
      );
    }
  } finally {
    await chrome.kill();
  }
  // Where the time goes (the median run's own diagnostics): every unmet target
  // comes with the profile behind it.
  log();
  log('#### Front end : où passe le temps (passe médiane, mobile simulé)');
  log();
  log(
    '| page | élément LCP (phases) · fil principal (les 3 premiers) · scripts (évaluation) · plus longue chaîne de requêtes |',
  );
  log('|---|---|');
  for (const row of why) log(row);
  log();
  log(`Charge moyenne à la fin : ${load()} (${new Date().toISOString().slice(0, 16)} UTC)`);
} finally {
  await server.stop();
  await database.drop();
}
console.log(out.join('\n'));
process.exit(failed ? 1 : 0);
