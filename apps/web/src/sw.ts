/// <reference lib="webworker" />
/**
 * The service worker of the signed-in app (built by vite-plugin-pwa, "injectManifest";
 * docs/decisions/0077-installable-app-offline.md):
 * - precaches the app shell (spa.html, scripts, styles, icons) so that the app opens offline;
 * - keeps the GET answers of the screens a member uses pitch-side (dashboard, events and their
 *   attendance, matches and convocations, teams and their members, announcements), network
 *   first: fresh when online, the last answer when not;
 * - empties those answers when a member signs in or out (a shared device never shows one
 *   member's data to the next) and drops the device's push subscription on sign-out;
 * - shows Web Push notifications and opens their screen when tapped.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import * as paths from '@club/contract/generated/endpoint-paths';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

export const API_CACHE = 'api-hors-ligne';
const SHELL = '/spa.html';

/**
 * GET answers kept for offline use: the screens' reads (never a file to download, an invitation
 * or an answer link, nor the live stream `api.live.stream`, an endless answer the browser reads
 * from the network), as path patterns of their endpoints (`api.matches.get`'s `:id` → one
 * segment).
 */
const OFFLINE_API = [
  paths.dashboardInfos,
  paths.dashboardHome,
  paths.dashboardEvents,
  paths.dashboardMembers,
  paths.eventsListClub,
  paths.eventsGet,
  paths.eventsPresences,
  paths.carpoolList,
  paths.matchesListTeam,
  paths.matchesGet,
  paths.matchesConvocations,
  paths.teamsByCategoryDivision,
  paths.teamsListClub,
  paths.teamsSummaries,
  paths.teamsGet,
  paths.membersListClub,
  paths.membersSearchClub,
  paths.membersSearchTeam,
  paths.membersListTeam,
  paths.membersGet,
  paths.announcementsList,
  paths.announcementsReceipts,
  paths.clubsGet,
  paths.notificationsPreferences,
].map((p) => new RegExp(`^${p.replace(/:[A-Za-z0-9_]+/g, '[^/]+')}$`));
/** Requests after which the cached answers belong to nobody. */
const SESSION_CHANGES: string[] = [paths.authLogin, paths.authLogout];

self.addEventListener('install', () => void self.skipWaiting());
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (
    event.request.method === 'POST' &&
    url.origin === self.location.origin &&
    SESSION_CHANGES.includes(url.pathname)
  ) {
    const jobs: Promise<unknown>[] = [caches.delete(API_CACHE)];
    if (url.pathname === paths.authLogout)
      jobs.push(
        self.registration.pushManager
          .getSubscription()
          .then((s) => s?.unsubscribe())
          .catch(() => undefined),
      );
    event.waitUntil(Promise.all(jobs));
  }
});

// Pages: the network (always fresh), else the shell, which then renders the screen offline. Offline
// it is the plain spa.html, without the server's app shell of the screen (decision 0092).
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin,
  async ({ request }) => {
    try {
      return await fetch(request);
    } catch (err) {
      const shell = await matchPrecache(SHELL);
      if (shell) return shell;
      throw err;
    }
  },
);

registerRoute(
  ({ request, url }) =>
    request.method === 'GET' &&
    url.origin === self.location.origin &&
    OFFLINE_API.some((p) => p.test(url.pathname)),
  new NetworkFirst({
    cacheName: API_CACHE,
    networkTimeoutSeconds: 6,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 21 * 24 * 3600 }),
    ],
  }),
);

interface PushPayload {
  titre?: string;
  corps?: string;
  url?: string;
}

/** A path of this site, never another origin (a payload is data, not a redirect). */
function sameOriginPath(url: string | undefined): string {
  try {
    const u = new URL(url ?? '/', self.location.origin);
    return u.origin === self.location.origin ? `${u.pathname}${u.search}${u.hash}` : '/';
  } catch {
    return '/';
  }
}

self.addEventListener('push', (event) => {
  let payload: PushPayload = {};
  try {
    payload = (event.data?.json() ?? {}) as PushPayload;
  } catch {
    payload = { corps: event.data?.text() };
  }
  const url = sameOriginPath(payload.url);
  event.waitUntil(
    self.registration.showNotification(payload.titre || 'Club Manager', {
      body: payload.corps ?? '',
      icon: '/icon-192.png',
      badge: '/icon-192.png',
      lang: 'fr',
      tag: url,
      data: { url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = sameOriginPath((event.notification.data as { url?: string } | null)?.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        await open.navigate(url).catch(() => self.clients.openWindow(url));
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
