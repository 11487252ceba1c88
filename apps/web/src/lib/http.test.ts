import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, buildPath } from '@club/contract';
import { http, HttpError, NetworkError, onSessionLost } from './http.ts';

type Call = { url: string; init: RequestInit };
/** Any write and any read of the API: the client treats every endpoint alike. */
const aWrite = api.members.create.path;
const aRead = buildPath(api.members.get.path, { id: 1 });
let calls: Call[];
let responder: (url: string, init: RequestInit) => Response | Promise<Response>;

beforeEach(() => {
  calls = [];
  document.cookie = 'XSRF-TOKEN=tok123; path=/';
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    calls.push({ url, init });
    return responder(url, init);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('HTTP client (spec §7)', () => {
  it('sends cookies, the X-XSRF-TOKEN header on writes and never an Authorization header', async () => {
    responder = () => json(200, { ok: true });
    await http.post(aWrite, { a: 1 }, { headers: { Authorization: 'Bearer leak' } });
    const headers = new Headers(calls[0]!.init.headers);
    expect(calls[0]!.init.credentials).toBe('include');
    expect(headers.get('X-XSRF-TOKEN')).toBe('tok123');
    expect(headers.get('authorization')).toBeNull();
    expect(calls[0]!.init.body).toBe('{"a":1}');
  });

  it('on a 401 refreshes once silently, then retries the original request once', async () => {
    let first = true;
    responder = (url) => {
      if (url === api.auth.refresh.path) return json(200, {});
      if (first) {
        first = false;
        return json(401, { message: 'expirée' });
      }
      return json(200, { value: 42 });
    };
    localStorage.setItem('deviceFingerprint', 'appareil-1');
    await expect(http.get(aRead)).resolves.toEqual({ value: 42 });
    expect(calls.map((c) => c.url)).toEqual([aRead, api.auth.refresh.path, aRead]);
    expect(JSON.parse(String(calls[1]!.init.body))).toEqual({ deviceFingerprint: 'appareil-1' });
    localStorage.removeItem('deviceFingerprint');
  });

  it('does not try a refresh on a device that holds no fingerprint, nor makes one', async () => {
    // After a club's deletion the fingerprint is gone: a refresh could only fail, and would
    // write a new fingerprint back.
    localStorage.removeItem('deviceFingerprint');
    responder = () => json(401, { message: 'expirée' });
    await expect(http.get(aRead)).rejects.toMatchObject({ status: 401 });
    expect(calls.map((c) => c.url)).toEqual([aRead]);
    expect(localStorage.getItem('deviceFingerprint')).toBeNull();
  });

  it('does not refresh for login, password update and refresh calls', async () => {
    responder = () => json(401, { message: 'Email ou mot de passe incorrect.' });
    for (const url of [api.auth.login.path, api.auth.resetPassword.path, api.auth.refresh.path]) {
      calls = [];
      await expect(http.post(url, {})).rejects.toMatchObject({ status: 401 });
      expect(calls.map((c) => c.url)).toEqual([url]);
    }
  });

  it('announces a lost session when the refresh fails', async () => {
    responder = () => json(401, {});
    const lost = vi.fn();
    const off = onSessionLost(lost);
    await expect(http.get(api.dashboard.infos.path)).rejects.toBeInstanceOf(HttpError);
    off();
    expect(lost).toHaveBeenCalledTimes(1);
  });

  it('exposes the server message and field errors; a network failure is a NetworkError', async () => {
    responder = () => json(409, { message: 'Conflit de données.', errors: { email: 'pris' } });
    const err = (await http.post(aWrite, {}).catch((e) => e)) as HttpError;
    expect(err.serverMessage).toBe('Conflit de données.');
    expect(err.fieldErrors).toEqual({ email: 'pris' });
    responder = () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(http.get(aRead)).rejects.toBeInstanceOf(NetworkError);
  });

  it('aborts after the 15 s timeout', async () => {
    vi.useFakeTimers();
    responder = (_url, init) =>
      new Promise((_, reject) =>
        init.signal?.addEventListener('abort', () =>
          reject(new DOMException('aborted', 'AbortError')),
        ),
      );
    const p = http.get(aRead).catch((e) => e);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(await p).toBeInstanceOf(NetworkError);
    vi.useRealTimers();
  });
});
