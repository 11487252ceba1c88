import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** mailto: or https: contact of the site, sent to the push services in the VAPID token. */
  subject: string;
}

/**
 * The VAPID key pair (RFC 8292): from the configuration when both keys are set, else generated
 * once and kept in DATA_DIR/vapid-keys.json (mode 600), like the signing key. A browser's
 * subscription is bound to the public key: a new pair silently orphans every subscription, so
 * the pair must outlive restarts (and be shared by instances: set it in the configuration then).
 * Without a data folder (tests) a pair is generated per process.
 */
export function loadVapidKeys(opts: {
  publicKey?: string;
  privateKey?: string;
  subject: string;
  dataDir: string | null;
}): VapidKeys {
  const { subject } = opts;
  if (opts.publicKey && opts.privateKey)
    return { publicKey: opts.publicKey, privateKey: opts.privateKey, subject };
  if (!opts.dataDir) return { ...webpush.generateVAPIDKeys(), subject };
  const file = path.join(opts.dataDir, 'vapid-keys.json');
  const read = (): VapidKeys => {
    const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as VapidKeys;
    return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
  };
  try {
    return read();
  } catch {
    fs.mkdirSync(opts.dataDir, { recursive: true });
    const keys = webpush.generateVAPIDKeys();
    try {
      fs.writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
      return { ...keys, subject };
    } catch {
      // Another instance created it first: use theirs.
      return read();
    }
  }
}
