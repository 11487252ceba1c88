import { useEffect, useState } from 'react';

export type JsonState<T> =
  | { status: 'loading'; data: null }
  | { status: 'success'; data: T }
  | { status: 'error'; data: null };

/**
 * A small GET hook for public pages (no query library there): loading → success | error.
 * The first render is always 'loading', on the server and in the browser, so hydration matches.
 */
export function useJson<T>(load: (signal: AbortSignal) => Promise<T>, key: string): JsonState<T> {
  const [state, setState] = useState<JsonState<T>>({ status: 'loading', data: null });
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'success', data });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn(`Chargement impossible (${key})`, error);
        setState({ status: 'error', data: null });
      },
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return state;
}
