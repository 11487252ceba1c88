import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, type InitialEntry } from 'react-router';
import { LOGIN_MESSAGES, STATE_MESSAGES, api, urlOf } from '@club/contract';
import { json, stubFetch, type Responder } from '../../testing/render.tsx';
import { aCurrentMember } from '../../testing/builders.ts';
import { RequireMember } from '../guards.tsx';
import { SignedInLayout } from '../layouts/signed-in-layout.tsx';
import LoginPage from './login.tsx';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderApp(entry: InitialEntry, responder: Responder) {
  stubFetch(responder);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route
            element={
              <RequireMember>
                <SignedInLayout />
              </RequireMember>
            }
          >
            <Route path=":nomClub/:page" element={<main>page club</main>} />
          </Route>
          <Route path="connexion" element={<LoginPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('/connexion notices (logout, registration, activation)', () => {
  it('after Déconnexion the login page says « Vous êtes déconnecté. »', async () => {
    let signedIn = true;
    renderApp('/FC%20%C3%89t%C3%A9/dashboard', (url) => {
      if (url === api.auth.logout.path) {
        signedIn = false;
        return json(200, {});
      }
      if (url === urlOf(api.dashboard.infos))
        return signedIn ? json(200, aCurrentMember()) : json(401, { message: 'x' });
      return json(404, {});
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Déconnexion' }));
    expect(await screen.findByText(STATE_MESSAGES.loggedOut)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Se connecter' })).toBeInTheDocument();
  });

  it('the notice goes when the form is sent: never next to the new error', async () => {
    renderApp({ pathname: '/connexion', state: { notice: STATE_MESSAGES.registered } }, (url) =>
      url === api.auth.login.path
        ? json(401, { message: LOGIN_MESSAGES.badCredentials })
        : json(401, { message: 'x' }),
    );
    expect(screen.getByRole('status')).toHaveTextContent(STATE_MESSAGES.registered);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Email/), 'a@b.fr');
    await user.type(screen.getByLabelText(/^Mot de passe/), 'Abcdefghij1!x');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText(LOGIN_MESSAGES.badCredentials)).toBeInTheDocument();
    expect(screen.queryByText(STATE_MESSAGES.registered)).toBeNull();
  });

  it('shows only the notices of the app (not any text put in the history state)', () => {
    renderApp({ pathname: '/connexion', state: { notice: 'Texte arbitraire' } }, () =>
      json(401, {}),
    );
    expect(screen.queryByText('Texte arbitraire')).toBeNull();
  });
});
