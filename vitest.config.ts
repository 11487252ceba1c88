import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './scripts/vitest-sequencer.ts';

export default defineConfig({
  test: {
    // Vitest's default in a run is one worker fewer than the cores: one worker on a 2-core CI
    // machine. The test files spend most of their time in PGlite (WebAssembly, in the worker) and
    // the main process little, so two workers use both cores (decision 0055).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    // The longest files first (scripts/vitest-sequencer.ts), so that no worker runs alone at the end.
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      'packages/contract/vitest.config.ts',
      'apps/server/vitest.config.ts',
      'apps/web/vitest.config.ts',
      'apps/web/vitest.isolated.config.ts',
      'scripts/vitest.config.ts',
    ],
    // .ci/run sets VITEST_JSON to read the totals from a JSON report.
    reporters: process.env.VITEST_JSON
      ? ['default', ['json', { outputFile: process.env.VITEST_JSON }]]
      : ['default'],
  },
});
