import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain-Node module of the bench, without types
import { recordRun } from '../../bench/lib/record.mjs';

/**
 * bench/README.md keeps the method and the latest figures (at most 400 lines); every run's log
 * goes to bench/results/<date>.md, and the bench's recorder writes there, never to the README.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-record-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('bench/README.md', () => {
  it('holds the method and the latest figures only: at most 400 lines, no run log', () => {
    const readme = fs.readFileSync(path.join(repoRoot, 'bench/README.md'), 'utf8');
    expect(readme.split('\n').length).toBeLessThanOrEqual(400);
    expect(readme).not.toMatch(/^#+ New runs/m);
    expect(readme).not.toMatch(/^#+ 20\d\d-\d\d-\d\d \d\d:\d\d UTC/m);
  });
});

describe('the bench recorder (bench/lib/record.mjs)', () => {
  it('appends a run to bench/results/<date>.md and lists a new date once', () => {
    fs.mkdirSync(path.join(tmp, 'bench/results'), { recursive: true });
    fs.writeFileSync(path.join(tmp, 'bench/results/README.md'), '| date | runs |\n|---|---|\n');
    recordRun(tmp, '2031-01-02', '## 10:00 UTC — `npm run bench`\n\nfigures A');
    recordRun(tmp, '2031-01-02', '## 11:00 UTC — `npm run bench`\n\nfigures B');
    const log = fs.readFileSync(path.join(tmp, 'bench/results/2031-01-02.md'), 'utf8');
    expect(log).toMatch(/^# Benchmark runs of 2031-01-02/);
    expect(log.indexOf('figures A')).toBeLessThan(log.indexOf('figures B'));
    const index = fs.readFileSync(path.join(tmp, 'bench/results/README.md'), 'utf8');
    expect(index.match(/\[2031-01-02\]\(2031-01-02\.md\)/g)).toHaveLength(1);
    expect(fs.existsSync(path.join(tmp, 'bench/README.md'))).toBe(false);
  });
});
