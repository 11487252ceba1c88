#!/usr/bin/env node
// What each route's JavaScript is made of (bench/README.md, "What a route's JavaScript is made
// of"): per route, the chunks it fetches (gzip -9 of each file in apps/web/dist) and the packages
// and source folders inside them. No dependency: it reads the chunks' modules written by the
// build (apps/web/build/bundle-stats.ts, node_modules/.cache/club-web/bundle-stats.json).
//
// The routes: '/' is the prerendered index.html with the chunks it imports statically (as
// bench/bundle-size.mjs counts it); signed-in routes are what the budget test saw each route fetch
// (BUNDLE_ROUTES=<file> npx playwright test tests/performance/bundle-budget.spec.ts, from e2e/).
//
// Usage: npm run build -w @club/web && node bench/bundle-composition.mjs [--routes file.json]
//        [--top 8] [--route calendrier]   (--route keeps the routes whose path contains it)
// A group's size is its share of each file's gzip -9 size, in proportion to its modules' code
// gzipped alone (the code is taken before minification): an estimate, within a few percent.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { repoRoot } from './lib-server.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const top = Number(arg('--top', 8));
const only = arg('--route', '');
const dist = path.join(repoRoot, 'apps/web/dist');
const statsFile = path.join(repoRoot, 'node_modules/.cache/club-web/bundle-stats.json');
const routesFile = arg('--routes', path.join(repoRoot, 'node_modules/.cache/club-web/routes.json'));
const { chunks } = JSON.parse(fs.readFileSync(statsFile, 'utf8'));
const byFile = new Map(chunks.map((c) => [c.fileName, c]));
const gz = (text) => zlib.gzipSync(text, { level: 9 }).length;
const kB = (n) => (n / 1024).toFixed(1);

/** A module's group: its npm package, else its folder of the web app or the contract. */
function group(id) {
  const pkg = id.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1];
  const web = id.match(/^apps\/web\/src\/((?:features|app\/routes)\/[^/]+|[^/]+(?:\/[^/.]+)?)/);
  if (web) return `web: ${web[1].replace(/\.tsx?$/, '')}`;
  const contract = id.match(/^packages\/contract\/src\/([^/]+?)(?:\.ts)?$/);
  if (contract) return 'contract';
  return id;
}

/** Chunk names without their hash: index-CXfOLsvF.js → index. */
const short = (file) => path.basename(file).replace(/-[\w-]{8}\.js$/, '');

function staticClosure(files) {
  const seen = new Set();
  const queue = [...files];
  while (queue.length) {
    const f = queue.shift();
    if (seen.has(f) || !byFile.has(f)) continue;
    seen.add(f);
    queue.push(...byFile.get(f).imports);
  }
  return [...seen];
}

const routes = [];
const indexHtml = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const publicStart = [
  ...indexHtml.matchAll(
    /<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/?([^"]+\.js)"/g,
  ),
].map((m) => m[1]);
routes.push({ path: '/', files: staticClosure(publicStart) });
if (fs.existsSync(routesFile)) {
  for (const [p, files] of Object.entries(JSON.parse(fs.readFileSync(routesFile, 'utf8'))))
    routes.push({ path: p, files });
} else {
  console.log(`(pas de ${path.relative(repoRoot, routesFile)} : seules les routes publiques)`);
}

for (const route of routes.filter((r) => r.path.includes(only))) {
  const present = route.files.filter((f) => fs.existsSync(path.join(dist, f)));
  const sizes = present.map((f) => ({ f, gz: gz(fs.readFileSync(path.join(dist, f))) }));
  const total = sizes.reduce((a, s) => a + s.gz, 0);
  // Per chunk, each group's share of the file's gzip size: the modules' code as the build hands it
  // to the minifier is not minified, so a group is gzipped alone and the chunk's real size is
  // shared out in proportion.
  const share = new Map();
  for (const { f, gz: size } of sizes) {
    const code = new Map();
    for (const m of byFile.get(f)?.modules ?? [])
      code.set(group(m.id), (code.get(group(m.id)) ?? '') + m.code);
    const alone = [...code].map(([g, c]) => [g, gz(c)]);
    const sum = alone.reduce((a, [, n]) => a + n, 0);
    for (const [g, n] of alone) share.set(g, (share.get(g) ?? 0) + (size * n) / sum);
  }
  const groups = [...share].map(([g, n]) => ({ g, gz: n })).sort((a, b) => b.gz - a.gz);
  const theme = route.files.filter((f) => !byFile.has(f)).length;
  console.log(`\n${route.path} — ${kB(total)} kB gzip, ${present.length} fichiers`);
  console.log(
    '  fichiers : ' +
      sizes
        .sort((a, b) => b.gz - a.gz)
        .map((s) => `${short(s.f)} ${kB(s.gz)}`)
        .join(', ') +
      (theme ? ` (dont ${theme} hors build Vite)` : ''),
  );
  console.log(
    '  contenu  : ' +
      groups
        .slice(0, top)
        .map((x) => `${x.g} ${kB(x.gz)}`)
        .join(', ') +
      `, autres ${kB(groups.slice(top).reduce((a, x) => a + x.gz, 0))}`,
  );
}
