import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * docs/security.md lists the production dependencies, with what uses them: the list must be the
 * packages the workspaces really depend on (it named `@fastify/helmet`, which the server does not
 * use — it uses `helmet` — and left out `rrule`).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const WORKSPACES = {
  server: 'apps/server/package.json',
  web: 'apps/web/package.json',
  contract: 'packages/contract/package.json',
} as const;

/** package name → the workspaces that depend on it in production. */
function actualDependencies(): Map<string, Set<string>> {
  const deps = new Map<string, Set<string>>();
  for (const [workspace, file] of Object.entries(WORKSPACES)) {
    const json = JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as {
      dependencies?: Record<string, string>;
    };
    for (const name of Object.keys(json.dependencies ?? {})) {
      if (name.startsWith('@club/')) continue;
      if (!deps.has(name)) deps.set(name, new Set());
      deps.get(name)!.add(workspace);
    }
  }
  return deps;
}

/** package name → the workspaces of the "used by" column, from the section's table. */
function documentedDependencies(): Map<string, Set<string>> {
  const doc = fs.readFileSync(path.join(root, 'docs/security.md'), 'utf8');
  const section = doc.split('## Production dependencies')[1]!.split('\n## ')[0]!;
  const table = section
    .split('\n\n')
    .find((block) => block.includes('| package | version | used by |'))!;
  const deps = new Map<string, Set<string>>();
  for (const line of table.split('\n').slice(2)) {
    const cells = line.split('|').map((c) => c.trim());
    if (cells.length < 4) continue;
    // "server (members import)": the workspaces, then what the package is for.
    const workspaces = cells[3]!.replace(/\s*\(.*\)\s*$/, '');
    const usedBy = new Set(workspaces.split(',').map((w) => w.trim()));
    for (const name of cells[1]!.split(',').map((n) => n.trim())) deps.set(name, usedBy);
  }
  return deps;
}

describe('[security] docs/security.md names the production dependencies', () => {
  it('every production dependency, with the workspaces using it, and nothing else', () => {
    const actual = actualDependencies();
    const documented = documentedDependencies();
    expect(documented.size).toBeGreaterThan(20);
    const asObject = (m: Map<string, Set<string>>) =>
      Object.fromEntries([...m].map(([k, v]) => [k, [...v].sort()]).sort());
    expect(asObject(documented)).toEqual(asObject(actual));
  });
});
