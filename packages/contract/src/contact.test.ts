import { describe, expect, it } from 'vitest';
import { validateContactForm, ZContactRequestSchema } from './index.ts';

const valid = {
  nom: 'Martin',
  prenom: 'Léa',
  email: 'lea@example.org',
  sujet: 'Question',
  message: 'Bonjour',
};

describe('contact form rules (spec §5)', () => {
  it('client check: trimmed values, the spec messages, nothing when valid', () => {
    expect(validateContactForm(valid)).toEqual({});
    expect(
      validateContactForm({ nom: ' ', prenom: '', email: 'a@b', sujet: '  ', message: '\n' }),
    ).toEqual({
      nom: 'Le nom est requis.',
      prenom: 'Le prénom est requis.',
      email: "L'email est invalide.",
      sujet: 'Le sujet est requis.',
      message: 'Le message est requis.',
    });
    expect(validateContactForm({ ...valid, email: 'le a@b.fr' }).email).toBe(
      "L'email est invalide.",
    );
    expect(validateContactForm({ ...valid, message: 'a'.repeat(5001) }).message).toBeDefined();
  });

  it('server schema: same messages, captcha and UUID token required, unknown fields refused', () => {
    const token = '7b0c1a52-4a35-4c53-9a43-2f0f5f0e3a11';
    const ok = ZContactRequestSchema.safeParse({ ...valid, nom: '  Martin ', token, captcha: 'x' });
    expect(ok.success && ok.data.nom).toBe('Martin');
    const bad = ZContactRequestSchema.safeParse({ ...valid, nom: ' ', token, captcha: '' });
    expect(bad.success).toBe(false);
    const messages = bad.error!.issues.map((i) => i.message);
    expect(messages).toContain('Le nom est requis.');
    expect(messages).toContain('Veuillez valider le captcha.');
    expect(
      ZContactRequestSchema.safeParse({ ...valid, token, captcha: 'x', honeypot: 'y' }).success,
    ).toBe(false);
    expect(ZContactRequestSchema.safeParse({ ...valid, token: 'abc', captcha: 'x' }).success).toBe(
      false,
    );
  });
});
