import type { Config } from '../config.ts';

/** Addresses that mean "every interface": not an address a browser can open. */
const WILDCARDS = new Set(['0.0.0.0', '::', '[::]']);

/**
 * The base address of every link the server sends (e-mails: reset, invitation, convocation answer
 * and unsubscribe links): PUBLIC_URL, else the configured HOST and PORT. Never the request's Host,
 * Origin or X-Forwarded-Host: a client chooses those, and a reset link on the attacker's host
 * would hand over a genuine token.
 */
export function publicBaseUrl(config: Pick<Config, 'PUBLIC_URL' | 'HOST' | 'PORT'>): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL.replace(/\/+$/, '');
  const host = WILDCARDS.has(config.HOST) ? 'localhost' : config.HOST;
  const bracketed = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return `http://${bracketed}:${config.PORT}`;
}
