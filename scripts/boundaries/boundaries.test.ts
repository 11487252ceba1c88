import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cruise, type IReporterOutput } from 'dependency-cruiser';

/**
 * The import boundaries of .dependency-cruiser.cjs fail on a violation: each case writes a tiny
 * tree with one forbidden import in a temporary folder and cruises it with the real rule set
 * (the repository itself must stay clean, so the fixtures never live in it).
 */
const config = createRequire(import.meta.url)('../../.dependency-cruiser.cjs');
let root: string;

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'boundaries-'));
});
afterAll(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

function tree(name: string, files: Record<string, string>): string {
  const dir = path.join(root, name);
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

async function violations(dir: string): Promise<string[]> {
  const roots = ['apps', 'packages'].filter((d) => fs.existsSync(path.join(dir, d)));
  const result: IReporterOutput = await cruise(roots, {
    validate: true,
    ruleSet: { forbidden: config.forbidden },
    ...config.options,
    baseDir: dir,
  });
  const output = result.output as { summary: { violations: { rule: { name: string } }[] } };
  return output.summary.violations.map((v) => v.rule.name);
}

describe('[lint] import boundaries', () => {
  it('a web feature importing another feature fails', async () => {
    const dir = tree('web-features', {
      'apps/web/src/features/calendar/components/x.ts':
        "import { y } from '../../members/api/y.ts';\nexport const x = y;\n",
      'apps/web/src/features/members/api/y.ts': 'export const y = 1;\n',
    });
    expect(await violations(dir)).toEqual(['web-feature-isolation']);
  });

  it('a server feature reaching into another feature’s internals fails; its index.ts is fine', async () => {
    const dir = tree('server-features', {
      'apps/server/src/features/events/a.ts':
        "import { b } from '../members/members.service.ts';\nimport { c } from '../members/index.ts';\nexport const a = b + c;\n",
      'apps/server/src/features/members/members.service.ts': 'export const b = 1;\n',
      'apps/server/src/features/members/index.ts': 'export const c = 2;\n',
    });
    expect(await violations(dir)).toEqual(['server-feature-through-index']);
  });

  it('the web importing the server, db/ or lib/ importing a feature, the contract importing fs, a cycle: each fails', async () => {
    const dir = tree('others', {
      'apps/web/src/lib/a.ts':
        "import { s } from '../../../server/src/lib/s.ts';\nexport const a = s;\n",
      'apps/server/src/lib/s.ts': 'export const s = 1;\n',
      'apps/server/src/db/d.ts':
        "import { f } from '../features/teams/index.ts';\nexport const d = f;\n",
      'apps/server/src/features/teams/index.ts': 'export const f = 1;\n',
      'packages/contract/src/c.ts': "import fs from 'node:fs';\nexport const c = fs;\n",
      'apps/server/src/lib/p.ts': "import { q } from './q.ts';\nexport const p = () => q;\n",
      'apps/server/src/lib/q.ts': "import { p } from './p.ts';\nexport const q = () => p;\n",
    });
    expect([...new Set(await violations(dir))].sort()).toEqual(
      [
        'contract-only-zod',
        'no-circular',
        'server-shared-below-features',
        'web-not-to-server',
      ].sort(),
    );
  });

  it('e2e importing the app’s code, a bench reaching a feature, an app importing a bench: each fails', async () => {
    const dir = tree('tooling', {
      'e2e/tests/x.spec.ts':
        "import { s } from '../../apps/server/src/lib/s.ts';\nexport const x = s;\n",
      'apps/server/src/lib/s.ts': 'export const s = 1;\n',
      'bench/b.ts':
        "import { f } from '../apps/server/src/features/teams/index.ts';\nimport { a } from '../apps/server/src/app.ts';\nexport const b = f + a;\n",
      'apps/server/src/features/teams/index.ts': 'export const f = 1;\n',
      'apps/server/src/app.ts': 'export const a = 1;\n',
      'apps/server/src/db/d.ts':
        "import { b } from '../../../../bench/b.ts';\nexport const d = b;\n",
    });
    const roots = ['apps', 'e2e', 'bench'];
    const result: IReporterOutput = await cruise(roots, {
      validate: true,
      ruleSet: { forbidden: config.forbidden },
      ...config.options,
      baseDir: dir,
    });
    const output = result.output as { summary: { violations: { rule: { name: string } }[] } };
    expect([...new Set(output.summary.violations.map((v) => v.rule.name))].sort()).toEqual(
      ['apps-not-to-tooling', 'bench-server-entry-points', 'e2e-through-http'].sort(),
    );
  });

  it('a tree that keeps the rules passes', async () => {
    const dir = tree('clean', {
      'apps/web/src/features/calendar/a.ts':
        "import { l } from '../../lib/l.ts';\nexport const a = l;\n",
      'apps/web/src/lib/l.ts': 'export const l = 1;\n',
      'apps/server/src/features/events/e.ts':
        "import { m } from '../members/index.ts';\nexport const e = m;\n",
      'apps/server/src/features/members/index.ts': 'export const m = 1;\n',
    });
    expect(await violations(dir)).toEqual([]);
  });
});
