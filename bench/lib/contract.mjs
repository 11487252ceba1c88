// The contract's endpoint declarations for the bench's plain-Node scripts (the contract is
// TypeScript source: decision 0002): every call of a bench names its endpoint, never a path written
// by hand (scripts/lint/api-paths.mjs), so a renamed path fails the bench's tooling test rather
// than measuring a 404.
import { tsImport } from 'tsx/esm/api';

const contract = await tsImport('@club/contract', import.meta.url);
export const { api, urlOf, routeKey, createClient, queryString } = contract;

/**
 * The typed client over fetch for a signed-in session (`cookie` as sent by the server): JSON
 * answers parsed, a non-2xx answer thrown with its text.
 */
export function benchClient(base, cookie = '') {
  const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(cookie)?.[1] ?? '');
  return createClient(api, async ({ method, path, query, body, headers }) => {
    const multipart = body instanceof FormData;
    const res = await fetch(`${base}${path}${queryString(query)}`, {
      method,
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(method === 'GET' ? {} : { 'x-xsrf-token': xsrf, origin: base }),
        ...(body === undefined || multipart ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text.slice(0, 200)}`);
    return text && (res.headers.get('content-type') ?? '').includes('json')
      ? JSON.parse(text)
      : text;
  });
}
