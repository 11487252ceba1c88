import { QueryClient } from '@tanstack/react-query';

/**
 * One query cache for the whole app. It lives in its own module, loaded with the first screen that
 * needs server state, so that the public pages do not download the query library.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    // Offline (decision 0102): a read is still asked, so that the service worker answers from
    // its copy; a write is sent and fails at once ('Pas de réseau…') rather than waiting unseen
    // (the writes meant for offline use keep themselves, lib/offline-outbox.ts).
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: 1,
      networkMode: 'offlineFirst',
    },
    mutations: { retry: 0, networkMode: 'always' },
  },
});
