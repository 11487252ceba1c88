/**
 * The built server (dist/server.mjs) as a child process, for the fault tests: build when
 * stale, free ports, spawn with its own DATA_DIR, wait until healthy, stop.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  api,
  queryString,
  requestOf,
  type CallOptions,
  type EndpointInput,
  type EndpointSpec,
  urlOf,
} from '@club/contract';

export const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const repoRoot = path.resolve(serverDir, '../..');
export const serverEntry = path.join(serverDir, 'dist/server.mjs');

function newestSource(dir: string): number {
  let newest = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) newest = Math.max(newest, newestSource(p));
    else newest = Math.max(newest, fs.statSync(p).mtimeMs);
  }
  return newest;
}

/** Builds dist/server.mjs when it is missing or older than the sources (esbuild, a few seconds). */
export function ensureServerBuilt(): void {
  const built = fs.existsSync(serverEntry) ? fs.statSync(serverEntry).mtimeMs : 0;
  const sources = Math.max(
    newestSource(path.join(serverDir, 'src')),
    newestSource(path.join(repoRoot, 'packages/contract/src')),
  );
  if (built > sources) return;
  const res = spawnSync(process.execPath, ['build.mjs'], { cwd: serverDir, encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`build failed: ${res.stderr}`);
}

export async function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, host, () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

const tmpDirs: string[] = [];
export function tmpDir(prefix = 'club-faults-'): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tmpDirs.push(d);
  return d;
}

export interface Proc {
  child: ChildProcess;
  url: string;
  output(): string;
  /** Resolves with the exit code (or the signal name) once the process has ended. */
  exited: Promise<number | string>;
  stop(signal?: NodeJS.Signals): Promise<number | string>;
}
const running = new Set<Proc>();

/** Runs `node <args>` (the built server by default) with a minimal environment. */
export function spawnNode(env: Record<string, string>, args: string[] = [serverEntry]): Proc {
  let out = '';
  const child = spawn(process.execPath, args, {
    cwd: env.CWD ?? repoRoot,
    env: {
      PATH: process.env.PATH,
      LOG_LEVEL: 'warn',
      TZ: 'Europe/Paris',
      SHUTDOWN_DRAIN_MS: '50',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  const p: Proc = {
    child,
    url: `http://${env.HOST ?? '127.0.0.1'}:${env.PORT}`,
    output: () => out,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  running.add(p);
  void exited.then(() => running.delete(p));
  return p;
}

export async function waitHealthy(p: Proc, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (p.child.exitCode !== null) throw new Error(`server exited early:\n${p.output()}`);
    try {
      const res = await fetch(p.url + api.publicSite.health.path);
      if (res.status === 200) return;
    } catch {
      // not yet listening
    }
    await new Promise((res) => setTimeout(res, 50));
  }
  throw new Error(`server not healthy in time:\n${p.output()}`);
}

/** Polls `check` until it returns true, or fails after the deadline. */
export async function until(
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
  what: string,
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((res) => setTimeout(res, 20));
  }
  throw new Error(`timeout: ${what}`);
}

/** Kills what is still running and removes the temporary directories (afterAll). */
export async function cleanupProcesses(): Promise<void> {
  await Promise.all([...running].map((p) => p.stop('SIGKILL')));
  for (const d of tmpDirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
}

/** An answer, or the socket error that stopped the request (ECONNREFUSED, ECONNRESET…). */
export type HttpResult =
  | { status: number; body: string; retryAfter: string | null; error?: undefined }
  | { error: string; status?: undefined; body?: undefined; retryAfter?: undefined };

/** One request on a fresh connection (no keep-alive: a refused connection is never a cut one). */
export function httpRequest(
  url: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<HttpResult> {
  return new Promise((resolve) => {
    const req = http.request(
      url,
      { method: opts.method ?? 'GET', agent: false, headers: opts.headers },
      (res) => {
        let data = '';
        res.on('data', (c: Buffer) => (data += c.toString()));
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            body: data,
            retryAfter: (res.headers['retry-after'] as string | undefined) ?? null,
          }),
        );
        res.on('error', (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message }));
        // The connection closed before the end of the answer (a cut request).
        res.on('close', () => {
          if (!res.complete) resolve({ error: 'ABORTED' });
        });
      },
    );
    req.on('error', (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message }));
    req.on('close', () => resolve({ error: 'CLOSED' }));
    // No answer within 15 s: reported as such rather than hanging the test.
    req.setTimeout(15_000, () =>
      req.destroy(Object.assign(new Error('TIMEOUT'), { code: 'TIMEOUT' })),
    );
    req.end(opts.body);
  });
}

/** What a call to an endpoint takes: its input (optional when nothing is required) and options. */
export type EndpointArgs<S extends EndpointSpec> =
  object extends EndpointInput<S>
    ? [input?: EndpointInput<S>, options?: CallOptions]
    : [input: EndpointInput<S>, options?: CallOptions];

/**
 * A call to an endpoint of the contract on the server at `base`, as an HTTP request to send on a
 * connection of the test's choosing: URL, method, the declaration's headers (and the options'),
 * and the JSON body.
 */
export function httpCall<S extends EndpointSpec>(
  base: string,
  endpoint: S,
  ...[input, options]: EndpointArgs<S>
): { url: string; method: string; headers: Record<string, string>; body?: string } {
  const req = requestOf(endpoint, input as Parameters<typeof requestOf>[1], options);
  return {
    url: `${base}${req.path}${queryString(req.query)}`,
    method: req.method,
    headers: {
      ...(req.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...req.headers,
    },
    ...(req.body === undefined ? {} : { body: JSON.stringify(req.body) }),
  };
}

/** A signed-in browser over real HTTP: cookies kept, anti-forgery header on writes. */
export interface HttpSession {
  /** Calls an endpoint of the contract on a fresh connection (`httpRequest`). */
  send<S extends EndpointSpec>(endpoint: S, ...args: EndpointArgs<S>): Promise<HttpResult>;
  /** The session's cookie and anti-forgery headers, for a request on the test's own connection. */
  headers(): Record<string, string>;
}

export async function signInHttp(
  base: string,
  email: string,
  password: string,
  deviceFingerprint = 'faults',
): Promise<HttpSession> {
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      jar.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const xsrf = () => decodeURIComponent(jar.get('XSRF-TOKEN') ?? '');
  keep(await fetch(base + urlOf(api.auth.csrf)));
  const login = httpCall(base, api.auth.login, { body: { email, password, deviceFingerprint } });
  const answer = await fetch(login.url, {
    method: login.method,
    headers: { ...login.headers, cookie: cookie(), 'x-xsrf-token': xsrf() },
    body: login.body,
  });
  if (answer.status !== 200) throw new Error(`login: ${answer.status} ${await answer.text()}`);
  keep(answer);
  const headers = () => ({ cookie: cookie(), 'x-xsrf-token': xsrf() });
  return {
    headers,
    send: (endpoint, ...args) => {
      const call = httpCall(base, endpoint, ...args);
      return httpRequest(call.url, {
        method: call.method,
        headers: { ...call.headers, ...headers() },
        body: call.body,
      });
    },
  };
}
