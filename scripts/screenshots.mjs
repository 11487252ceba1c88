#!/usr/bin/env node
// Screenshots of pages in headless Chromium at 375 px and 1280 px, in the three themes.
// Usage: node scripts/screenshots.mjs --base http://127.0.0.1:3000 --out .tmp/shots [--login email:password] /path1 /path2 ...
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const args = process.argv.slice(2);
const opt = (name, def) => {
  const i = args.indexOf(`--${name}`);
  if (i === -1) return def;
  const v = args[i + 1];
  args.splice(i, 2);
  return v;
};
const base = opt('base', 'http://127.0.0.1:3000');
const out = opt('out', '.tmp/shots');
const login = opt('login', null);
const themes = opt('themes', 'light,dark,daltonien').split(',');
const widths = opt('widths', '375,1280').split(',').map(Number);
const paths = args.length ? args : ['/'];

fs.mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
for (const width of widths) {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 812 : 900 } });
  const page = await context.newPage();
  if (login) {
    const [email, password] = login.split(':');
    await page.goto(`${base}/connexion`);
    await page.getByLabel(/email/i).fill(email);
    await page.getByLabel(/mot de passe/i).first().fill(password);
    await page.getByRole('button', { name: /connexion|se connecter/i }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/connexion'), { timeout: 15_000 });
  }
  for (const theme of themes) {
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    for (const p of paths) {
      await page.goto(`${base}${p}`, { waitUntil: 'networkidle' });
      await page.evaluate((t) => (document.documentElement.dataset.theme = t), theme);
      const file = path.join(out, `${p.replace(/[^a-z0-9]+/gi, '_') || 'root'}-${width}-${theme}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
    }
  }
  await context.close();
}
await browser.close();
