import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, urlOf, REGISTRATION_MESSAGES } from '@club/contract';
import { RegisterClubForm, registrationPasswordMessage } from './register-club-form.tsx';
import { json, renderAt, stubFetch, type Responder } from '../../../testing/render.tsx';

let answer: Responder;
const publicClubPaths = [
  api.publicSite.emailExists.path,
  api.publicSite.clubExists.path,
  api.publicSite.register.path,
];
let calls: ReturnType<typeof stubFetch>;
// Typing-heavy tests on a shared, busy machine.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  answer = (url) => {
    if (url.startsWith(api.publicSite.emailExists.path)) return json(200, { exists: false });
    if (url.startsWith(api.publicSite.clubExists.path)) return json(200, { exists: false });
    if (url === api.publicSite.register.path)
      return json(201, { message: 'Inscription réussie !' });
    return json(404, {});
  };
  calls = stubFetch((url, init) => answer(url, init));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function setup() {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime, delay: null });
  renderAt('/inscrireClub', '/inscrireClub', <RegisterClubForm />);
  const submit = screen.getByRole('button', { name: 'Inscrire mon club' });
  const fill = async (overrides: Record<string, string> = {}) => {
    const v = {
      Nom: 'Dupont',
      Prénom: 'Jeanne',
      Email: 'jeanne@club.fr',
      'Mot de passe': 'Club-Solide-Passe-1',
      'Nom du club': 'Les Canaris',
      ...overrides,
    };
    for (const [label, value] of Object.entries(v)) {
      await user.clear(screen.getByLabelText(label));
      if (value) await user.type(screen.getByLabelText(label), value);
    }
    await user.type(screen.getByLabelText('Date de naissance'), '12/04/1985');
    await user.selectOptions(screen.getByLabelText('Sport'), 'Handball');
    await user.selectOptions(screen.getByLabelText('Genre'), 'Femme');
    await user.tab();
  };
  return { user, submit, fill };
}

describe('club registration form (spec §5, §8)', () => {
  it('the password message lists only what is missing', () => {
    expect(registrationPasswordMessage('')).toBe(REGISTRATION_MESSAGES.passwordRule);
    expect(registrationPasswordMessage('abcdefghijkl')).toBe(
      'Le mot de passe doit contenir 1 majuscule, 1 chiffre, 1 caractère spécial.',
    );
    expect(registrationPasswordMessage('Club-Solide-Passe-1')).toBeNull();
  });

  it('submit stays disabled until all eight fields are filled without error', async () => {
    const { submit, fill } = setup();
    expect(submit).toBeDisabled();
    await fill({ 'Nom du club': '' });
    expect(submit).toBeDisabled();
    await fill();
    await vi.waitFor(() => expect(submit).toBeEnabled());
  });

  it('lower-cases and trims the e-mail, and shows the spec messages on blur', async () => {
    const { user } = setup();
    const email = screen.getByLabelText('Email');
    await user.type(email, ' Jeanne@CLUB ');
    await user.tab();
    expect(email).toHaveValue('jeanne@club');
    expect(screen.getByText(REGISTRATION_MESSAGES.emailInvalid)).toBeInTheDocument();
    await user.clear(email);
    await user.tab();
    expect(screen.getByText(REGISTRATION_MESSAGES.emailRequired)).toBeInTheDocument();
  });

  it('a taken e-mail or club name (checked on blur) shows the spec text and blocks submit', async () => {
    answer = (url) => {
      if (url.startsWith(api.publicSite.emailExists.path)) return json(200, { exists: true });
      if (url.startsWith(api.publicSite.clubExists.path)) return json(200, { exists: true });
      return json(404, {});
    };
    const { submit, fill } = setup();
    await fill();
    expect(await screen.findByText(REGISTRATION_MESSAGES.emailTaken)).toBeInTheDocument();
    expect(await screen.findByText(REGISTRATION_MESSAGES.clubTaken)).toBeInTheDocument();
    expect(submit).toBeDisabled();
    expect(
      calls.some(
        (c) => c.url === urlOf(api.publicSite.emailExists, { query: { email: 'jeanne@club.fr' } }),
      ),
    ).toBe(true);
  });

  it('a failed check is only logged', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    answer = (url) => {
      if (publicClubPaths.some((p) => url.startsWith(p))) return json(500, {});
      return json(201, {});
    };
    const { submit, fill } = setup();
    await fill();
    await vi.waitFor(() => expect(warn).toHaveBeenCalled());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(submit).toBeEnabled();
    warn.mockRestore();
  });

  it('success shows the message then goes to /connexion after 1.5 s', async () => {
    const { user, submit, fill } = setup();
    await fill();
    await vi.waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    expect(await screen.findByText(REGISTRATION_MESSAGES.success)).toBeInTheDocument();
    const body = JSON.parse(
      String(calls.find((c) => c.url === api.publicSite.register.path)!.init.body),
    );
    expect(body).toEqual({
      nom: 'Dupont',
      prenom: 'Jeanne',
      email: 'jeanne@club.fr',
      password: 'Club-Solide-Passe-1',
      dateNaissance: '1985-04-12',
      nomClub: 'Les Canaris',
      sportNom: 'Handball',
      genre: 'Femme',
    });
    await act(() => vi.advanceTimersByTimeAsync(1400));
    expect(screen.getAllByTestId('location').at(-1)).toHaveTextContent('/inscrireClub');
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.getAllByTestId('location').at(-1)).toHaveTextContent('/connexion');
  });

  it.each([
    [409, { message: 'Ce nom de club est déjà utilisé.' }, 'Ce nom de club est déjà utilisé.'],
    [409, {}, REGISTRATION_MESSAGES.conflict],
    [422, {}, REGISTRATION_MESSAGES.invalid],
  ])('server %i %o → %s', async (status, body, text) => {
    answer = (url) => {
      if (url === api.publicSite.register.path) return json(status, body);
      return json(200, { exists: false });
    };
    const { user, submit, fill } = setup();
    await fill();
    await vi.waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('a network failure → the generic registration message', async () => {
    answer = (url) => {
      if (url === api.publicSite.register.path) throw new TypeError('Failed to fetch');
      return json(200, { exists: false });
    };
    const { user, submit, fill } = setup();
    await fill();
    await vi.waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    expect(await screen.findByText(REGISTRATION_MESSAGES.generic)).toBeInTheDocument();
  });
});
