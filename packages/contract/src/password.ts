import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.ts';

export type PasswordRule = 'length' | 'lowercase' | 'uppercase' | 'digit' | 'special';

/** The five rules, in the spec's checking order, with the reset page's messages (spec §5). */
export const PASSWORD_RULES: readonly {
  rule: PasswordRule;
  label: string;
  message: string;
  test: (p: string) => boolean;
}[] = [
  {
    rule: 'length',
    label: 'Au moins 12 caractères',
    message: 'Le mot de passe doit contenir au moins 12 caractères.',
    test: (p) => p.length >= PASSWORD_MIN_LENGTH,
  },
  {
    rule: 'lowercase',
    label: 'Une minuscule',
    message: 'Il doit contenir au moins une minuscule.',
    test: (p) => /\p{Ll}/u.test(p),
  },
  {
    rule: 'uppercase',
    label: 'Une majuscule',
    message: 'Il doit contenir au moins une majuscule.',
    test: (p) => /\p{Lu}/u.test(p),
  },
  {
    rule: 'digit',
    label: 'Un chiffre',
    message: 'Il doit contenir au moins un chiffre.',
    test: (p) => /\d/.test(p),
  },
  {
    rule: 'special',
    label: 'Un caractère spécial',
    message: 'Il doit contenir au moins un caractère spécial.',
    test: (p) => /[^\p{L}\p{N}]/u.test(p),
  },
];

/** Failed rules, in the spec's order. Empty when the password satisfies all five. */
export function failedPasswordRules(password: string): PasswordRule[] {
  return PASSWORD_RULES.filter((r) => !r.test(password)).map((r) => r.rule);
}

export function isStrongPassword(password: string): boolean {
  return password.length <= PASSWORD_MAX_LENGTH && failedPasswordRules(password).length === 0;
}

/** First failing rule's message on the reset page, or null. */
export function firstPasswordRuleMessage(password: string): string | null {
  return PASSWORD_RULES.find((r) => !r.test(password))?.message ?? null;
}
