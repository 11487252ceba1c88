import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/** JWT_SECRET when set, else a key generated once and kept in DATA_DIR (README, Configuration). */
export function loadSigningKey(secret: string | undefined, dataDir: string | null): Buffer {
  if (secret) return Buffer.from(secret, 'utf8');
  if (!dataDir) return randomBytes(32);
  const file = path.join(dataDir, 'jwt-secret');
  try {
    return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64url');
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const key = randomBytes(32);
    try {
      fs.writeFileSync(file, key.toString('base64url'), { mode: 0o600, flag: 'wx' });
      return key;
    } catch {
      // Another instance created it first: use theirs.
      return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64url');
    }
  }
}
