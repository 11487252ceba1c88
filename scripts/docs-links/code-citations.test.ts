import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKED_FOLDERS, forbiddenCitations, trackedFiles } from './code-citations.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** This checker and its test name the forbidden citations on purpose. */
const SELF = new Set([
  'scripts/docs-links/code-citations.ts',
  'scripts/docs-links/code-citations.test.ts',
]);

describe('citations in code comments and test names', () => {
  const files = trackedFiles(repoRoot, CHECKED_FOLDERS).filter((f) => !SELF.has(f));

  it('reads the tracked files of apps, packages, e2e, bench, scripts, the CI script and the root', () => {
    expect(files).toEqual(
      expect.arrayContaining([
        'apps/server/src/app.ts',
        'packages/contract/src/index.ts',
        'e2e/fixtures.ts',
        'bench/README.md',
        'scripts/server-flags.mjs',
        '.ci/run',
        '.dependency-cruiser.cjs',
        'eslint.config.js',
        'vitest.config.ts',
        'README.md',
      ]),
    );
    expect(files).not.toContain('CHANGELOG.md');
    expect(files.filter((f) => !f.includes('/'))).not.toContain('apps');
  });

  it('none points outside the repository (design notes, style notes, work item numbers)', () => {
    const hits = forbiddenCitations(repoRoot, files).map(
      (c) => `${c.file}:${c.line} (${c.what}): ${c.text}`,
    );
    expect(hits).toEqual([]);
  });
});

describe('the citation checker', () => {
  let root: string;
  beforeAll(() => {
    // Assembled from pieces so that a plain grep of the repository does not find them here.
    const [arch, style, issue] = ['ARCHI' + 'TECTURE', 'STYLE' + '.md', 'issue'];
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'code-citations-'));
    fs.writeFileSync(
      path.join(root, 'a.ts'),
      [
        '/** Tenant 404 (docs/architecture.md §7). */',
        `/** Tenant 404 (${arch} §6). */`,
        `// As in ${arch}.md`,
        '// Architecture §4: the data model',
        `/* One line per feature (${style}). */`,
        `describe('[members] teams picker (${issue} 8)', () => {});`,
        '// Issue 13: one mail per burst',
        `// See ${issue} #12 and ${issue}s 3 and 4.`,
        '// The issue-9 figures',
        "const message = 'Une issue est possible';",
        '// Zod issue messages in French (decision 0016)',
      ].join('\n'),
    );
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('reports each citation with its line, and leaves repo documents and plain words alone', () => {
    expect(forbiddenCitations(root, ['a.ts']).map((c) => c.line)).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
  });
});
