// Runs after `vite build`: renders each public content page to static HTML so it shows (and is
// indexed) before any script runs; main.tsx then hydrates it. Also writes dist/spa.html, the page
// served for client-only routes (apps/server/src/plugins/web.ts), and dist/app-shell.json, the app
// shells the server puts in it for signed-in screens (docs/decisions/0092-signed-in-app-shell.md).
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { build } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, 'dist');
const ssrOut = path.join(here, '.prerender');

await build({
  root: here,
  logLevel: 'warn',
  build: {
    ssr: 'src/prerender-entry.tsx',
    outDir: ssrOut,
    emptyOutDir: true,
    copyPublicDir: false,
    rollupOptions: { output: { entryFileNames: 'prerender-entry.mjs' } },
  },
});

const { render, renderAppShells, SHELL_CLUB, PRERENDERED_ROUTES } = await import(
  pathToFileURL(path.join(ssrOut, 'prerender-entry.mjs')).href
);
const template = await fs.readFile(path.join(dist, 'index.html'), 'utf8');
if (!template.includes('<!--app-html-->'))
  throw new Error('index.html: <!--app-html--> introuvable');

const escapeAttr = (s) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeText = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

// The stylesheet (≈ 4 kB compressed) is inlined in prerendered pages: no render-blocking request
// before the first paint (the CSP allows inline styles, not inline scripts).
const cssLink = template.match(/<link rel="stylesheet"[^>]*href="([^"]+\.css)"[^>]*>/);
const css = cssLink ? await fs.readFile(path.join(dist, cssLink[1]), 'utf8') : null;

// The build's manifest (vite.config.ts, build.manifest): the chunk of each page's module.
const manifestFile = path.join(dist, '.vite/manifest.json');
const manifest = JSON.parse(await fs.readFile(manifestFile, 'utf8'));

/** The public layout, a lazy chunk that every public page renders in (src/app/router.tsx). */
const PUBLIC_LAYOUT = 'src/app/layouts/public-layout.tsx';

/**
 * modulepreload links for the chunks of a page and of the public layout, with the chunks they
 * import, except those the template names already (the entry and its imports).
 */
function preloads(module) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file) || template.includes(`/${chunk.file}"`)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of [PUBLIC_LAYOUT, module]) {
    if (!manifest[key]) throw new Error(`${key} : absent du manifeste de la build`);
    visit(key);
  }
  return [...files]
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join('');
}

// The <link> stays, disabled (never fetched, never applied): a lazy chunk that lists this
// stylesheet among its dependencies finds it there, instead of appending it again at the end of
// <head>, where it would override the screens' own rules of equal weight (a month select cut in
// the date picker, seen in e2e/tests/ui/phone-layout.spec.ts).
const inlineCss = (html) =>
  cssLink && css
    ? html.replace(
        cssLink[0],
        () => `<style>${css}</style>${cssLink[0].replace(/\s*\/?>$/, ' disabled>')}`,
      )
    : html;

function page(html, meta, module) {
  return inlineCss(template)
    .replace('</head>', () => `${preloads(module)}</head>`)
    .replace(/<title>[\s\S]*?<\/title>/, `<title>${escapeText(meta.title)}</title>`)
    .replace(
      /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${escapeAttr(meta.description)}" />`,
    )
    .replace('<!--app-html-->', html);
}

// The shell first: the template with an empty root and the stylesheet inline, like the pages
// below. For a signed-in screen's URL the server puts that screen's app shell in the root
// (dist/app-shell.json, apps/server/src/plugins/web.ts, docs/decisions/0092-signed-in-app-shell.md):
// painted at HTML parse, before any script.
const spa = inlineCss(template).replace('<!--app-html-->', '');
if (!spa.includes('<div id="root"></div>'))
  throw new Error('spa.html : <div id="root"></div> introuvable');
await fs.writeFile(path.join(dist, 'spa.html'), spa);
const shells = renderAppShells();
// The h1 of each shell is checked by app-shell.test.tsx (the club dashboard's frame has none).
for (const { path: screen, html } of shells)
  if (html !== null && (!html.includes('<main') || !html.includes(SHELL_CLUB)))
    throw new Error(`coquille ${screen} : pas de <main> ou de nom de club`);
await fs.writeFile(
  path.join(dist, 'app-shell.json'),
  JSON.stringify({ root: '<div id="root"></div>', club: SHELL_CLUB, routes: shells }),
);
console.log(
  `coquilles de l'espace membre → app-shell.json (${shells.filter((s) => s.html).length} écrans)`,
);

for (const { path: route, meta, module } of PRERENDERED_ROUTES) {
  const html = await render(route);
  if (!html.includes('<h1')) throw new Error(`${route} : pas de <h1> dans le rendu`);
  const file =
    route === '/' ? path.join(dist, 'index.html') : path.join(dist, route.slice(1), 'index.html');
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, page(html, meta, module));
  console.log(`prérendu ${route} → ${path.relative(here, file)} (${html.length} octets)`);
}
await fs.rm(ssrOut, { recursive: true, force: true });
// The manifest served no purpose at run time.
await fs.rm(path.join(dist, '.vite'), { recursive: true, force: true });

// Pre-compressed copies (brotli and gzip) served by @fastify/static's preCompressed option.
async function* walk(dir) {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(p);
    else yield p;
  }
}
let compressed = 0;
for await (const file of walk(dist)) {
  if (!/\.(html|js|css|svg|txt|json)$/.test(file)) continue;
  const data = await fs.readFile(file);
  if (data.length < 1024) continue;
  await fs.writeFile(
    `${file}.br`,
    zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  await fs.writeFile(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
  compressed++;
}
console.log(`${compressed} fichiers pré-compressés (br, gz)`);
