import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Code comments and test names cite documents of this repository or state the rule
 * (docs/conventions.md §5): never the design and style notes the project started from, nor a work
 * item's number, which a reader of the code cannot open. docs/decisions/README.md, "Older
 * citations", maps the old citations to the documents that replaced them.
 */
export const FORBIDDEN_CITATIONS: readonly { pattern: RegExp; what: string }[] = [
  { pattern: /\bARCHITECTURE\b/, what: 'the design notes outside the repository' },
  { pattern: /\bArchitecture §/, what: 'the design notes outside the repository' },
  { pattern: /\bSTYLE\.md\b/, what: 'the style notes outside the repository' },
  { pattern: /\b[Ii]ssues?[ -]#?\d/, what: 'a work item number' },
];

/**
 * What is checked: these folders, the CI script, and the files at the repository's root (the lint,
 * import-boundary, test and TypeScript configurations, the README), all but the CHANGELOG, a
 * history that names the waves it records. `:(glob)*` is git's pattern for the root's own files.
 */
export const CHECKED_FOLDERS = [
  'apps',
  'packages',
  'e2e',
  'bench',
  'scripts',
  '.ci',
  ':(glob)*',
  ':(exclude)CHANGELOG.md',
] as const;

export interface Citation {
  file: string;
  line: number;
  text: string;
  what: string;
}

/** The files of `folders` that git tracks or would track (not ignored), relative to `root`. */
export function trackedFiles(root: string, folders: readonly string[]): string[] {
  const out = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', ...folders],
    {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  return out.split('\0').filter((f) => f !== '');
}

/** Every line of `files` (relative to `root`) that cites something outside the repository. */
export function forbiddenCitations(root: string, files: readonly string[]): Citation[] {
  const found: Citation[] = [];
  for (const file of files) {
    const full = path.join(root, file);
    if (!fs.existsSync(full) || !fs.statSync(full).isFile()) continue;
    const text = fs.readFileSync(full, 'utf8');
    if (text.includes('\0')) continue; // binary (images, fonts)
    text.split('\n').forEach((line, i) => {
      const hit = FORBIDDEN_CITATIONS.find((c) => c.pattern.test(line));
      if (hit) found.push({ file, line: i + 1, text: line.trim(), what: hit.what });
    });
  }
  return found;
}
