import fs from 'node:fs';
import path from 'node:path';

/**
 * Relative links of the repository's Markdown files, and the ones that do not resolve: a missing
 * file or folder, or a `#fragment` that names no heading of the target. External links (a scheme
 * such as https: or mailto:) are not followed.
 *
 * Hand-written rather than a Markdown parser: the documents use inline links, images and the odd
 * reference definition only, and a dependency for one test was not worth it. Fenced blocks and
 * inline code are blanked first, so code that looks like a link is not read as one.
 */

const SKIPPED_DIRS = new Set([
  'node_modules',
  '.git',
  'dist',
  '.tmp',
  'data',
  'coverage',
  'test-results',
  'playwright-report',
]);

export interface BrokenLink {
  file: string;
  line: number;
  target: string;
  reason: string;
}

/** Every `.md` file under `root`, relative to it, outside build and dependency folders. */
export function markdownFiles(root: string, dir = root): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name))
        out.push(...markdownFiles(root, path.join(dir, entry.name)));
    } else if (entry.name.endsWith('.md')) {
      out.push(path.relative(root, path.join(dir, entry.name)));
    }
  }
  return out.sort();
}

/** The text with fenced code blocks and inline code spans replaced by spaces (lines kept). */
function withoutCode(text: string): string {
  const lines = text.split('\n');
  let fence: string | null = null;
  return lines
    .map((line) => {
      const marker = /^\s*(```|~~~)/.exec(line)?.[1];
      if (fence) {
        if (marker === fence) fence = null;
        return '';
      }
      if (marker) {
        fence = marker;
        return '';
      }
      return line.replace(/(`+)[\s\S]*?\1/g, (m) => ' '.repeat(m.length));
    })
    .join('\n');
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
export function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a Markdown file's headings, numbered as GitHub does when a heading repeats. */
export function anchorsOf(text: string): Set<string> {
  const original = text.split('\n');
  const blanked = withoutCode(text).split('\n');
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  original.forEach((line, i) => {
    // A heading outside code: fenced lines are blanked.
    if (!/^#{1,6}\s/.test(blanked[i] ?? '')) return;
    const base = slug(headingText(line));
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  });
  return anchors;
}

/** A heading line's text as GitHub renders it: markers dropped, links and code reduced to text. */
function headingText(line: string): string {
  return line
    .replace(/^#{1,6}\s+/, '')
    .replace(/\s+#+\s*$/, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*]/g, '');
}

const LINK = /!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
const DEFINITION = /^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/;

/** The links of one file whose target (relative to `root`) does not resolve. */
export function brokenLinks(root: string, file: string): BrokenLink[] {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  const broken: BrokenLink[] = [];
  withoutCode(text)
    .split('\n')
    .forEach((line, i) => {
      const targets = [...line.matchAll(LINK)].map((m) => m[1]!);
      const def = DEFINITION.exec(line)?.[1];
      if (def) targets.push(def);
      for (const target of targets) {
        const reason = check(root, file, target);
        if (reason) broken.push({ file, line: i + 1, target, reason });
      }
    });
  return broken;
}

function check(root: string, file: string, target: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return null;
  const [rawPath = '', fragment] = target.split('#', 2);
  const filePath = decodeURIComponent(rawPath);
  const resolved = filePath
    ? path.resolve(root, path.dirname(file), filePath)
    : path.resolve(root, file);
  if (!resolved.startsWith(path.resolve(root) + path.sep) && resolved !== path.resolve(root))
    return 'points outside the repository';
  if (!fs.existsSync(resolved)) return 'no such file or folder';
  if (fragment === undefined || fragment === '') return null;
  if (!resolved.endsWith('.md')) return null;
  const anchors = anchorsOf(fs.readFileSync(resolved, 'utf8'));
  return anchors.has(decodeURIComponent(fragment)) ? null : `no heading #${fragment}`;
}
