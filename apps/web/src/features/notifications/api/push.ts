import type { TPushSubscription } from '@club/contract';
import { api } from '../../../lib/api.ts';
import { serviceWorkerRegistration } from '../../../lib/service-worker.ts';

/**
 * This device's Web Push subscription: the browser's PushManager, with the server's VAPID key,
 * registered at POST /api/push/abonnements. Everything here is per device (per browser profile).
 */
export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** base64url → the bytes PushManager.subscribe wants as applicationServerKey. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const padded = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(padded + '='.repeat((4 - (padded.length % 4)) % 4));
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

const sameBytes = (a: ArrayBuffer | null | undefined, b: Uint8Array) =>
  !!a && a.byteLength === b.byteLength && new Uint8Array(a).every((x, i) => x === b[i]);

export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const registration = await serviceWorkerRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  return subscription && Notification.permission === 'granted' ? 'on' : 'off';
}

export class PushRefusedError extends Error {
  constructor() {
    super('Les notifications sont bloquées pour ce site dans le navigateur.');
    this.name = 'PushRefusedError';
  }
}

/** Asks the permission, subscribes the device with the server's key and registers it. */
export async function enablePush(): Promise<void> {
  if ((await Notification.requestPermission()) !== 'granted') throw new PushRefusedError();
  const registration = await serviceWorkerRegistration({ wait: true });
  if (!registration) throw new Error('Service worker indisponible.');
  const { clePublique } = await api.push.key();
  const key = keyBytes(clePublique);
  let subscription = await registration.pushManager.getSubscription();
  // A subscription made with another key (the server's keys changed) cannot be used.
  if (subscription && !sameBytes(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  await api.push.subscribe({ body: subscription.toJSON() as TPushSubscription });
}

/** Unregisters the device (server first, while signed in) and drops the browser's subscription. */
export async function disablePush(): Promise<void> {
  const registration = await serviceWorkerRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  await api.push.unsubscribe({ body: { endpoint: subscription.endpoint } });
  await subscription.unsubscribe();
}
