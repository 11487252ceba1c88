import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { RequireMember } from '../guards.tsx';
import { SignedInLayout } from '../layouts/signed-in-layout.tsx';

function Where() {
  return <div data-testid="where">{useLocation().pathname}</div>;
}

/**
 * The signed-in layout behind its guard at `path`, with stub pages for the club routes
 * (`:nomClub/:page`: 'page club'), the team routes ('page équipe') and /connexion ('connexion');
 * the current path shows in the test id "where".
 */
export function renderSignedIn(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            element={
              <RequireMember>
                <SignedInLayout />
              </RequireMember>
            }
          >
            <Route path=":nomClub/:page" element={<main>page club</main>} />
            <Route path=":nomClub/:nomEquipe/:page" element={<main>page équipe</main>} />
          </Route>
          <Route path="connexion" element={<main>connexion</main>} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
