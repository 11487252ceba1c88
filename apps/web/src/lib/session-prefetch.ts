/**
 * The signed-in member's request (GET /api/dashboard/infos) started by the entry module when a
 * signed-in URL is opened directly, so that it runs while the screen's chunks download instead of
 * after them. `useCurrentMember` takes it once; anything but a 200 falls back to the HTTP client
 * (silent refresh on 401, errors, timeout). No dependency: this module is in the entry chunk.
 */
import { ENTRY_PATHS } from './entry-paths.ts';

let pending: Promise<unknown> | null = null;
/** The prefetched member once it arrived and until a caller takes it (null: none or failed). */
let settled: { value: unknown } | null = null;

/** Starts the request (once); the promise settles with the member or null, never rejects. */
export function prefetchCurrentMember(): Promise<unknown> | null {
  if (pending || typeof fetch !== 'function') return pending;
  const request = fetch(ENTRY_PATHS.currentMember, {
    credentials: 'include',
    headers: { accept: 'application/json' },
  })
    .then((res) => (res.ok ? res.json() : null))
    .catch(() => null)
    .then((value: unknown) => {
      if (pending === request) settled = { value };
      return value;
    });
  pending = request;
  return request;
}

/** The prefetched member (null when there is none or it failed); only the first caller gets it. */
export function takePrefetchedMember(): Promise<unknown> | null {
  const p = pending;
  pending = null;
  settled = null;
  return p;
}

/**
 * The prefetched member when it has already arrived (then taken, as by takePrefetchedMember), so
 * that the first render of a signed-in screen has it at once: the app shell's render waits for it
 * (main.tsx, docs/decisions/0092-signed-in-app-shell.md). Undefined otherwise.
 */
export function takeArrivedMember(): unknown {
  if (!settled || settled.value === null) return undefined;
  const { value } = settled;
  takePrefetchedMember();
  return value;
}

/**
 * The dashboard's home (GET /api/dashboard/accueil) when a dashboard URL is opened directly:
 * started by the entry beside the screen's chunks and the member's request, instead of after the
 * screen's first render (its largest text comes with these data, docs/decisions/0092-signed-in-app-shell.md).
 * `useDashboardHome` takes it once; anything but a 200 (null) falls back to the typed client.
 */
let homePending: Promise<unknown> | null = null;
let homeSettled: { value: unknown } | null = null;

/** Starts the request (once until taken); settles with the home or null, never rejects. */
export function prefetchDashboardHome(): Promise<unknown> | null {
  if (homePending || typeof fetch !== 'function') return homePending;
  const request = fetch(ENTRY_PATHS.dashboardHome, {
    credentials: 'include',
    headers: { accept: 'application/json' },
  })
    .then((res) => (res.ok ? res.json() : null))
    .catch(() => null)
    .then((value: unknown) => {
      if (homePending === request) homeSettled = { value };
      return value;
    });
  homePending = request;
  return request;
}

/** The prefetched home (null when none was started); only the first caller gets it. */
export function takePrefetchedDashboardHome(): Promise<unknown> | null {
  const p = homePending;
  homePending = null;
  homeSettled = null;
  return p;
}

/**
 * The prefetched home when it has already arrived (then taken): the dashboard's first render
 * draws its cards at once instead of their placeholder. Undefined otherwise.
 */
export function takeArrivedDashboardHome(): unknown {
  if (!homeSettled || homeSettled.value === null) return undefined;
  const { value } = homeSettled;
  takePrefetchedDashboardHome();
  return value;
}
