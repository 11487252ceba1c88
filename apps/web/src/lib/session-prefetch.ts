/**
 * The signed-in member's request (GET /api/dashboard/infos) started by the entry module when a
 * signed-in URL is opened directly, so that it runs while the screen's chunks download instead of
 * after them. `useCurrentMember` takes it once; anything but a 200 falls back to the HTTP client
 * (silent refresh on 401, errors, timeout). No dependency: this module is in the entry chunk.
 */
import { ENTRY_PATHS, type EntryAnswer, type EntryEndpoints } from './entry-paths.ts';

/**
 * One request started by the entry and taken once by its screen: `start` sends it (once until
 * taken) and settles with the JSON of a 200 or null, never rejects; `take` hands the promise to
 * the first caller; `takeArrived` hands the value itself when it has already arrived (undefined
 * otherwise, or when it failed), so that a first render can draw it at once. The answer is typed
 * by the call's declaration (entry-paths.ts: types only, no dependency).
 */
function entryPrefetch<K extends keyof EntryEndpoints>(name: K) {
  type Answer = EntryAnswer<K>;
  let pending: Promise<Answer | null> | null = null;
  /** The value once it arrived and until a caller takes it. */
  let settled: { value: Answer | null } | null = null;
  const take = (): Promise<Answer | null> | null => {
    const p = pending;
    pending = null;
    settled = null;
    return p;
  };
  return {
    start(): Promise<Answer | null> | null {
      if (pending || typeof fetch !== 'function') return pending;
      const request = fetch(ENTRY_PATHS[name], {
        credentials: 'include',
        headers: { accept: 'application/json' },
      })
        .then((res): Promise<Answer> | null => (res.ok ? res.json() : null))
        .catch(() => null)
        .then((value) => {
          if (pending === request) settled = { value };
          return value;
        });
      pending = request;
      return request;
    },
    take,
    takeArrived(): Answer | undefined {
      if (!settled || settled.value === null) return undefined;
      const { value } = settled;
      take();
      return value;
    },
  };
}

const member = entryPrefetch('currentMember');

/** Starts the request (once); the promise settles with the member or null, never rejects. */
export const prefetchCurrentMember = member.start;

/** The prefetched member (null when there is none or it failed); only the first caller gets it. */
export const takePrefetchedMember = member.take;

/**
 * The prefetched member when it has already arrived (then taken, as by takePrefetchedMember), so
 * that the first render of a signed-in screen has it at once: the app shell's render waits for it
 * (main.tsx, docs/decisions/0092-signed-in-app-shell.md). Undefined otherwise.
 */
export const takeArrivedMember = member.takeArrived;

/**
 * The dashboard's home (GET /api/dashboard/accueil) when a dashboard URL is opened directly:
 * started by the entry beside the screen's chunks and the member's request, instead of after the
 * screen's first render (its largest text comes with these data, docs/decisions/0092-signed-in-app-shell.md).
 * `useDashboardHome` takes it once; anything but a 200 (null) falls back to the typed client.
 */
const home = entryPrefetch('dashboardHome');

/** Starts the request (once until taken); settles with the home or null, never rejects. */
export const prefetchDashboardHome = home.start;

/** The prefetched home (null when none was started); only the first caller gets it. */
export const takePrefetchedDashboardHome = home.take;

/**
 * The prefetched home when it has already arrived (then taken): the dashboard's first render
 * draws its cards at once instead of their placeholder. Undefined otherwise.
 */
export const takeArrivedDashboardHome = home.takeArrived;
