import http from 'node:http';
import https from 'node:https';
import webpush from 'web-push';
import type { TPushMessage } from '@club/contract';
import { allowedByConfiguration, checkEndpointSyntax, guardedLookup } from './push.endpoints.ts';
import type { VapidKeys } from './push.keys.ts';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushResult {
  status: number;
  body: string;
}

/**
 * Sends one push: web-push builds the request (payload encrypted per RFC 8291, aes128gcm; VAPID
 * Authorization header per RFC 8292) and we send it ourselves, because web-push's
 * sendNotification speaks https only (an allowed test endpoint is http) and cannot check the
 * address it connects to (checked here on connecting: push.endpoints.ts).
 */
export async function sendPush(
  target: PushTarget,
  message: TPushMessage,
  opts: {
    vapid: VapidKeys;
    allowedPrefixes: readonly string[];
    /** Seconds the push service keeps an undelivered message. */
    ttlSeconds: number;
    timeoutMs?: number;
    urgency?: 'very-low' | 'low' | 'normal' | 'high';
  },
): Promise<PushResult> {
  const url = checkEndpointSyntax(target.endpoint, opts.allowedPrefixes);
  const details = webpush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    JSON.stringify(message),
    {
      vapidDetails: opts.vapid,
      TTL: opts.ttlSeconds,
      contentEncoding: 'aes128gcm',
      urgency: opts.urgency ?? 'normal',
    },
  );
  const trusted = allowedByConfiguration(target.endpoint, opts.allowedPrefixes);
  const client = url.protocol === 'https:' ? https : http;
  const timeoutMs = opts.timeoutMs ?? 15_000;
  return new Promise<PushResult>((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: details.method,
        headers: details.headers as http.OutgoingHttpHeaders,
        ...(trusted ? {} : { lookup: guardedLookup as never }),
        timeout: timeoutMs,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (c: Buffer) => {
          // Only a few bytes of an answer are ever useful (an error's reason).
          if (size < 4096) chunks.push(c);
          size += c.length;
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8').slice(0, 4096),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('délai dépassé')));
    request.on('error', reject);
    request.end(details.body ?? undefined);
  });
}
