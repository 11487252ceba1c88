// Bundles the server (and the contract package it imports) into dist/server.mjs; npm packages stay external.
import { build } from 'esbuild';

await build({
  entryPoints: { server: 'src/server.ts', 'seed-demo': 'src/scripts/seed-demo.ts' },
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  // The contract workspace is TypeScript source: bundle it instead of leaving it external.
  plugins: [
    {
      name: 'bundle-contract',
      setup(b) {
        b.onResolve({ filter: /^@club\/contract/ }, async (args) => {
          const sub = args.path.replace('@club/contract', '') || '/index';
          return {
            path: new URL(`../../packages/contract/src${sub}.ts`, import.meta.url).pathname,
          };
        });
      },
    },
  ],
  sourcemap: true,
  logLevel: 'warning',
});
