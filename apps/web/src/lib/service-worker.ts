/**
 * The service worker (src/sw.ts, built by vite-plugin-pwa as /sw.js): the installable app, the
 * signed-in screens offline, Web Push. Registered from the signed-in area only, after the screen
 * has rendered, so that the public pages' first JavaScript stays within its budget (decision
 * 0005) and a visitor of the public site installs nothing. Production builds only: the
 * development server serves no /sw.js. docs/decisions/0077-installable-app-offline.md.
 */
let registering: Promise<ServiceWorkerRegistration | null> | null = null;

const available = () =>
  typeof navigator !== 'undefined' && 'serviceWorker' in navigator && import.meta.env.PROD;

export function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!available()) return Promise.resolve(null);
  registering ??= navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => null);
  return registering;
}

/** The registration, if any; with `wait`, registers it and waits (10 s at most) until active. */
export async function serviceWorkerRegistration(
  options: { wait?: boolean } = {},
): Promise<ServiceWorkerRegistration | null> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
  if (!options.wait) return (await navigator.serviceWorker.getRegistration()) ?? null;
  void registerServiceWorker();
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), 10_000)),
  ]);
}
