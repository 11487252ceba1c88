import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as messages from './messages.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');
/** The product specification, committed in docs/spec (kept identical to the shared copy, see below). */
const spec = fs.readFileSync(path.join(repoRoot, 'docs/spec/specification.txt'), 'utf8');

/**
 * Messages that deliberately differ from the spec (docs/architecture.md §11) or are not in it
 * (server answers).
 */
const NOT_FROM_SPEC = new Set([
  'CONTACT_MESSAGES.captchaRequired',
  // accounts in several clubs (decision 0112): the message of the design's §7, not of the spec
  'REGISTRATION_MESSAGES.accountExists',
  // Web Push on a goal and the final score (decision 0140): short texts of our own
  'MATCH_PUSH_MESSAGES.goalTitle',
  'MATCH_PUSH_MESSAGES.goalBody',
  'MATCH_PUSH_MESSAGES.finalScoreTitle',
]);
/** Reset-page rules the spec abbreviates as '... une majuscule.' etc. */
const ABBREVIATED = new Set([
  'PASSWORD_RESET_RULES', // handled in password.test.ts
]);

function specText(value: string | ((...args: never[]) => string)): string[] {
  if (typeof value === 'string') return [value];
  // Function messages: every literal piece around the placeholders must appear in the spec.
  const src = value.toString();
  const template = /`([^`]*)`/.exec(src)?.[1] ?? '';
  return template.split(/\$\{[^}]*\}/).filter((p) => p.trim().length > 2);
}

describe('[contract] every French message is the spec’s text', () => {
  for (const [groupName, group] of Object.entries(messages)) {
    if (groupName === 'SERVER_MESSAGES' || ABBREVIATED.has(groupName)) continue;
    for (const [key, value] of Object.entries(group as Record<string, string | (() => string)>)) {
      const id = `${groupName}.${key}`;
      if (NOT_FROM_SPEC.has(id)) continue;
      it(id, () => {
        for (const piece of specText(value)) expect(spec, `${id}: « ${piece} »`).toContain(piece);
      });
    }
  }

  it('the deliberate difference of docs/architecture.md §11: self-hosted captcha message', () => {
    expect(messages.CONTACT_MESSAGES.captchaRequired).toBe('Veuillez valider le captcha.');
  });

  it('the committed copy of the specification matches the shared one when it is present', () => {
    const shared = path.resolve(repoRoot, '../shared/spec');
    if (!fs.existsSync(shared)) return; // a clone without shared/ beside it relies on the committed copy
    const files = fs.readdirSync(shared).filter((f) => f.endsWith('.txt'));
    expect(files.length).toBeGreaterThan(0);
    expect(fs.readFileSync(path.join(shared, files[0]!), 'utf8')).toBe(spec);
  });
});
