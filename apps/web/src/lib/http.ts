import {
  COOKIE_XSRF_TOKEN,
  HEADER_XSRF_TOKEN,
  HTTP_TIMEOUT_MS,
  SERVER_MESSAGES,
} from '@club/contract';
import { storedDeviceFingerprint } from './device.ts';
import {
  authCsrf,
  authLogin,
  authRefresh,
  authResetPassword,
} from '@club/contract/generated/endpoint-paths';

/**
 * The HTTP client of spec §7: cookies sent, 15 s timeout, X-XSRF-TOKEN from the XSRF-TOKEN cookie,
 * no Authorization header, and on a 401 one silent refresh then one retry (except for login,
 * password update and refresh). If the refresh fails, go to /connexion unless on a public path.
 */
export class HttpError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly data: unknown,
    public readonly headers: Headers | null,
  ) {
    super(message);
    this.name = 'HttpError';
  }
  /** The server's French `message` field when present. */
  get serverMessage(): string | undefined {
    const m = (this.data as { message?: unknown } | null)?.message;
    return typeof m === 'string' && m ? m : undefined;
  }
  get fieldErrors(): Record<string, string> {
    const e = (this.data as { errors?: unknown } | null)?.errors;
    return e && typeof e === 'object' ? (e as Record<string, string>) : {};
  }
}

/** No response at all (network down, timeout). status 0. */
export class NetworkError extends HttpError {
  constructor(message: string) {
    super(0, message, null, null);
    this.name = 'NetworkError';
  }
}

const NO_REFRESH = [authLogin, authResetPassword, authRefresh];
export const PUBLIC_NO_REDIRECT_PATHS = ['/', '/accueil', '/connexion'];

export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const p = part.trim();
    if (p.startsWith(prefix)) return decodeURIComponent(p.slice(prefix.length));
  }
  return null;
}

type Listener = () => void;
const sessionLostListeners = new Set<Listener>();
/** Called when the silent refresh fails (the app clears the member and navigates). */
export function onSessionLost(listener: Listener): () => void {
  sessionLostListeners.add(listener);
  return () => sessionLostListeners.delete(listener);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** 'json' (default), 'blob' or 'response' */
  responseType?: 'json' | 'blob' | 'text';
  timeoutMs?: number;
}

let refreshing: Promise<boolean> | null = null;

async function ensureXsrf(): Promise<void> {
  if (readCookie(COOKIE_XSRF_TOKEN)) return;
  await fetch(authCsrf, { credentials: 'include' }).catch(() => undefined);
}

function buildUrl(path: string, query?: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue;
    params.set(k, String(v));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

async function send(path: string, opts: RequestOptions): Promise<Response> {
  const method = opts.method ?? 'GET';
  const stateChanging = method !== 'GET';
  if (stateChanging) await ensureXsrf();
  const headers = new Headers(opts.headers);
  headers.delete('authorization');
  headers.set('accept', 'application/json');
  const xsrf = readCookie(COOKIE_XSRF_TOKEN);
  if (xsrf && stateChanging) headers.set(HEADER_XSRF_TOKEN, xsrf);
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(opts.body);
  }
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('timeout', 'TimeoutError')),
    opts.timeoutMs ?? HTTP_TIMEOUT_MS,
  );
  const onAbort = () => controller.abort(opts.signal?.reason);
  opts.signal?.addEventListener('abort', onAbort);
  try {
    return await fetch(buildUrl(path, opts.query), {
      method,
      headers,
      body,
      credentials: 'include',
      signal: controller.signal,
    });
  } catch (err) {
    if (opts.signal?.aborted) throw err;
    throw new NetworkError(err instanceof Error ? err.message : String(err));
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }
}

async function refreshSession(): Promise<boolean> {
  // Concurrent 401s share one refresh call.
  refreshing ??= (async () => {
    const fingerprint = storedDeviceFingerprint();
    if (!fingerprint) return false;
    try {
      const res = await send(authRefresh, {
        method: 'POST',
        body: { deviceFingerprint: fingerprint },
      });
      return res.ok;
    } catch {
      return false;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function parse(
  res: Response,
  responseType: RequestOptions['responseType'],
): Promise<unknown> {
  if (res.status === 204) return null;
  if (responseType === 'blob') return res.blob();
  const text = await res.text();
  if (responseType === 'text') return text;
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function isCsrfFailure(res: Response, data: unknown): boolean {
  return (
    res.status === 403 && (data as { message?: string } | null)?.message === SERVER_MESSAGES.csrf
  );
}

export async function request<T = unknown>(path: string, opts: RequestOptions = {}): Promise<T> {
  let res = await send(path, opts);
  let data: unknown;
  if (res.status === 401 && !NO_REFRESH.some((p) => path.startsWith(p))) {
    if (await refreshSession()) {
      res = await send(path, opts);
    } else {
      sessionLostListeners.forEach((l) => l());
    }
  }
  data = res.ok ? await parse(res, opts.responseType) : await parse(res, 'json');
  if (isCsrfFailure(res, data)) {
    // The anti-forgery cookie was missing or stale (new session): fetch a fresh one and retry once.
    await fetch(authCsrf, { credentials: 'include' }).catch(() => undefined);
    res = await send(path, opts);
    data = res.ok ? await parse(res, opts.responseType) : await parse(res, 'json');
  }
  if (!res.ok) {
    const message = (data as { message?: string } | null)?.message ?? `HTTP ${res.status}`;
    throw new HttpError(res.status, message, data, res.headers);
  }
  return data as T;
}

export const http = {
  get: <T>(path: string, opts: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    request<T>(path, { ...opts, method: 'GET' }),
  post: <T>(path: string, body?: unknown, opts: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    request<T>(path, { ...opts, method: 'POST', body: body ?? {} }),
  put: <T>(path: string, body?: unknown, opts: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    request<T>(path, { ...opts, method: 'PUT', body: body ?? {} }),
  delete: <T>(path: string, body?: unknown, opts: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    request<T>(path, { ...opts, method: 'DELETE', body }),
};

/** A spec-style error text: the server's message, else a fallback. */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof HttpError && err.serverMessage) return err.serverMessage;
  return fallback;
}
