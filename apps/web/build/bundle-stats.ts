import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

export interface BundleStatsChunk {
  fileName: string;
  /** Static imports (other chunks the browser fetches with this one). */
  imports: string[];
  dynamicImports: string[];
  /** The module a lazy chunk was made for, relative to the repository. */
  facade: string | null;
  /** Each module's rendered code (what is left after tree-shaking), by id relative to the repository. */
  modules: { id: string; code: string }[];
}

/**
 * Writes what each JavaScript chunk of the build is made of — its modules' rendered code and the
 * chunks it imports — to `file`, for `bench/bundle-composition.mjs` (bench/README.md, "What a
 * route's JavaScript is made of"). Nothing is added to dist.
 */
export function bundleStats(file: string, root: string): Plugin {
  const rel = (id: string) =>
    path.relative(root, id.replace(/^\0/, '').replace(/\?.*$/, '')).split(path.sep).join('/');
  let ssr = false;
  return {
    name: 'club:bundle-stats',
    apply: 'build',
    configResolved(config) {
      // prerender.mjs builds the same configuration for the server: not what browsers fetch.
      ssr = Boolean(config.build.ssr);
    },
    generateBundle(_options, bundle) {
      if (ssr) return;
      const chunks: BundleStatsChunk[] = [];
      for (const out of Object.values(bundle)) {
        if (out.type !== 'chunk') continue;
        chunks.push({
          fileName: out.fileName,
          imports: out.imports,
          dynamicImports: out.dynamicImports,
          facade: out.facadeModuleId ? rel(out.facadeModuleId) : null,
          modules: Object.entries(out.modules)
            .filter(([, m]) => m.code)
            .map(([id, m]) => ({ id: rel(id), code: m.code! })),
        });
      }
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, JSON.stringify({ chunks }));
    },
  };
}
