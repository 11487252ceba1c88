import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ISOLATED_WEB_TESTS } from '../vitest.config.ts';

/**
 * The web test files share their worker's document and modules (apps/web/vitest.config.ts), except
 * those that replace a module or a global, which run isolated: a new file that mocks or stubs
 * something must join that list, or its replacement would leak into the files after it.
 */
const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** What leaks into the next file of a shared worker (stubbed globals are restored by the config). */
const REPLACES =
  /vi\.mock\(|vi\.doMock\(|vi\.resetModules\(|Object\.defineProperty\(window|globalThis\.[a-zA-Z]+ =|window\.[a-zA-Z]+ =/;

function testFiles(dir: string): string[] {
  return fs.readdirSync(path.join(web, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) return testFiles(rel);
    return /\.test\.tsx?$/.test(e.name) ? [rel] : [];
  });
}

describe('web test isolation', () => {
  it('every web test file that replaces a module or a property of window runs isolated', () => {
    const replacing = [...testFiles('src'), ...testFiles('build')].filter((f) =>
      REPLACES.test(fs.readFileSync(path.join(web, f), 'utf8')),
    );
    expect(replacing.length).toBeGreaterThan(0);
    expect(replacing.filter((f) => !ISOLATED_WEB_TESTS.includes(f))).toEqual([]);
  });

  it('lists only files that exist', () => {
    expect(ISOLATED_WEB_TESTS.filter((f) => !fs.existsSync(path.join(web, f)))).toEqual([]);
  });
});
