import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LOGIN_MESSAGES, api, urlOf } from '@club/contract';
import { LoginForm } from './login-form.tsx';
import { json, renderAt, stubFetch, type Responder } from '../../../testing/render.tsx';
import { aCurrentMember, aSessionInfo } from '../../../testing/builders.ts';

const GOOD = 'Motdepasse-Solide-42';
let loginAnswer: Responder;
let calls: ReturnType<typeof stubFetch>;

// Typing-heavy tests on a shared, busy machine.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  localStorage.clear();
  calls = stubFetch((url, init) => {
    if (url === api.auth.login.path) return loginAnswer(url, init);
    if (url === urlOf(api.dashboard.infos))
      return json(200, aCurrentMember({ nom: 'Nom', prenom: 'Prénom' }));
    return json(404, {});
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function setup(at: Parameters<typeof renderAt>[0] = '/connexion') {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime, delay: null });
  renderAt(at, '/connexion', <LoginForm />);
  const email = screen.getByLabelText('Email');
  const password = screen.getByLabelText('Mot de passe');
  const submit = screen.getByRole('button', { name: 'Se connecter' });
  return { user, email, password, submit };
}

describe('login form (spec §4, §5, §8)', () => {
  it('validates on blur, then on change once an error shows', async () => {
    const { user, email, password } = setup();
    await user.type(email, 'pas-un-email');
    expect(screen.queryByText(LOGIN_MESSAGES.emailInvalid)).toBeNull(); // not while typing first
    await user.click(password); // blur
    expect(screen.getByText(LOGIN_MESSAGES.emailInvalid)).toBeInTheDocument();
    await user.type(email, '@club.fr');
    expect(screen.queryByText(LOGIN_MESSAGES.emailInvalid)).toBeNull(); // re-validated on change
    await user.click(email);
    await user.tab();
    expect(screen.getByText(LOGIN_MESSAGES.passwordRequired)).toBeInTheDocument();
    await user.type(password, 'court');
    expect(screen.getByText(LOGIN_MESSAGES.passwordRule)).toBeInTheDocument();
  });

  it('submit is enabled only with both fields filled and valid', async () => {
    const { user, email, password, submit } = setup();
    expect(submit).toBeDisabled();
    await user.type(email, 'a@b.fr');
    expect(submit).toBeDisabled();
    await user.type(password, GOOD);
    expect(submit).toBeEnabled();
  });

  it('3 failures → 3 s cooldown: countdown shown, inputs and submit disabled, then released', async () => {
    loginAnswer = () => json(401, { message: LOGIN_MESSAGES.badCredentials });
    const { user, email, password, submit } = setup();
    await user.type(email, 'a@b.fr');
    await user.type(password, GOOD);
    await user.click(submit);
    await screen.findByText(LOGIN_MESSAGES.badCredentials);
    await user.click(submit);
    await user.click(submit);
    expect(await screen.findByText(LOGIN_MESSAGES.cooldown(3))).toBeInTheDocument();
    expect(email).toBeDisabled();
    expect(password).toBeDisabled();
    expect(submit).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(screen.getByText(LOGIN_MESSAGES.cooldown(2))).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1600));
    expect(screen.queryByText(/Réessayez dans/)).toBeNull();
    expect(email).toBeEnabled();
    expect(submit).toBeEnabled();
    expect(calls.filter((c) => c.url === api.auth.login.path)).toHaveLength(3);
  });

  it('5 failures → 10 s, 7 failures → 30 s', async () => {
    loginAnswer = () => json(401, { message: LOGIN_MESSAGES.badCredentials });
    const { user, email, password, submit } = setup();
    await user.type(email, 'a@b.fr');
    await user.type(password, GOOD);
    for (let i = 1; i <= 7; i++) {
      await act(() => vi.advanceTimersByTimeAsync(31_000)); // let any running cooldown end
      expect(submit).toBeEnabled();
      await user.click(submit);
      await screen.findByText(LOGIN_MESSAGES.badCredentials);
      if (i === 5) expect(await screen.findByText(LOGIN_MESSAGES.cooldown(10))).toBeInTheDocument();
    }
    expect(await screen.findByText(LOGIN_MESSAGES.cooldown(30))).toBeInTheDocument();
  });

  it.each([
    [{ 'retry-after': '42' }, 42],
    [{ 'x-rate-limit-retry-after-seconds': '17' }, 17],
    [{}, 10],
  ])('429 %o → message and a %i s cooldown', async (headers, seconds) => {
    loginAnswer = () => json(429, { message: 'x' }, headers);
    const { user, email, password, submit } = setup();
    await user.type(email, 'a@b.fr');
    await user.type(password, GOOD);
    await user.click(submit);
    expect(await screen.findByText(LOGIN_MESSAGES.tooManyAttempts)).toBeInTheDocument();
    expect(screen.getByText(LOGIN_MESSAGES.cooldown(seconds))).toBeInTheDocument();
    expect(submit).toBeDisabled();
  });

  it('429 with an HTTP date in x-rate-limit-retry-after-seconds', async () => {
    const date = new Date(Date.now() + 20_000).toUTCString();
    loginAnswer = () => json(429, {}, { 'x-rate-limit-retry-after-seconds': date });
    const { user, email, password, submit } = setup();
    await user.type(email, 'a@b.fr');
    await user.type(password, GOOD);
    await user.click(submit);
    expect(
      await screen.findByText(/Trop de tentatives\. Réessayez dans (19|20)s\./),
    ).toBeInTheDocument();
  });

  it('any other failure → network or server message', async () => {
    loginAnswer = () => json(500, {});
    const { user, email, password, submit } = setup();
    await user.type(email, 'a@b.fr');
    await user.type(password, GOOD);
    await user.click(submit);
    expect(await screen.findByText(LOGIN_MESSAGES.networkOrServer)).toBeInTheDocument();
  });

  it('shows "Connexion..." while submitting, sends the fingerprint, then goes to the leader dashboard', async () => {
    let release!: () => void;
    loginAnswer = () =>
      new Promise<Response>((resolve) => {
        release = () => resolve(json(200, aSessionInfo()));
      });
    const { user, email, password, submit } = setup();
    await user.type(email, ' a@b.fr ');
    await user.type(password, GOOD);
    await user.click(submit);
    expect(await screen.findByRole('button', { name: LOGIN_MESSAGES.submitting })).toBeDisabled();
    release();
    await vi.waitFor(() =>
      expect(screen.getAllByTestId('location').at(-1)).toHaveTextContent(
        '/FC%20%C3%89t%C3%A9/dashboard',
      ),
    );
    const body = JSON.parse(String(calls.find((c) => c.url === api.auth.login.path)!.init.body));
    expect(body.email).toBe('a@b.fr');
    expect(body.deviceFingerprint).toBe(localStorage.getItem('deviceFingerprint'));
    expect(body.deviceFingerprint).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('after login, opens the deep link the guard came from (never another site)', async () => {
    loginAnswer = () => json(200, aSessionInfo());
    const { user, email, password, submit } = setup({
      pathname: '/connexion',
      state: { from: '/FC%20%C3%89t%C3%A9/U15/matche' },
    });
    await user.type(email, 'a@b.fr');
    await user.type(password, GOOD);
    await user.click(submit);
    await vi.waitFor(() =>
      expect(screen.getAllByTestId('location').at(-1)).toHaveTextContent(
        '/FC%20%C3%89t%C3%A9/U15/matche',
      ),
    );
  });

  it('a ?redirect= to another site is ignored: the role’s home', async () => {
    loginAnswer = () => json(200, aSessionInfo());
    const { user, email, password, submit } = setup('/connexion?redirect=//evil.example/x');
    await user.type(email, 'a@b.fr');
    await user.type(password, GOOD);
    await user.click(submit);
    await vi.waitFor(() =>
      expect(screen.getAllByTestId('location').at(-1)).toHaveTextContent(
        '/FC%20%C3%89t%C3%A9/dashboard',
      ),
    );
  });
});
