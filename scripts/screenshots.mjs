#!/usr/bin/env node
// Screenshots of pages in headless Chromium at 375 px and 1280 px, in the three themes.
// Usage: node scripts/screenshots.mjs --base http://127.0.0.1:3000 --out .tmp/shots [--login email:password] [--no-js] [--tap "Titre d'événement"] [--click "Nom du bouton"] /path1 /path2 ...
// --no-js: the pages as the HTML alone draws them (signed in, scripts off): the app shell of
// signed-in URLs (docs/decisions/0092-signed-in-app-shell.md); file names end in -nojs.
// Without --base (`npm run screenshots`): seeds the demo club into a throwaway DATA_DIR, starts the
// built server (run `npm run build` first) on a free port, signs in as the demo DIRIGEANT and
// shoots every signed-in screen (DEFAULT_ROUTES) into .tmp/shots.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const DEMO_LOGIN = 'jade.martin@as-demo-nantes.example:Demo-Nantes-2026!';
const club = encodeURIComponent('AS Démo Nantes');
const team = encodeURIComponent('Seniors A');
const DEFAULT_ROUTES = [
  `/${club}/dashboard`,
  `/${club}/membres`,
  `/${club}/equipes`,
  `/${club}/calendrier`,
  `/${club}/profil`,
  `/${club}/parametre`,
  `/${club}/messages`,
  `/${club}/cotisations`,
  `/${club}/${team}/dashboard`,
  `/${club}/${team}/membres`,
  `/${club}/${team}/matche`,
  `/${club}/${team}/calendrier`,
  '/systeme-de-design',
];

const freePort = () =>
  new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

/** Seeds the demo club and starts the built server; returns its URL and a stop function. */
async function startDemoServer() {
  const server = path.join(ROOT, 'apps/server/dist/server.mjs');
  if (!fs.existsSync(server)) throw new Error('Build first: npm run build');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-shots-'));
  const env = { ...process.env, DATA_DIR: dataDir };
  const seed = spawnSync('npm', ['run', 'seed:demo'], { cwd: ROOT, env, stdio: 'inherit' });
  if (seed.status !== 0) throw new Error('seed:demo failed');
  const port = await freePort();
  const child = spawn(process.execPath, [server], {
    cwd: ROOT,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error('the server did not start in 60 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    stop: () => {
      child.kill('SIGTERM');
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const args = process.argv.slice(2);
const opt = (name, def) => {
  const i = args.indexOf(`--${name}`);
  if (i === -1) return def;
  const v = args[i + 1];
  args.splice(i, 2);
  return v;
};
const givenBase = opt('base', null);
const out = opt('out', '.tmp/shots');
let login = opt('login', null);
const themes = opt('themes', 'light,dark,daltonien').split(',');
// --click "Nouveau groupe": the button of that name is pressed before the shot (a dialog).
const click = opt('click', null);
// --tap "Entraînement": the first calendar event whose title holds that text is tapped (its dialog).
const tap = opt('tap', null);
const widths = opt('widths', '375,1280').split(',').map(Number);
const noJsAt = args.indexOf('--no-js');
const noJs = noJsAt !== -1;
if (noJs) args.splice(noJsAt, 1);
const demo = givenBase ? null : await startDemoServer();
const base = givenBase ?? demo.url;
if (demo && !login) login = DEMO_LOGIN;
const paths = args.length ? args : demo ? DEFAULT_ROUTES : ['/'];

fs.mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
for (const width of widths) {
  const context = await browser.newContext({
    viewport: { width, height: width < 600 ? 812 : 900 },
  });
  const page = await context.newPage();
  if (login) {
    const [email, password] = login.split(':');
    await page.goto(`${base}/connexion`);
    await page.getByLabel(/email/i).fill(email);
    await page
      .getByLabel(/mot de passe/i)
      .first()
      .fill(password);
    await page.getByRole('button', { name: /connexion|se connecter/i }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/connexion'), { timeout: 15_000 });
  }
  // Scripts off: a second context with the same session cookies (theme-init.js does not run
  // either: the theme is set on the page below, as for the other shots).
  const shotContext = noJs
    ? await browser.newContext({
        viewport: { width, height: width < 600 ? 812 : 900 },
        javaScriptEnabled: false,
        storageState: await context.storageState(),
      })
    : null;
  const shotPage = shotContext ? await shotContext.newPage() : page;
  for (const theme of themes) {
    await shotPage.addInitScript((t) => localStorage.setItem('theme', t), theme);
    for (const p of paths) {
      await shotPage.goto(`${base}${p}`, { waitUntil: 'networkidle' });
      await shotPage.evaluate((t) => (document.documentElement.dataset.theme = t), theme);
      if (tap) {
        await shotPage.locator('.club-event', { hasText: tap }).first().click();
        await shotPage.getByRole('dialog').waitFor();
        await shotPage.waitForLoadState('networkidle');
      }
      if (click) {
        await shotPage.getByRole('button', { name: click }).click();
        await shotPage.getByRole('dialog').waitFor();
        await shotPage.waitForLoadState('networkidle');
      }
      const file = path.join(
        out,
        `${p.replace(/[^a-z0-9]+/gi, '_') || 'root'}${tap ? `-tap-${tap.replace(/[^a-z0-9]+/gi, '_')}` : ''}${click ? `-${click.replace(/[^a-z0-9]+/gi, '_')}` : ''}-${width}-${theme}${noJs ? '-nojs' : ''}.png`,
      );
      await shotPage.screenshot({ path: file, fullPage: true });
      console.log(file);
    }
  }
  await shotContext?.close();
  await context.close();
}
await browser.close();
demo?.stop();
