import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint, Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { API_PATH_RULE, RAW_HELPER_FILES } from './api-paths.mjs';

/**
 * The rule that keeps API paths in the contract (scripts/lint/api-paths.mjs), and the search that
 * proves nothing else writes one, titles and comments included.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const linter = new Linter({ configType: 'flat' });
const lint = (code: string, file = 'probe.ts') =>
  linter
    .verify(
      code,
      [
        {
          files: ['**/*.ts'],
          languageOptions: { parser: tseslint.parser as Linter.Parser },
          rules: { 'no-restricted-syntax': API_PATH_RULE as Linter.RuleEntry },
        },
      ],
      file,
    )
    .map((m) => m.line);

describe('API paths written by hand (lint rule)', () => {
  it('fails on a string or template literal that starts with /api/ or /auth/, or names a route', () => {
    expect(lint("const a = '/api/membres';")).toEqual([1]);
    expect(lint('const b = `${base}/auth/csrf`;\nconst c = `/api/equipes/${id}`;')).toEqual([1, 2]);
    expect(lint("const d = 'GET /api/membres/:id';")).toEqual([1]);
  });

  it('lets the typed calls, the contract’s paths and other strings through', () => {
    expect(lint('await client.send(api.members.get, { params: { id } });')).toEqual([]);
    expect(lint('const e = urlOf(api.clubs.logo, { params: { id: 1 } });')).toEqual([]);
    expect(
      lint("const f = '/apiculture'; const g = '/connexion'; // '/api/x' in a comment"),
    ).toEqual([]);
  });

  it('applies to every file but the contract (with its generated tables) and the two raw helpers', async () => {
    const eslint = new ESLint({ cwd: root });
    const ruleOf = async (file: string) =>
      (await eslint.calculateConfigForFile(path.join(root, file))).rules?.['no-restricted-syntax'];
    expect(
      await ruleOf('apps/server/src/features/a-new-feature/a-new-feature.test.ts'),
    ).toBeTruthy();
    expect(await ruleOf('e2e/tests/a-new-area/a-new-journey.spec.ts')).toBeTruthy();
    expect(await ruleOf('apps/web/src/features/a-new-feature/a-new-screen.test.tsx')).toBeTruthy();
    expect(await ruleOf('bench/a-new-bench/run.mjs')).toBeTruthy();
    expect(await ruleOf('packages/contract/src/api/members.ts')).toBeUndefined();
    for (const file of RAW_HELPER_FILES) expect(await ruleOf(file), file).toBeUndefined();
    // Loading the lint configuration (typescript-eslint) takes seconds on a loaded machine.
  }, 60_000);
});

describe('API paths written by hand (the whole tree)', () => {
  it('appear nowhere in apps, e2e, bench and scripts but the two raw helpers', () => {
    // A text search, as a reader would grep: a quote, a backtick or a template's `}` before the
    // path; test titles and comments count too (the lint rule lets a title name its route).
    const handWritten = /['"`}]((GET|POST|PUT|PATCH|DELETE) )?\/(api|auth)\//;
    const files = execFileSync('git', ['ls-files', 'apps', 'e2e', 'bench', 'scripts'], {
      cwd: root,
      encoding: 'utf8',
    })
      .split('\n')
      .filter((f) => /\.(ts|tsx|mjs|js)$/.test(f) && f !== 'scripts/lint/api-paths.mjs')
      .filter((f) => !f.startsWith('scripts/lint/api-paths.test.ts'))
      .filter((f) => !RAW_HELPER_FILES.includes(f));
    expect(files.length).toBeGreaterThan(500);
    const found = files.flatMap((file) =>
      fs
        .readFileSync(path.join(root, file), 'utf8')
        .split('\n')
        .flatMap((line, i) => (handWritten.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(found, 'appeler la déclaration du contrat (client.send, api.client, urlOf)').toEqual([]);
  });
});
