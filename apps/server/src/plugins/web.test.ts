import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webPlugin from './web.ts';

// A built web app in miniature: spa.html with its empty root, a prerendered page, and the app
// shells as apps/web/prerender.mjs writes them (docs/decisions/0092-signed-in-app-shell.md).
const SPA =
  '<!doctype html><html lang="fr"><head><title>Club Manager</title></head><body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>';
const shell = (heading: string) =>
  `<div class="app-shell" data-app-shell=""><header class="app-nav" inert=""><strong>__CLUB_NAME__</strong></header><main id="contenu"><h1>${heading}</h1></main></div>`;
const SHELLS = {
  root: '<div id="root"></div>',
  club: '__CLUB_NAME__',
  routes: [
    { path: ':nomClub/dashboard/*', html: shell('Tableau de bord') },
    { path: ':nomClub/membres/*', html: shell('Membres du Club') },
    { path: ':nomClub/equipes/*', html: null },
    { path: ':nomClub/calendrier/*', html: shell('Calendrier du club') },
    { path: ':nomClub/:nomEquipe/membres/*', html: null },
    { path: ':nomClub/:nomEquipe/matche/*', html: shell("Matches de l'équipe") },
  ],
};

let dir: string;
let app: FastifyInstance;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-plugin-'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><h1>Accueil</h1>');
  fs.writeFileSync(path.join(dir, 'spa.html'), SPA);
  fs.writeFileSync(path.join(dir, 'app-shell.json'), JSON.stringify(SHELLS));
  fs.mkdirSync(path.join(dir, 'tarifs'));
  fs.writeFileSync(path.join(dir, 'tarifs', 'index.html'), '<!doctype html><h1>Tarifs</h1>');
  app = Fastify();
  await app.register(webPlugin, { root: dir });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const page = async (url: string) => {
  const res = await app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(res.headers['cache-control']).toBe('no-cache');
  return res.body;
};
const h1s = (html: string) => [...html.matchAll(/<h1>(.*?)<\/h1>/g)].map((m) => m[1]);

describe('[perf] app shell in the HTML of signed-in URLs', () => {
  it("a screen's URL: spa.html with the frame, the club's name from the URL and the screen's h1 in #root", async () => {
    const club = encodeURIComponent('AS Démo Nantes');
    const html = await page(`/${club}/dashboard`);
    expect(html).toContain(
      '<div id="root"><div class="app-shell" data-app-shell=""><header class="app-nav" inert=""><strong>AS Démo Nantes</strong>',
    );
    expect(h1s(html)).toEqual(['Tableau de bord']);
    expect(html).toContain('<script type="module" src="/assets/index.js"></script>');

    expect(h1s(await page(`/${club}/membres`))).toEqual(['Membres du Club']);
    expect(h1s(await page(`/${club}/calendrier?vue=mois`))).toEqual(['Calendrier du club']);
    expect(h1s(await page(`/${club}/${encodeURIComponent('Seniors A')}/matche`))).toEqual([
      "Matches de l'équipe",
    ]);
    // A sub-path of a screen is that screen (the router's routes end with /*).
    expect(h1s(await page(`/${club}/membres/`))).toEqual(['Membres du Club']);
  });

  it('the page with a shell goes compressed when the browser takes it', async () => {
    const url = `/${encodeURIComponent('AS Démo Nantes')}/membres`;
    const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(await page(url));
    const gz = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(await page(url));
  });

  it("never puts the URL's text unescaped in the HTML", async () => {
    const name = `<script>alert("x")</script>' & <img src=x onerror=alert(1)>`;
    const html = await page(`/${encodeURIComponent(name)}/dashboard`);
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('"x"');
    expect(html).toContain(
      '<strong>&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62;&#39; &#38; &#60;img src=x onerror=alert(1)&#62;</strong>',
    );
    expect(h1s(html)).toEqual(['Tableau de bord']);
    // Only the page's own script.
    expect(html.match(/<script/g)).toHaveLength(1);
  });

  it('a URL naming no screen with a shell gets spa.html as it is', async () => {
    const club = encodeURIComponent('AS Démo Nantes');
    for (const url of [
      `/${club}/equipes`, // a signed-in screen without a shell
      `/${club}/Seniors/membres`, // the team's members (more specific than the club's screens)
      `/${club}/inconnu`,
      `/${club}`,
      '/contact',
    ])
      expect(await page(url), url).toBe(SPA);
    // Prerendered pages stay as they are.
    expect(await page('/tarifs')).toBe('<!doctype html><h1>Tarifs</h1>');
    expect(await page('/')).toBe('<!doctype html><h1>Accueil</h1>');
  });
});
