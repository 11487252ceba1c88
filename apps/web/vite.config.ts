import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { VitePWA } from 'vite-plugin-pwa';
import { bundleStats } from './build/bundle-stats.ts';
import { pureContractSchemas } from './build/pure-contract-schemas.ts';
import { signedInCore } from './build/signed-in-core.ts';

const core = signedInCore();

export default defineConfig({
  plugins: [
    react(),
    pureContractSchemas(),
    core.plugin,
    // What each chunk is made of, for bench/bundle-composition.mjs (outside dist).
    bundleStats(
      fileURLToPath(
        new URL('../../node_modules/.cache/club-web/bundle-stats.json', import.meta.url),
      ),
      fileURLToPath(new URL('../..', import.meta.url)),
    ),
    // The service worker (src/sw.ts) with the precache manifest of the build injected; it is
    // registered by the signed-in area (src/lib/service-worker.ts), never by the public pages.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectRegister: false,
      // public/manifest.webmanifest is linked by index.html already.
      manifest: false,
      injectManifest: {
        // The app shell: scripts, styles, icons. Not index.html (after the build it is the
        // prerendered landing page): the shell is spa.html, written by prerender.mjs, added below.
        globPatterns: ['assets/**/*.{js,css,woff2}', '*.{png,svg,webmanifest}', 'theme-init.js'],
        globIgnores: ['**/captures/**'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        additionalManifestEntries: [{ url: '/spa.html', revision: `${Date.now()}` }],
      },
      devOptions: { enabled: false },
    }),
  ],
  resolve: {
    alias: [
      // react-router's package exports point every bundler at its development build; its
      // production build is the same code with the development warnings off
      // (docs/decisions/0094-route-javascript-composition.md).
      {
        find: /^react-router$/,
        replacement: fileURLToPath(
          new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
        ),
      },
    ],
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/auth': 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // Read by prerender.mjs (each prerendered page preloads its chunk), then deleted.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // zod in a chunk of its own: left to the default grouping it shared a chunk with small
          // zod-free contract modules (the member status label), and a screen showing that label
          // fetched zod with it (decision 0090).
          groups: [{ name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/ }, core.group],
        },
      },
    },
  },
});
