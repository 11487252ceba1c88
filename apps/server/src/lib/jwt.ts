import { createHmac } from 'node:crypto';
import { safeEqual } from './tokens.ts';

/**
 * Minimal HS256 JWT: the algorithm is fixed, exp/iss/aud are always checked
 * (docs/architecture.md §6).
 */
export interface AccessClaims {
  sub: string; // member id
  sid: string; // session id
  club: number;
  role: string;
  statut: string;
  iat: number;
  exp: number;
  iss: string;
  aud: string;
}

export const JWT_ISSUER = 'club-manager';
export const JWT_AUDIENCE = 'club-manager-web';
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

function sign(key: Buffer, data: string): string {
  return createHmac('sha256', key).update(data).digest('base64url');
}

export function signJwt(
  key: Buffer,
  claims: Omit<AccessClaims, 'iat' | 'exp' | 'iss' | 'aud'>,
  ttlSeconds: number,
  now = Date.now(),
): string {
  const iat = Math.floor(now / 1000);
  const payload: AccessClaims = {
    ...claims,
    iat,
    exp: iat + ttlSeconds,
    iss: JWT_ISSUER,
    aud: JWT_AUDIENCE,
  };
  const body = `${HEADER}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  return `${body}.${sign(key, body)}`;
}

export function verifyJwt(key: Buffer, token: string, now = Date.now()): AccessClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts as [string, string, string];
  if (header !== HEADER) return null; // only {"alg":"HS256","typ":"JWT"} is accepted
  if (!safeEqual(signature, sign(key, `${header}.${payload}`))) return null;
  let claims: AccessClaims;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (claims.iss !== JWT_ISSUER || claims.aud !== JWT_AUDIENCE) return null;
  if (typeof claims.exp !== 'number' || claims.exp * 1000 <= now) return null;
  if (typeof claims.sub !== 'string' || typeof claims.sid !== 'string') return null;
  return claims;
}
