import { useEffect } from 'react';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { TLiveEventData } from '@club/contract/live';
import { api, endpoints } from './api.ts';
import { queryClient } from './query-client.ts';
import { queryKeys } from './query-keys.ts';

/**
 * The live stream of the signed-in app (GET /api/flux, docs/decisions/0120-live-stream.md): one
 * EventSource per tab, opened by the signed-in layout. Each event names what changed (ids only);
 * the screens showing it are refreshed by invalidating their TanStack Query keys, and their GETs
 * apply the server's rules again. The browser reconnects by itself with Last-Event-ID (the server
 * sends what was missed); a refused stream (session expired) is reopened after a silent refresh of
 * the session, and then every live screen is read again, since its missed events are unknown.
 *
 * The service worker never handles this request (src/sw.ts): a stream must not be cached.
 */

type Handlers = { [T in keyof TLiveEventData]: (data: TLiveEventData[T], qc: QueryClient) => void };

/** The keys each event refreshes (a prefix refreshes every list under it). */
export const LIVE_INVALIDATIONS: Handlers = {
  convocation: ({ matchId }, qc) => {
    void qc.invalidateQueries({ queryKey: queryKeys.matches.convocations(matchId) });
    // The lists' present/absent counts and the home's "to answer".
    void qc.invalidateQueries({ queryKey: [...queryKeys.matches.all, 'team'] });
    void qc.invalidateQueries({ queryKey: queryKeys.dashboard.all });
  },
  match: ({ matchId, changement }, qc) => {
    // The live sheet and its score (decisions 0125, 0126): what families watch on match day.
    void qc.invalidateQueries({ queryKey: queryKeys.matches.live(matchId) });
    if (changement === 'feuille' || changement === 'selection')
      void qc.invalidateQueries({ queryKey: queryKeys.matches.sheet(matchId) });
    // A live action changes the live score only: the lists (typed score, counts) stay, so that a
    // goal does not make every family's phone read its lists again.
    if (changement === 'action') return;
    void qc.invalidateQueries({ queryKey: [...queryKeys.matches.all, 'team'] });
    void qc.invalidateQueries({ queryKey: queryKeys.matches.convocations(matchId) });
    void qc.invalidateQueries({ queryKey: queryKeys.dashboard.all });
  },
  message: ({ conversationId }, qc) => {
    void qc.invalidateQueries({ queryKey: queryKeys.conversations.messages(conversationId) });
    void qc.invalidateQueries({ queryKey: queryKeys.conversations.list });
  },
  lecture: ({ conversationId }, qc) => {
    void qc.invalidateQueries({ queryKey: queryKeys.conversations.messages(conversationId) });
    void qc.invalidateQueries({ queryKey: queryKeys.conversations.list });
  },
};

/** Everything a live event could have changed (after `resynchroniser` or a reopened stream). */
const LIVE_ROOTS: QueryKey[] = [
  queryKeys.matches.all,
  queryKeys.dashboard.all,
  queryKeys.conversations.all,
];

/** Reopening after a refused stream: 5 s, then twice as long each time, at most a minute. */
const REOPEN_MIN_MS = 5_000;
const REOPEN_MAX_MS = 60_000;

interface Live {
  source: EventSource | null;
  users: number;
  timer: ReturnType<typeof setTimeout> | undefined;
  delay: number;
  /** The stream was refused once: its next `connecte` cannot say what was missed. */
  resyncOnOpen: boolean;
}
let live: Live | null = null;

function open(state: Live, qc: QueryClient) {
  const source = new EventSource(endpoints.live.stream.path, { withCredentials: true });
  state.source = source;
  const on = <T extends keyof TLiveEventData>(type: T) =>
    source.addEventListener(type, (e) => {
      try {
        LIVE_INVALIDATIONS[type](JSON.parse((e as MessageEvent<string>).data), qc);
      } catch {
        // an event this version does not understand: ignored
      }
    });
  (Object.keys(LIVE_INVALIDATIONS) as (keyof TLiveEventData)[]).forEach(on);
  const resync = () => LIVE_ROOTS.forEach((queryKey) => void qc.invalidateQueries({ queryKey }));
  source.addEventListener('connecte', () => {
    state.delay = REOPEN_MIN_MS;
    if (state.resyncOnOpen) resync();
    state.resyncOnOpen = false;
  });
  source.addEventListener('resynchroniser', resync);
  source.addEventListener('error', () => {
    // CONNECTING: the browser retries by itself with Last-Event-ID. CLOSED: the server refused
    // it (a 401 after the access token expired, a 503): check the session, then open again.
    if (source.readyState !== EventSource.CLOSED || state.source !== source) return;
    source.close();
    state.source = null;
    state.resyncOnOpen = true;
    const delay = state.delay;
    state.delay = Math.min(REOPEN_MAX_MS, delay * 2);
    state.timer = setTimeout(() => {
      state.timer = undefined;
      if (!state.users) return;
      // Through the HTTP client: one silent refresh of the session on a 401, or the session is
      // lost (the app signs out and this hook's layout goes away).
      api.dashboard
        .infos()
        .then(() => {
          if (state.users && !state.source) open(state, qc);
        })
        .catch(() => {
          if (state.users && !state.source) open(state, qc);
        });
    }, delay);
  });
}

function close(state: Live) {
  clearTimeout(state.timer);
  state.source?.close();
  live = null;
}

/**
 * Opens the tab's live stream while a member is signed in (one per tab, however many components
 * call it) and closes it on sign-out.
 */
export function useLiveStream(memberId: number | undefined, qc: QueryClient = queryClient): void {
  useEffect(() => {
    if (!memberId || typeof EventSource === 'undefined') return;
    if (!live) {
      live = {
        source: null,
        users: 0,
        timer: undefined,
        delay: REOPEN_MIN_MS,
        resyncOnOpen: false,
      };
      open(live, qc);
    }
    const state = live;
    state.users++;
    return () => {
      state.users--;
      if (!state.users) close(state);
    };
  }, [memberId, qc]);
}
