import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order vitest starts the test files in: within each project (vitest keeps the projects
 * apart), the longest files first, from the durations of a full run (test-durations.json), then
 * those it has no duration for. Vitest's own order needs its local cache, which a fresh clone (CI)
 * does not have: it then starts the largest files first, and the long but small ones (the
 * authorization matrix, the fuzzers: minutes each) came last, one worker running alone while the
 * other waited (decision 0117).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const durations: Record<string, number> = (() => {
  try {
    return JSON.parse(fs.readFileSync(path.join(root, 'test-durations.json'), 'utf8')).files;
  } catch {
    return {};
  }
})();

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const base = await super.sort(files);
    const rank = new Map(base.map((f, i) => [f, i]));
    const known = (f: TestSpecification) =>
      durations[path.relative(root, f.moduleId).split(path.sep).join('/')];
    const sorted = [...base].sort((a, b) => {
      // The projects stay in vitest's order, as one block each.
      if (a.project.name !== b.project.name) return rank.get(a)! - rank.get(b)!;
      const [da, db] = [known(a), known(b)];
      if (da !== undefined && db !== undefined) return db - da;
      if (da === undefined && db === undefined) return rank.get(a)! - rank.get(b)!;
      // A file without a duration (new) starts first: it may be long.
      return da === undefined ? -1 : 1;
    });
    // SEQ_DEBUG=1 prints the order.
    if (process.env.SEQ_DEBUG)
      console.error(sorted.map((f) => path.relative(root, f.moduleId)).join('\n'));
    return sorted;
  }
}
