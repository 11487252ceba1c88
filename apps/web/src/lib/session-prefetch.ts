/**
 * The signed-in member's request (GET /api/dashboard/infos) started by the entry module when a
 * signed-in URL is opened directly, so that it runs while the screen's chunks download instead of
 * after them. `useCurrentMember` takes it once; anything but a 200 falls back to the HTTP client
 * (silent refresh on 401, errors, timeout). No dependency: this module is in the entry chunk.
 */
import { ENTRY_PATHS } from './entry-paths.ts';

let pending: Promise<unknown> | null = null;

export function prefetchCurrentMember(): void {
  if (pending || typeof fetch !== 'function') return;
  pending = fetch(ENTRY_PATHS.currentMember, {
    credentials: 'include',
    headers: { accept: 'application/json' },
  })
    .then((res) => (res.ok ? res.json() : null))
    .catch(() => null);
}

/** The prefetched member (null when there is none or it failed); only the first caller gets it. */
export function takePrefetchedMember(): Promise<unknown> | null {
  const p = pending;
  pending = null;
  return p;
}
