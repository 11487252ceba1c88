import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUTH_MESSAGES, PASSWORD_RESET_MESSAGES, api, urlOf } from '@club/contract';
import { renderSignedIn } from '../../../app/testing/render-signed-in.tsx';
import { ResetPasswordForm, ResetRequestForm } from './reset-password-form.tsx';
import { json, renderAt, stubFetch, type Responder } from '../../../testing/render.tsx';
import { aCurrentMember } from '../../../testing/builders.ts';

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
  localStorage.clear();
});

const leader = aCurrentMember();
const player = aCurrentMember({ role: 'JOUEUR', idEquipe: 3, nomEquipe: 'U15 A' });

describe('route guard and navigation bar (spec §2)', () => {
  it('shows nothing while the session is checked, then redirects to /connexion without one', async () => {
    let release!: (r: Response) => void;
    answer = (url) =>
      url === urlOf(api.dashboard.infos)
        ? new Promise<Response>((r) => (release = r))
        : json(401, {});
    renderSignedIn('/FC%20%C3%89t%C3%A9/dashboard');
    expect(screen.queryByText('page club')).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
    release(json(401, { message: 'x' }));
    expect(await screen.findByText('connexion')).toBeInTheDocument();
  });

  it('a leader gets the club name, the leader links, the profile link and Déconnexion', async () => {
    answer = () => json(200, leader);
    renderSignedIn('/FC%20%C3%89t%C3%A9/dashboard');
    expect(await screen.findByText('page club')).toBeInTheDocument();
    const nav = screen.getByRole('navigation');
    for (const label of ['Tableau de bord', 'Calendrier', 'Membres', 'Équipes', 'Paramètres'])
      expect(screen.getByRole('link', { name: label })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Jeanne Dupont' })).toHaveAttribute(
      'href',
      '/FC%20%C3%89t%C3%A9/profil',
    );
    expect(nav).toHaveTextContent('FC Été');
    expect(screen.getByRole('button', { name: 'Déconnexion' })).toBeInTheDocument();
  });

  it('a player gets the team links and the team name; another club or team URL sends them home', async () => {
    answer = () => json(200, player);
    renderSignedIn('/FC%20%C3%89t%C3%A9/Autre%20%C3%A9quipe/dashboard');
    expect(await screen.findByText('page équipe')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/FC%20%C3%89t%C3%A9/U15%20A/dashboard');
    for (const label of ['Dashboard équipe', 'Calendrier', 'Membres équipe', 'Matches'])
      expect(screen.getByRole('link', { name: label })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Paramètres' })).toHaveAttribute(
      'href',
      '/FC%20%C3%89t%C3%A9/parametre',
    );
    expect(screen.getByRole('navigation')).toHaveTextContent('U15 A');
  });

  it('the burger closes on route change', async () => {
    answer = () => json(200, leader);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime, delay: null });
    renderSignedIn('/FC%20%C3%89t%C3%A9/dashboard');
    const burger = await screen.findByRole('button', { name: /Menu/ });
    await user.click(burger);
    expect(burger).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('link', { name: 'Calendrier' }));
    expect(burger).toHaveAttribute('aria-expanded', 'false');
  });

  it('logout calls the server, keeps only the fingerprint and goes to /connexion, even if the call fails', async () => {
    answer = (url) => (url === api.auth.logout.path ? json(500, {}) : json(200, leader));
    localStorage.setItem('deviceFingerprint', 'fp-1');
    localStorage.setItem('token', 'old');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime, delay: null });
    renderSignedIn('/FC%20%C3%89t%C3%A9/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Déconnexion' }));
    expect(await screen.findByText('connexion')).toBeInTheDocument();
    expect(calls.some((c) => c.url === api.auth.logout.path)).toBe(true);
    expect(localStorage.getItem('deviceFingerprint')).toBe('fp-1');
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('password reset page (spec §2, §4, §5, §8)', () => {
  it('without a token: asks for the e-mail and shows the neutral answer', async () => {
    answer = () => json(200, { message: AUTH_MESSAGES.resetRequested });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime, delay: null });
    renderAt('/mdpOublie', '/mdpOublie', <ResetRequestForm />);
    await user.type(screen.getByLabelText('Email'), 'A@B.fr');
    await user.click(screen.getByRole('button', { name: AUTH_MESSAGES.resetRequestSubmit }));
    expect(await screen.findByText(AUTH_MESSAGES.resetRequested)).toBeInTheDocument();
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ email: 'a@b.fr' });
  });

  it('with a token: checklist, messages, toggles, submit rules, then /connexion after 2 s', async () => {
    // An empty message: the page shows its default text.
    answer = () => json(200, { message: '' });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime, delay: null });
    renderAt('/mdpOublie', '/mdpOublie', <ResetPasswordForm token="tok-1" />);
    const submit = screen.getByRole('button', { name: 'Mettre à jour le mot de passe' });
    const password = screen.getByLabelText('Nouveau mot de passe');
    await user.type(screen.getByLabelText('Email'), 'a@b.fr');
    await user.type(password, 'abc');
    expect(screen.getByText('Le mot de passe doit contenir au moins 12 caractères.')).toBeVisible();
    await user.type(password, 'defghijkl');
    expect(screen.getByText('Il doit contenir au moins une majuscule.')).toBeVisible();
    await user.clear(password);
    await user.type(password, 'Abcdefghijk1!');
    expect(screen.getAllByText(/respectée/)).toHaveLength(5);
    expect(screen.queryByText(/non respectée/)).toBeNull();
    await user.type(screen.getByLabelText('Confirmation'), 'Abcdefghijk1?');
    expect(screen.getByText(PASSWORD_RESET_MESSAGES.mismatch)).toBeVisible();
    expect(submit).toBeDisabled();
    await user.clear(screen.getByLabelText('Confirmation'));
    await user.type(screen.getByLabelText('Confirmation'), 'Abcdefghijk1!');
    expect(submit).toBeEnabled();
    const [toggle] = screen.getAllByRole('button', { name: /^Afficher/ });
    await user.click(toggle!);
    expect(password).toHaveAttribute('type', 'text');
    await user.click(submit);
    expect(await screen.findByText(PASSWORD_RESET_MESSAGES.success)).toBeInTheDocument();
    expect(JSON.parse(String(calls.at(-1)!.init.body))).toEqual({
      email: 'a@b.fr',
      newPassword: 'Abcdefghijk1!',
      token: 'tok-1',
    });
    await act(() => vi.advanceTimersByTimeAsync(1900));
    expect(screen.getAllByTestId('location').at(-1)).toHaveTextContent('/mdpOublie');
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.getAllByTestId('location').at(-1)).toHaveTextContent('/connexion');
  });

  it('a refused reset shows the server message, else the default failure text', async () => {
    answer = () => json(400, { message: AUTH_MESSAGES.resetTokenInvalid });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime, delay: null });
    renderAt('/mdpOublie', '/mdpOublie', <ResetPasswordForm token="tok-1" />);
    await user.type(screen.getByLabelText('Email'), 'a@b.fr');
    await user.type(screen.getByLabelText('Nouveau mot de passe'), 'Abcdefghijk1!');
    await user.type(screen.getByLabelText('Confirmation'), 'Abcdefghijk1!');
    await user.click(screen.getByRole('button', { name: 'Mettre à jour le mot de passe' }));
    expect(await screen.findByText(AUTH_MESSAGES.resetTokenInvalid)).toBeInTheDocument();
  });
});
