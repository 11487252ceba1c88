import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anchorsOf, brokenLinks, markdownFiles, slug } from './markdown-links.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('links of the documentation', () => {
  const files = markdownFiles(repoRoot);

  it('reads the README, the changelog, docs/ and bench/', () => {
    expect(files).toEqual(
      expect.arrayContaining([
        'README.md',
        'CHANGELOG.md',
        'docs/architecture.md',
        'docs/conventions.md',
        'docs/decisions/README.md',
        'bench/README.md',
      ]),
    );
  });

  it('every relative link resolves to a file, a folder or a heading of the repository', () => {
    const broken = files
      .flatMap((file) => brokenLinks(repoRoot, file))
      .map((b) => `${b.file}:${b.line} ${b.target} (${b.reason})`);
    expect(broken).toEqual([]);
  });
});

describe('the link checker', () => {
  let root: string;
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'md-links-'));
    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), text);
    };
    write(
      'docs/a.md',
      [
        '# A',
        '## 3. A request’s way (`server`)',
        '## Twice',
        '## Twice',
        '[ok](b.md) [ok](#twice-1) [ok](b.md#b-section) [ok](../folder/) [web](https://example.org/x)',
        '[missing file](c.md) and [missing anchor](b.md#nope)',
        '![missing image](img/x.webp)',
        '`[code](not-a-link.md)`',
        '```',
        '[fenced](not-a-link-either.md)',
        '```',
        '[ref]: ./gone.md',
        '[outside](../../elsewhere.md)',
      ].join('\n'),
    );
    write('docs/b.md', '# B section\n');
    write('folder/x.txt', '');
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('reports missing files, missing anchors, images, definitions and links out of the tree', () => {
    const broken = brokenLinks(root, 'docs/a.md').map((b) => `${b.line} ${b.target}: ${b.reason}`);
    expect(broken).toEqual([
      '6 c.md: no such file or folder',
      '6 b.md#nope: no heading #nope',
      '7 img/x.webp: no such file or folder',
      '12 ./gone.md: no such file or folder',
      '13 ../../elsewhere.md: points outside the repository',
    ]);
  });

  it('computes the anchors GitHub gives headings', () => {
    expect(slug('4. The endpoint contract and the request scope')).toBe(
      '4-the-endpoint-contract-and-the-request-scope',
    );
    expect(slug('Load: saturation and 10 minutes at 70 % (bench/load/run.mjs)')).toBe(
      'load-saturation-and-10-minutes-at-70--benchloadrunmjs',
    );
    expect([...anchorsOf(fs.readFileSync(path.join(root, 'docs/a.md'), 'utf8'))]).toEqual([
      'a',
      '3-a-requests-way-server',
      'twice',
      'twice-1',
    ]);
  });
});
