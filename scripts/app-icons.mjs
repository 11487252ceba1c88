#!/usr/bin/env node
// Renders the app icons (PNG) from apps/web/public/favicon.svg with sharp; the PNGs are committed.
// Usage: node scripts/app-icons.mjs   (run again after changing the SVG)
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const pub = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'apps', 'web', 'public');
const svg = path.join(pub, 'favicon.svg');
const sizes = {
  'favicon-32.png': 32,
  'apple-touch-icon.png': 180,
  'icon-192.png': 192,
  'icon-512.png': 512,
};
for (const [name, size] of Object.entries(sizes)) {
  await sharp(svg, { density: Math.ceil((72 * size) / 64) })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(pub, name));
  console.log(name, size);
}
