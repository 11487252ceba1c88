import { z } from 'zod';
import { SERVER_MESSAGES } from './messages.ts';
import { safeString } from './schemas/common.ts';

/**
 * Web Push (RFC 8030, VAPID RFC 8292, payload encryption RFC 8291 aes128gcm). A browser that
 * allowed notifications subscribes with the server's public key and registers the subscription;
 * the server then sends, through its job queue, an encrypted JSON payload `TPushMessage` that
 * the service worker shows and opens at `url` when tapped.
 *
 *   GET    /api/push/cle                                   → {clePublique} (VAPID, base64url)
 *   POST   /api/push/abonnements {endpoint, keys:{p256dh, auth}} → 201 {message}
 *   DELETE /api/push/abonnements {endpoint}                → {message}
 *
 * An endpoint must be an https URL of a public host (never a private, loopback or link-local
 * address: the server would be made to call its own network), except the origins the server's
 * configuration allows (PUSH_ENDPOINTS_ALLOWED, for tests).
 */

export const PUSH_LIMITS = {
  endpointMax: 2048,
  /** base64url of an uncompressed P-256 point (65 bytes) is 87 characters. */
  p256dhMax: 200,
  /** base64url of 16 bytes is 22 characters. */
  authMax: 100,
  /** Subscriptions (devices) per member; the oldest goes when a new one comes. */
  parMembre: 10,
} as const;

export const PUSH_MESSAGES = {
  endpointInvalid: 'Adresse d’abonnement invalide.',
  endpointRefused:
    'Adresse d’abonnement refusée : le service de notification doit être une adresse https publique (port 443).',
  keysInvalid:
    'Clés d’abonnement invalides : p256dh doit être une clé publique P-256 non compressée (65 octets) et auth un secret de 16 octets, en base64url.',
  subscribed: 'Notifications activées sur cet appareil.',
  unsubscribed: 'Notifications désactivées sur cet appareil.',
} as const;

const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** The bytes of a base64url text (padding optional); null when it is not base64url. */
export function base64urlBytes(text: string): Uint8Array | null {
  const body = text.replace(/=+$/, '');
  if (!/^[A-Za-z0-9_-]*$/.test(body) || body.length % 4 === 1) return null;
  const bytes: number[] = [];
  let bits = 0;
  let acc = 0;
  for (const c of body) {
    acc = (acc << 6) | B64URL.indexOf(c);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((acc >> bits) & 0xff);
    }
  }
  return Uint8Array.from(bytes);
}

/**
 * The keys of a subscription as RFC 8291 needs them: p256dh the browser's P-256 public key,
 * uncompressed (65 bytes, 0x04 first), auth a 16-byte secret. Anything else cannot be encrypted
 * to: refused at subscription rather than failing at every send. (Whether the point is on the
 * curve: the server, node:crypto.)
 */
const pushKey = (max: number, valid: (bytes: Uint8Array) => boolean) =>
  safeString({ error: PUSH_MESSAGES.keysInvalid })
    .min(1, PUSH_MESSAGES.keysInvalid)
    .max(max, PUSH_MESSAGES.keysInvalid)
    .regex(/^[A-Za-z0-9_-]+=*$/, PUSH_MESSAGES.keysInvalid)
    .refine(
      (v) => {
        const bytes = base64urlBytes(v);
        return !!bytes && valid(bytes);
      },
      { error: PUSH_MESSAGES.keysInvalid },
    );
export const PUSH_KEY_BYTES = { p256dh: 65, auth: 16 } as const;

const ZEndpointSchema = safeString({ error: PUSH_MESSAGES.endpointInvalid })
  .min(1, PUSH_MESSAGES.endpointInvalid)
  .max(PUSH_LIMITS.endpointMax, PUSH_MESSAGES.endpointInvalid)
  .refine(
    (v) => {
      try {
        const url = new URL(v);
        return (url.protocol === 'https:' || url.protocol === 'http:') && !!url.hostname;
      } catch {
        return false;
      }
    },
    { error: PUSH_MESSAGES.endpointInvalid },
  );

/** POST /api/push/abonnements: what PushSubscription.toJSON() gives (expirationTime ignored). */
export const ZPushSubscriptionSchema = z
  .object({
    endpoint: ZEndpointSchema,
    expirationTime: z.number({ error: SERVER_MESSAGES.invalidValue }).nullish(),
    keys: z
      .object({
        p256dh: pushKey(
          PUSH_LIMITS.p256dhMax,
          (b) => b.length === PUSH_KEY_BYTES.p256dh && b[0] === 0x04,
        ),
        auth: pushKey(PUSH_LIMITS.authMax, (b) => b.length === PUSH_KEY_BYTES.auth),
      })
      .strict(),
  })
  .strict();
export type TPushSubscription = z.input<typeof ZPushSubscriptionSchema>;

/** DELETE /api/push/abonnements */
export const ZPushUnsubscribeSchema = z.object({ endpoint: ZEndpointSchema }).strict();

export const ZPushKeySchema = z.object({ clePublique: z.string() });

/** The decrypted payload of every push: what the notification shows, where tapping it leads. */
export const ZPushMessageSchema = z.object({
  titre: z.string(),
  corps: z.string(),
  /** A path of this site ('/AS%20D%C3%A9mo/annonces?annonce=3'). */
  url: z.string(),
});
export type TPushMessage = z.infer<typeof ZPushMessageSchema>;
