import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { forwardRef, useImperativeHandle } from 'react';
import { CONTACT_MESSAGES } from '@club/contract';
import { json, stubFetch, type Responder } from '../../../testing/render.tsx';
import { ContactForm } from './contact-form.tsx';

// The ALTCHA widget needs a real browser (e2e covers it): a stand-in reports a solved captcha.
vi.mock('./captcha.tsx', () => ({
  Captcha: forwardRef<{ reset(): void }, { onChange: (payload: string | null) => void }>(
    function FakeCaptcha({ onChange }, ref) {
      useImperativeHandle(ref, () => ({ reset: () => onChange(null) }));
      return (
        <button type="button" onClick={() => onChange('solution')}>
          Résoudre
        </button>
      );
    },
  ),
}));

let answer: Responder;
let calls: ReturnType<typeof stubFetch>;
beforeEach(() => {
  answer = () => json(201, { message: CONTACT_MESSAGES.success });
  calls = stubFetch((url, init) => answer(url, init));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function setup(values: Record<string, string>) {
  const user = userEvent.setup();
  render(<ContactForm />);
  for (const [label, value] of Object.entries(values))
    if (value) await user.type(screen.getByLabelText(label, { exact: true }), value);
  return { user, submit: screen.getByRole('button', { name: 'Envoyer' }) };
}
const VALID = {
  Nom: ' Martin ',
  Prénom: 'Léa',
  Email: 'lea@example.org',
  Sujet: 'Question',
  Message: 'Bonjour',
};

describe('[contact] form (spec §4, §5, §8)', () => {
  it('submit needs every field and the captcha', async () => {
    const { user, submit } = await setup({ ...VALID, Sujet: '' });
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('Sujet'), 'Question');
    expect(submit).toBeDisabled();
    expect(screen.getByText(CONTACT_MESSAGES.captchaRequired)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Résoudre' }));
    expect(submit).toBeEnabled();
  });

  it('messages on submit only (values trimmed), each cleared when its field is edited', async () => {
    const { user, submit } = await setup({
      Nom: '  ',
      Prénom: ' ',
      Email: 'lea@exemple',
      Sujet: '  ',
      Message: ' ',
    });
    expect(screen.queryByText(CONTACT_MESSAGES.emailInvalid)).toBeNull(); // not on blur
    await user.click(screen.getByRole('button', { name: 'Résoudre' }));
    await user.click(submit);
    for (const message of [
      CONTACT_MESSAGES.nomRequired,
      CONTACT_MESSAGES.prenomRequired,
      CONTACT_MESSAGES.emailInvalid,
      CONTACT_MESSAGES.sujetRequired,
      CONTACT_MESSAGES.messageRequired,
    ])
      expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText('Nom')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
    await user.type(screen.getByLabelText('Email'), '.f'); // still invalid, but edited
    await vi.waitFor(() => expect(screen.queryByText(CONTACT_MESSAGES.emailInvalid)).toBeNull());
    expect(screen.getByText(CONTACT_MESSAGES.nomRequired)).toBeInTheDocument();
  });

  it('the honeypot blocks the submission', async () => {
    const { user, submit } = await setup(VALID);
    await user.type(screen.getByLabelText('Site web (ne pas remplir)'), 'https://spam');
    await user.click(screen.getByRole('button', { name: 'Résoudre' }));
    await user.click(submit);
    expect(await screen.findByText(CONTACT_MESSAGES.honeypot)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('success: trimmed values and a token sent, message shown, form cleared, captcha reset', async () => {
    const { user, submit } = await setup(VALID);
    await user.click(screen.getByRole('button', { name: 'Résoudre' }));
    await user.click(submit);
    expect(await screen.findByText(CONTACT_MESSAGES.success)).toBeInTheDocument();
    const body = JSON.parse(String(calls.at(-1)!.init.body));
    expect(body).toMatchObject({ nom: 'Martin', prenom: 'Léa', captcha: 'solution' });
    expect(body.token).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.getByLabelText('Nom')).toHaveValue('');
    // The reset captcha does not ask again above 'Message envoyé'; it does once a new message starts,
    // and the success then goes.
    expect(screen.queryByText(CONTACT_MESSAGES.captchaRequired)).toBeNull();
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('Nom'), 'D');
    expect(screen.queryByText(CONTACT_MESSAGES.success)).toBeNull();
    expect(screen.getByText(CONTACT_MESSAGES.captchaRequired)).toBeInTheDocument();
  });

  it('a server error: its message, its field errors, fields kept, captcha to redo', async () => {
    answer = () => json(400, { message: 'Données invalides.', errors: { sujet: 'Sujet refusé.' } });
    const { user, submit } = await setup(VALID);
    await user.click(screen.getByRole('button', { name: 'Résoudre' }));
    await user.click(submit);
    expect(await screen.findByText('Données invalides.')).toBeInTheDocument();
    expect(screen.getByText('Sujet refusé.')).toBeInTheDocument();
    expect(screen.getByLabelText('Nom')).toHaveValue(' Martin ');
    expect(submit).toBeDisabled();
  });
});
