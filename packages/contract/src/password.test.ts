import { describe, expect, it } from 'vitest';
import {
  failedPasswordRules,
  firstPasswordRuleMessage,
  isStrongPassword,
  PASSWORD_RULES,
} from './password.ts';

describe('[contract] password rules (spec §5)', () => {
  it('checks the five rules in the spec order: length, lowercase, uppercase, digit, special', () => {
    expect(PASSWORD_RULES.map((r) => r.rule)).toEqual([
      'length',
      'lowercase',
      'uppercase',
      'digit',
      'special',
    ]);
    expect(failedPasswordRules('')).toEqual([
      'length',
      'lowercase',
      'uppercase',
      'digit',
      'special',
    ]);
    expect(failedPasswordRules('abcdefghijkl')).toEqual(['uppercase', 'digit', 'special']);
    expect(failedPasswordRules('ABCDEFGHIJK1!')).toEqual(['lowercase']);
    expect(failedPasswordRules('Abcdefghijk!')).toEqual(['digit']);
    expect(failedPasswordRules('Abcdefghijk1')).toEqual(['special']);
  });

  it('12 characters is the minimum', () => {
    expect(isStrongPassword('Abcdefghi1!')).toBe(false); // 11
    expect(isStrongPassword('Abcdefghij1!')).toBe(true); // 12
  });

  it('at most 128 characters (docs/architecture.md §6)', () => {
    expect(isStrongPassword(`Aa1!${'x'.repeat(124)}`)).toBe(true);
    expect(isStrongPassword(`Aa1!${'x'.repeat(125)}`)).toBe(false);
  });

  it('accented letters count as letters, a space counts as special', () => {
    expect(failedPasswordRules('Éléphant rose 1')).toEqual([]);
  });

  it('reset-page messages, in checking order', () => {
    expect(firstPasswordRuleMessage('abc')).toBe(
      'Le mot de passe doit contenir au moins 12 caractères.',
    );
    expect(firstPasswordRuleMessage('ABCDEFGHIJKL')).toBe(
      'Il doit contenir au moins une minuscule.',
    );
    expect(firstPasswordRuleMessage('abcdefghijkl')).toBe(
      'Il doit contenir au moins une majuscule.',
    );
    expect(firstPasswordRuleMessage('Abcdefghijkl')).toBe('Il doit contenir au moins un chiffre.');
    expect(firstPasswordRuleMessage('Abcdefghijk1')).toBe(
      'Il doit contenir au moins un caractère spécial.',
    );
    expect(firstPasswordRuleMessage('Abcdefghij1!')).toBeNull();
  });
});
