#!/usr/bin/env node
// JavaScript shipped to '/' (budget of decision 0005: ≤ 100 kB gzip): the scripts and module
// preloads of the prerendered dist/index.html, plus every chunk they import statically (what the
// browser fetches before the page is interactive). Lazy chunks (import()) are not counted: '/'
// never loads them. Usage: npm run build -w @club/web && node bench/bundle-size.mjs [--max-kb 100]
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { repoRoot } from './lib-server.mjs';

const maxKb = Number(process.argv[process.argv.indexOf('--max-kb') + 1]) || 100;
const dist = path.join(repoRoot, 'apps/web/dist');
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const start = [
  ...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g),
].map((m) => m[1]);
const seen = new Set();
const queue = [...start];
while (queue.length) {
  const url = queue.shift();
  if (seen.has(url)) continue;
  seen.add(url);
  const code = fs.readFileSync(path.join(dist, url), 'utf8');
  // Static imports only: `import … from "./x.js"` and `import "./x.js"` (not `import("./x.js")`).
  for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([^"']+\.js)["']/g)) {
    queue.push(path.posix.join(path.posix.dirname(url), m[1]));
  }
}
let total = 0;
const rows = [...seen].map((url) => {
  const buf = fs.readFileSync(path.join(dist, url));
  const gz = zlib.gzipSync(buf, { level: 9 }).length;
  total += gz;
  return { file: url, raw_kB: +(buf.length / 1024).toFixed(1), gzip_kB: +(gz / 1024).toFixed(1) };
});
console.table(rows);
const kb = total / 1024;
console.log(`JavaScript pour '/' : ${kb.toFixed(1)} kB gzip (budget ${maxKb} kB)`);
if (kb > maxKb) process.exit(1);
