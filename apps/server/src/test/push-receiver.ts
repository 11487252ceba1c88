/**
 * A push service for the tests: an HTTP server on a loopback port that keeps every push it
 * receives, and a browser-side subscription (a P-256 key pair and an auth secret generated
 * here) that decrypts them as a browser would (RFC 8291 "aes128gcm", RFC 8188 record layout),
 * with node:crypto only — so that a test checks the server's encryption against an independent
 * implementation, not against the library that produced it.
 */
import http from 'node:http';
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';

export interface ReceivedPush {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface PushReceiver {
  origin: string;
  received: ReceivedPush[];
  /** The status answered for a path (default 201). */
  answer: Map<string, number>;
  close(): Promise<void>;
}

export async function startPushReceiver(): Promise<PushReceiver> {
  const received: ReceivedPush[] = [];
  const answer = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = answer.get(path) ?? 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    answer,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const b64url = (b: Buffer) => b.toString('base64url');

/** What a browser keeps of its subscription: its key pair and auth secret. */
export interface BrowserSubscription {
  endpoint: string;
  /** What PushSubscription.toJSON() gives, to POST /api/push/abonnements. */
  json: { endpoint: string; keys: { p256dh: string; auth: string } };
  decrypt(body: Buffer): Buffer;
}

export function browserSubscription(endpoint: string): BrowserSubscription {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const uaPublic = ecdh.getPublicKey(); // uncompressed point, 65 bytes
  const authSecret = crypto.randomBytes(16);
  return {
    endpoint,
    json: { endpoint, keys: { p256dh: b64url(uaPublic), auth: b64url(authSecret) } },
    decrypt(body) {
      // RFC 8188 header: salt (16) | rs (uint32) | idlen (1) | keyid (the server's public key)
      const salt = body.subarray(0, 16);
      const rs = body.readUInt32BE(16);
      const idlen = body.readUInt8(20);
      const asPublic = body.subarray(21, 21 + idlen);
      const records = body.subarray(21 + idlen);
      if (idlen !== 65) throw new Error(`keyid de ${idlen} octets (65 attendus)`);
      if (records.length > rs) throw new Error('plusieurs enregistrements inattendus');
      // RFC 8291 §3.3-3.4
      const ecdhSecret = ecdh.computeSecret(asPublic);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
      const ikm = Buffer.from(crypto.hkdfSync('sha256', ecdhSecret, authSecret, keyInfo, 32));
      const cek = Buffer.from(
        crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
      );
      const nonce = Buffer.from(
        crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12),
      );
      const tag = records.subarray(records.length - 16);
      const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(tag);
      const padded = Buffer.concat([
        decipher.update(records.subarray(0, records.length - 16)),
        decipher.final(),
      ]);
      // Last record: the data, then the delimiter 0x02, then zero padding.
      let end = padded.length - 1;
      while (end >= 0 && padded[end] === 0) end--;
      if (padded[end] !== 2) throw new Error('délimiteur de dernier enregistrement absent');
      return padded.subarray(0, end);
    },
  };
}

/**
 * Checks the VAPID Authorization header (RFC 8292): `vapid t=<JWT>, k=<public key>`, an ES256
 * JWT signed by that key, for the endpoint's origin, not expired. Returns its claims.
 */
export function verifyVapid(
  authorization: string | undefined,
  endpointOrigin: string,
): { aud: string; exp: number; sub: string; k: string } {
  const m = /^vapid t=([^,]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!m) throw new Error(`en-tête Authorization inattendu : ${authorization}`);
  const [, token, k] = m as unknown as [string, string, string];
  const [h, p, s] = token.split('.') as [string, string, string];
  const header = JSON.parse(Buffer.from(h, 'base64url').toString('utf8'));
  if (header.alg !== 'ES256') throw new Error(`alg ${header.alg}`);
  const raw = Buffer.from(k, 'base64url');
  const key = crypto.createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: b64url(raw.subarray(1, 33)),
      y: b64url(raw.subarray(33, 65)),
    },
    format: 'jwk',
  });
  const ok = crypto.verify(
    'sha256',
    Buffer.from(`${h}.${p}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(s, 'base64url'),
  );
  if (!ok) throw new Error('signature VAPID invalide');
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString('utf8'));
  if (claims.aud !== endpointOrigin) throw new Error(`aud ${claims.aud}`);
  if (claims.exp * 1000 < Date.now()) throw new Error('jeton VAPID expiré');
  return { ...claims, k };
}
