import { useEffect, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { api, urlOf, type TCurrentMember } from '@club/contract';
import { HeadingFocusOnNavigation } from '../lib/use-heading-focus.ts';
import { queryClient } from '../lib/query-client.ts';
import { AppRoutes } from './router.tsx';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  queryClient.clear();
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

/** A page whose heading shows after its data (a tick later). */
function SlowPage() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const t = setTimeout(() => setReady(true), 20);
    return () => clearTimeout(t);
  }, []);
  return <main>{ready ? <h1>Page lente</h1> : <p>Chargement…</p>}</main>;
}

/** A page that puts the focus in its own field. */
function FormPage() {
  return (
    <main>
      <h1>Formulaire</h1>
      <label>
        Nom
        <input autoFocus />
      </label>
    </main>
  );
}

function QueryButton() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate('/a?tri=nom')}>
      Trier
    </button>
  );
}

function renderPages() {
  return render(
    <MemoryRouter initialEntries={['/a']}>
      <HeadingFocusOnNavigation />
      <nav>
        <Link to="/a">A</Link>
        <Link to="/lente">Lente</Link>
        <Link to="/formulaire">Formulaire</Link>
        <QueryButton />
      </nav>
      <Routes>
        <Route
          path="a"
          element={
            <main>
              <h1>Page A</h1>
            </main>
          }
        />
        <Route path="lente" element={<SlowPage />} />
        <Route path="formulaire" element={<FormPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('[app] focus after a navigation', () => {
  it('not on the first load; after a link, on the new page’s h1 once it shows, made focusable', async () => {
    const user = userEvent.setup();
    renderPages();
    const first = screen.getByRole('heading', { level: 1, name: 'Page A' });
    expect(first).not.toHaveFocus();
    expect(first).not.toHaveAttribute('tabindex');
    expect(document.body).toHaveFocus();

    await user.click(screen.getByRole('link', { name: 'Lente' }));
    const slow = await screen.findByRole('heading', { level: 1, name: 'Page lente' });
    expect(slow).toHaveFocus();
    expect(slow).toHaveAttribute('tabindex', '-1');

    await user.click(screen.getByRole('link', { name: 'A' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Page A' })).toHaveFocus();
  });

  it('not when only the query changes, nor when the page focused a field itself', async () => {
    const user = userEvent.setup();
    renderPages();
    const sort = screen.getByRole('button', { name: 'Trier' });
    await user.click(sort);
    expect(sort).toHaveFocus();

    await user.click(screen.getByRole('link', { name: 'Formulaire' }));
    expect(screen.getByRole('textbox', { name: 'Nom' })).toHaveFocus();
  });
});

const member: TCurrentMember = {
  id: 7,
  idClub: 2,
  idEquipe: 3,
  role: 'JOUEUR',
  email: 'j@b.fr',
  nom: 'Moreau',
  prenom: 'Léo',
  nomClub: 'FC Été',
  nomEquipe: 'U17',
  statut: 'Actif',
  equipes: [{ id: 3, nom: 'U17' }],
};

function stubApi(signedIn: boolean) {
  vi.stubGlobal('fetch', async (url: string) =>
    url === urlOf(api.dashboard.infos) && signedIn
      ? new Response(JSON.stringify(member), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        })
      : new Response(JSON.stringify({ message: 'Non authentifié.' }), {
          status: url === urlOf(api.dashboard.infos) ? 401 : 404,
          headers: { 'content-type': 'application/json' },
        }),
  );
}

function renderApp(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
    </MemoryRouter>,
  );
}

/** The 404's heading; the public layout and the 404 page load their code on demand
 * (docs/decisions/0094-route-javascript-composition.md). */
const findNotFoundHeading = () =>
  screen.findByRole('heading', { level: 1, name: 'Page introuvable' }, { timeout: 10_000 });

describe('[app] 404', () => {
  beforeEach(() => stubApi(true));

  it('a signed-in member gets it inside the signed-in layout, with the way back to their dashboard', async () => {
    document.cookie = 'XSRF-TOKEN=jeton; path=/';
    renderApp('/FC%20%C3%89t%C3%A9/U17/page-inconnue');
    // The signed-in 404 loads its code on demand: a generous wait on a busy machine.
    expect(
      await screen.findByRole(
        'navigation',
        { name: 'Navigation de l’espace membre' },
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page introuvable' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour au tableau de bord' })).toHaveAttribute(
      'href',
      '/FC%20%C3%89t%C3%A9/U17/dashboard',
    );
    expect(screen.queryByRole('link', { name: 'Club Manager — accueil' })).toBeNull();
  });

  it('a visitor (no session cookie) and an ended session get the public site’s 404', async () => {
    renderApp('/page-inconnue');
    expect(await findNotFoundHeading()).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Club Manager — accueil' })).toBeInTheDocument();
    cleanup();

    stubApi(false);
    document.cookie = 'XSRF-TOKEN=jeton; path=/';
    renderApp('/page-inconnue');
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(await findNotFoundHeading()).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Club Manager — accueil' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Navigation de l’espace membre' })).toBeNull();
  });
});
