import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint, Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { API_PATH_RULE, HAND_WRITTEN_API_PATHS, RAW_HELPER_FILES } from './api-paths.mjs';

/**
 * The rule that keeps API paths in the contract (scripts/lint/api-paths.mjs), and its ratchet:
 * the files that still write paths by hand are listed once, and the list only shrinks.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The number of listed files when the list was last shortened: lower it, never raise it. */
const LISTED_AT_MOST = 0;

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

  it('applies to every file but the contract, the generated tables and the listed ones', async () => {
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
    for (const file of HAND_WRITTEN_API_PATHS) expect(await ruleOf(file), file).toBeUndefined();
    for (const file of RAW_HELPER_FILES) expect(await ruleOf(file), file).toBeUndefined();
    // Loading the lint configuration (typescript-eslint) takes seconds on a loaded machine.
  }, 60_000);
});

describe('the files still allowed to write API paths (a ratchet)', () => {
  it('only shrinks', () => {
    expect(new Set(HAND_WRITTEN_API_PATHS).size).toBe(HAND_WRITTEN_API_PATHS.length);
    expect(
      HAND_WRITTEN_API_PATHS.length,
      'scripts/lint/api-paths.mjs : la liste ne grandit pas ; un nouveau fichier appelle les endpoints du contrat',
    ).toBeLessThanOrEqual(LISTED_AT_MOST);
  });

  it('holds only files that still need their place (a cleaned file leaves the list)', () => {
    // A text search, not a parse (parsing the listed files takes seconds): a quote, a backtick or
    // a template's `}` before the path, as the rule sees it.
    const handWritten = /['"`}]((GET|POST|PUT|PATCH|DELETE) )?\/(api|auth)\//;
    const cleaned = HAND_WRITTEN_API_PATHS.filter((file) => {
      const full = path.join(root, file);
      return !fs.existsSync(full) || !handWritten.test(fs.readFileSync(full, 'utf8'));
    });
    expect(cleaned, 'à retirer de HAND_WRITTEN_API_PATHS (et baisser LISTED_AT_MOST)').toEqual([]);
  });
});
