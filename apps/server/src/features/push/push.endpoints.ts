import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Where the server may send a push (server-side request forgery): a subscription's endpoint is
 * chosen by the browser, so by whoever calls the API. It must be an https URL whose host is a
 * public unicast address — never loopback, private (RFC 1918, unique local), link-local (cloud
 * metadata), carrier-grade NAT, multicast, reserved or an IPv6 form embedding an IPv4 address —
 * checked on the address actually connected to (no DNS rebinding between check and use), on the
 * default https port only (no probing of a public host's other services), without user info,
 * except the origins of PUSH_ENDPOINTS_ALLOWED (tests), compared as parsed origins.
 * docs/decisions/0076-web-push-delivery-and-ssrf.md,
 * docs/decisions/0103-rules-found-by-probing.md (push endpoints and keys).
 */

export class PushEndpointRefused extends Error {
  constructor(reason: string) {
    super(`adresse de notification refusée : ${reason}`);
    this.name = 'PushEndpointRefused';
  }
}

/**
 * True for a public unicast address (IPv4 or IPv6). An IPv6 address that embeds an IPv4 one —
 * IPv4-mapped (::ffff:a.b.c.d) or IPv4-compatible (::a.b.c.d, deprecated but still routed to the
 * IPv4 by some stacks: ::7f00:1 is 127.0.0.1) — is judged as the IPv4 it embeds.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6') {
    const v6 = ip as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) ip = v6.toIPv4Address();
    else if (v6.parts.slice(0, 6).every((p) => p === 0))
      ip = new ipaddr.IPv4([
        v6.parts[6]! >> 8,
        v6.parts[6]! & 0xff,
        v6.parts[7]! >> 8,
        v6.parts[7]! & 0xff,
      ]);
  }
  return ip.range() === 'unicast';
}

const parse = (v: string): URL | null => {
  try {
    return new URL(v);
  } catch {
    return null;
  }
};

/**
 * Whether the endpoint is on one of the configured origins: scheme, host and port compared
 * parsed (a missing port is the scheme's default), never as strings — 'http://127.0.0.1:9100:x@
 * 127.0.0.2:9102/' is on 127.0.0.2. An endpoint with user info is never allowed. A prefix with a
 * path also asks for that path.
 */
export function allowedByConfiguration(endpoint: string, prefixes: readonly string[]): boolean {
  const url = parse(endpoint);
  if (!url || url.username || url.password) return false;
  return prefixes.some((prefix) => {
    const allowed = parse(prefix);
    if (!allowed || url.origin === 'null' || url.origin !== allowed.origin) return false;
    const path = allowed.pathname.replace(/\/+$/, '');
    return path === '' || url.pathname === path || url.pathname.startsWith(`${path}/`);
  });
}

/** The hostname of a URL without IPv6 brackets. */
const bareHost = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * The synchronous part of the check: https, and a literal address must be public. Returns the
 * URL. An allowed prefix skips every check.
 */
export function checkEndpointSyntax(endpoint: string, prefixes: readonly string[]): URL {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new PushEndpointRefused('adresse invalide');
  }
  if (allowedByConfiguration(endpoint, prefixes)) return url;
  if (url.protocol !== 'https:') throw new PushEndpointRefused('https requis');
  if (url.username || url.password) throw new PushEndpointRefused('identifiants dans l’adresse');
  // The default https port only: any other port of a public host is another service.
  if (url.port !== '') throw new PushEndpointRefused(`port ${url.port} refusé (443 seulement)`);
  const host = bareHost(url);
  if (net.isIP(host) && !isPublicAddress(host))
    throw new PushEndpointRefused(`adresse non publique ${host}`);
  if (/^localhost$|\.localhost$|\.local$|\.internal$/i.test(host))
    throw new PushEndpointRefused(`hôte local ${host}`);
  return url;
}

export type Resolver = (host: string) => Promise<string[]>;
export const systemResolver: Resolver = async (host) =>
  (await dns.promises.lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/**
 * The whole check at subscription time: syntax, then every address the host resolves to must be
 * public. A host that does not resolve now is accepted: the check that counts is the one made on
 * connecting (`guardedLookup`), at each send.
 */
export async function checkEndpoint(
  endpoint: string,
  prefixes: readonly string[],
  resolve: Resolver = systemResolver,
): Promise<void> {
  const url = checkEndpointSyntax(endpoint, prefixes);
  if (allowedByConfiguration(endpoint, prefixes)) return;
  const host = bareHost(url);
  if (net.isIP(host)) return;
  let addresses: string[];
  try {
    addresses = await resolve(host);
  } catch {
    return;
  }
  const bad = addresses.find((a) => !isPublicAddress(a));
  if (bad) throw new PushEndpointRefused(`${host} désigne une adresse non publique (${bad})`);
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/**
 * The `lookup` option of http(s).request: resolves like the system, then refuses the connection
 * when an address is not public. Node calls it with `all: true` (happy eyeballs) or without.
 */
export function guardedLookup(
  hostname: string,
  options: dns.LookupOptions,
  callback: LookupCallback,
): void {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const list = addresses as dns.LookupAddress[];
    const bad = list.find((a) => !isPublicAddress(a.address));
    if (bad || list.length === 0)
      return callback(
        new PushEndpointRefused(
          `${hostname} désigne une adresse non publique (${bad?.address ?? 'aucune'})`,
        ),
        [],
      );
    if (options.all) return callback(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
}
