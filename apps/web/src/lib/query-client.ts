import { QueryClient } from '@tanstack/react-query';

/**
 * One query cache for the whole app. It lives in its own module, loaded with the first screen that
 * needs server state, so that the public pages do not download the query library.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: 1 },
    mutations: { retry: 0 },
  },
});
