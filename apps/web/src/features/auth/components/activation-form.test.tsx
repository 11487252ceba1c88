import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUTH_MESSAGES, api, urlOf } from '@club/contract';
import { ActivationForm } from './activation-form.tsx';
import { json, renderAt, stubFetch, type Responder } from '../../../testing/render.tsx';

let answer: Responder;
let calls: ReturnType<typeof stubFetch>;
// Typing-heavy tests on a shared, busy machine.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  calls = stubFetch((url, init) => answer(url, init));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('activation page (invitation)', () => {
  it('greets the invited member, applies the password rules, activates, then goes to /connexion', async () => {
    answer = (url) =>
      url === urlOf(api.auth.invitation, { params: { token: 'tok/1' } })
        ? json(200, { prenom: 'Inès', nom: 'Moreau', email: 'ines@club.fr', nomClub: 'FC Été' })
        : json(200, { message: AUTH_MESSAGES.activated });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime, delay: null });
    renderAt('/activation', '/activation', <ActivationForm token="tok/1" />);
    expect(await screen.findByText(/Bonjour Inès Moreau/)).toBeInTheDocument();
    // the token is encoded in the path
    expect(calls[0]!.url).toBe(api.auth.invitation.path.replace(':token', 'tok%2F1'));
    const submit = screen.getByRole('button', { name: 'Activer mon compte' });
    await user.type(screen.getByLabelText('Mot de passe'), 'faible');
    await user.type(screen.getByLabelText('Confirmation'), 'faible');
    expect(submit).toBeDisabled();
    await user.clear(screen.getByLabelText('Mot de passe'));
    await user.clear(screen.getByLabelText('Confirmation'));
    await user.type(screen.getByLabelText('Mot de passe'), 'Choisi-Par-Moi-2025');
    await user.type(screen.getByLabelText('Confirmation'), 'Choisi-Par-Moi-2025');
    await user.click(submit);
    expect(await screen.findByText(AUTH_MESSAGES.activated)).toBeInTheDocument();
    expect(JSON.parse(String(calls.at(-1)!.init.body))).toEqual({
      token: 'tok/1',
      password: 'Choisi-Par-Moi-2025',
    });
    await act(() => vi.advanceTimersByTimeAsync(2100));
    expect(screen.getAllByTestId('location').at(-1)).toHaveTextContent('/connexion');
  });

  it('an e-mail that already has an account (another club): asks for that account’s password (decision 0112)', async () => {
    answer = () =>
      json(200, {
        prenom: 'Marie',
        nom: 'Durand',
        email: 'marie@club.fr',
        nomClub: 'Basket Club',
        compteExistant: true,
      });
    renderAt('/activation', '/activation', <ActivationForm token="tok2" />);
    expect(await screen.findByText(/vous avez déjà un compte avec l’adresse/)).toHaveTextContent(
      'Bonjour Marie Durand, vous avez déjà un compte avec l’adresse marie@club.fr : indiquez son mot de passe pour rejoindre aussi Basket Club.',
    );
  });

  it('an invalid or used link shows the server message', async () => {
    answer = () => json(404, { message: AUTH_MESSAGES.invitationInvalid });
    renderAt('/activation', '/activation', <ActivationForm token="bad" />);
    expect(await screen.findByText(AUTH_MESSAGES.invitationInvalid)).toBeInTheDocument();
  });
});
