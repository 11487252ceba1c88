import { useEffect } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet, useNavigate } from 'react-router';
import { onSessionLost, PUBLIC_NO_REDIRECT_PATHS } from '../lib/http.ts';
import { queryClient } from '../lib/query-client.ts';
import { clearSession } from '../lib/session.ts';

/** When the silent refresh fails: forget the member and go to /connexion unless on a public path (spec §4). */
function SessionWatcher() {
  const navigate = useNavigate();
  useEffect(
    () =>
      onSessionLost(() => {
        clearSession(queryClient);
        if (!PUBLIC_NO_REDIRECT_PATHS.includes(window.location.pathname))
          navigate('/connexion', { replace: true });
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
