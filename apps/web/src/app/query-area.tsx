import { useEffect } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet, useNavigate } from 'react-router';
import { onSessionLost, PUBLIC_NO_REDIRECT_PATHS } from '../lib/http.ts';
import { queryClient } from '../lib/query-client.ts';
import { clearSession } from '../lib/session.ts';

/**
 * When the silent refresh fails: forget the member and go to /connexion unless on a public path
 * (spec §4); the login form brings the member back to the page they were on.
 */
function SessionWatcher() {
  const navigate = useNavigate();
  useEffect(
    () =>
      onSessionLost(() => {
        clearSession(queryClient);
        const { pathname, search, hash } = window.location;
        if (!PUBLIC_NO_REDIRECT_PATHS.includes(pathname))
          navigate('/connexion', { replace: true, state: { from: `${pathname}${search}${hash}` } });
      }),
    [navigate],
  );
  return null;
}

/** Wraps every screen that talks to the API through TanStack Query (loaded on demand). */
export default function QueryArea() {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionWatcher />
      <Outlet />
    </QueryClientProvider>
  );
}
