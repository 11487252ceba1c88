import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Clock } from '../lib/clock.ts';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { migrate, openPglite, openPostgres, type Database } from '../db/client.ts';
import {
  postgresTemplateExists,
  postgresTemplateName,
  readPgliteTemplate,
} from './database-template.ts';
import {
  api,
  callResult,
  createClient,
  queryString,
  requestOf,
  type Api,
  type CallOptions,
  type CallResult,
  type Client,
  type EndpointInput,
  type EndpointSpec,
  COOKIE_ACCESS_TOKEN,
  COOKIE_REFRESH_TOKEN,
  COOKIE_XSRF_TOKEN,
  HEADER_XSRF_TOKEN,
} from '@club/contract';

/**
 * The API paths that are no endpoint, on purpose: a route a plugin test registers on its own app
 * (the plugin's behaviour, not an endpoint's) and paths no route answers (a 404 probe). With the
 * contract, the one place of the server's tests that writes an API path (scripts/lint/api-paths.mjs);
 * every other request names its endpoint (`send`, `call`, `api`, `urlOf`).
 */
export const offContract = {
  /** The path of a route the test registers itself: `/api/test/<name>`. */
  testRoute: (name: string) => `/api/test/${name}`,
  /** A path under /api/ that no route answers. */
  missingApi: '/api/route-qui-n-existe-pas',
  /** A path under /auth/ that no route answers. */
  missingAuth: '/auth/route-qui-n-existe-pas',
} as const;

/**
 * An inject() answer typed by its endpoint, as `send` answers: for a hand-built call (`raw()`: a
 * malformed body, the caller's address) whose answer the test reads through the declaration.
 */
export function typedAnswer<S extends EndpointSpec>(
  endpoint: S,
  res: LightMyRequestResponse,
): CallResult<S> {
  return callResult(endpoint, {
    status: res.statusCode,
    headers: Object.fromEntries(
      Object.entries(res.headers).map(([k, v]) => [k, typeof v === 'number' ? String(v) : v]),
    ),
    text: res.body,
  });
}

export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';

/** The machine's own PostgreSQL (trust auth): the server these machines and CI run. */
export const LOCAL_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * A fresh database for one test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server of `adminUrl` (TEST_DATABASE_URL unless given), dropped on close.
 */
export async function createTestDatabase(
  adminUrl = process.env.TEST_DATABASE_URL,
): Promise<Database & { url?: string }> {
  if (!adminUrl) {
    const template = readPgliteTemplate();
    const database = await openPglite(null, template ? { loadDataDir: template } : {});
    if (!template) await migrate(database);
    return database;
  }
  const name = `club_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const templateName = postgresTemplateName();
  const fromTemplate = await postgresTemplateExists(adminUrl, templateName);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(
    fromTemplate ? `create database ${name} template ${templateName}` : `create database ${name}`,
  );
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString(), 5);
  if (!fromTemplate) await migrate(database);
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

export interface CapturedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
}

/**
 * A real SMTP server on a loopback port (random unless given, e.g. to bring a stopped one back)
 * that keeps what it receives.
 */
export async function startSmtpServer(port = 0): Promise<{
  port: number;
  url: string;
  mails: CapturedMail[];
  close(): Promise<void>;
}> {
  const mails: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw).then(
          (parsed) => {
            mails.push({
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              to: session.envelope.rcptTo.map((r) => r.address),
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              raw,
            });
            callback();
          },
          (err: Error) => callback(err),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const bound = (server.server.address() as { port: number }).port;
  return {
    port: bound,
    url: `smtp://127.0.0.1:${bound}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  config: Config;
  close(): Promise<void>;
}

/**
 * Boots the real application against a fresh database and a real SMTP server. `postgresUrl`
 * forces a PostgreSQL database (for a test that means nothing on PGlite, whatever the run).
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  extend?: (app: FastifyInstance) => void | Promise<void>,
  options: { postgresUrl?: string; clock?: Clock } = {},
): Promise<TestContext> {
  const database = await createTestDatabase(options.postgresUrl);
  const smtp = await startSmtpServer();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: TEST_JWT_SECRET,
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'http://localhost:3000',
    // A mail is queued then sent by the worker, woken at once; retries wait for the next poll.
    JOB_POLLING_INTERVAL_SECONDS: '0.5',
    ...env,
  });
  const app = await buildApp({ config, database, clock: options.clock });
  if (extend) await extend(app);
  await app.ready();
  return {
    app,
    database,
    smtp,
    config,
    async close() {
      await app.close();
      await smtp.close();
      await database.close();
    },
  };
}

/** Cookie jar for inject(): keeps what Set-Cookie sends and replays it, with the anti-forgery header. */
export class TestClient {
  cookies = new Map<string, string>();
  constructor(private readonly app: FastifyInstance) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  store(res: LightMyRequestResponse) {
    for (const c of res.cookies as {
      name: string;
      value: string;
      maxAge?: number;
      expires?: Date;
    }[]) {
      const expired =
        c.maxAge === 0 || (c.expires && c.expires.getTime() <= Date.now()) || c.value === '';
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }

  /** Fetches an anti-forgery token when the jar has none. */
  async ensureXsrf() {
    if (this.cookies.has(COOKIE_XSRF_TOKEN)) return;
    const res = await this.app.inject({
      method: 'GET',
      url: api.auth.csrf.path,
      headers: { cookie: this.cookieHeader() },
    });
    this.store(res);
  }

  /**
   * A hand-built request, for what the typed calls cannot send: a malformed body, a missing or
   * forged anti-forgery token, a fuzzed path, a raw header. Every other test calls an endpoint
   * of the contract (`send`, `call`, `api`), so a renamed path fails to compile where it is used.
   * `xsrf: false` leaves the anti-forgery header out.
   */
  raw(opts: InjectOptions & { xsrf?: boolean }): Promise<LightMyRequestResponse> {
    return this.request(opts);
  }

  /** The one request path of `send`, `call` and `raw`: cookies and the anti-forgery header. */
  private async request(opts: InjectOptions & { xsrf?: boolean }): Promise<LightMyRequestResponse> {
    const method = (opts.method ?? 'GET').toUpperCase();
    const stateChanging = !['GET', 'HEAD', 'OPTIONS'].includes(method);
    if (stateChanging && opts.xsrf !== false) await this.ensureXsrf();
    const headers: Record<string, string> = { ...(opts.headers as Record<string, string>) };
    if (this.cookies.size) headers.cookie = this.cookieHeader();
    if (stateChanging && opts.xsrf !== false && this.cookies.has(COOKIE_XSRF_TOKEN)) {
      headers[HEADER_XSRF_TOKEN.toLowerCase()] = this.cookies.get(COOKIE_XSRF_TOKEN)!;
    }
    const res = await this.app.inject({
      ...opts,
      method: method as InjectOptions['method'],
      headers,
    });
    this.store(res);
    return res;
  }

  /**
   * Calls an endpoint of the contract (packages/contract/src/api) as the web app does and answers
   * status, headers and the body typed from the declaration (`res.body` on a 2xx, the French
   * `res.error` otherwise; reading the wrong one throws with the server's answer).
   */
  async send<S extends EndpointSpec>(
    endpoint: S,
    ...[input, options]: object extends EndpointInput<S>
      ? [input?: EndpointInput<S>, options?: CallOptions & { xsrf?: boolean }]
      : [input: EndpointInput<S>, options?: CallOptions & { xsrf?: boolean }]
  ): Promise<CallResult<S>> {
    const req = requestOf(endpoint, input as Parameters<typeof requestOf>[1], options);
    const res = await this.request({
      method: req.method,
      url: req.path + queryString(req.query),
      payload: req.body as InjectOptions['payload'],
      headers: req.headers,
      xsrf: options?.xsrf,
    });
    return typedAnswer(endpoint, res);
  }

  /**
   * Calls an endpoint of the contract as the web app does and answers the inject() response
   * (for a test that reads its cookies or raw payload; `send` types the body).
   */
  call<S extends EndpointSpec>(
    endpoint: S,
    ...[input, options]: object extends EndpointInput<S>
      ? [input?: EndpointInput<S>, options?: CallOptions]
      : [input: EndpointInput<S>, options?: CallOptions]
  ): Promise<LightMyRequestResponse> {
    const req = requestOf(endpoint, input as Parameters<typeof requestOf>[1], options);
    return this.request({
      method: req.method,
      url: req.path + queryString(req.query),
      payload: req.body as InjectOptions['payload'],
      headers: req.headers,
    });
  }

  /** The typed client of the contract on this session: answers the parsed body, throws on an error. */
  get api(): Client<Api> {
    return createClient(api, async (req) => {
      const res = await this.request({
        method: req.method,
        url: req.path + queryString(req.query),
        payload: req.body as InjectOptions['payload'],
        headers: req.headers,
      });
      if (res.statusCode >= 400)
        throw new Error(`${req.method} ${req.path} → ${res.statusCode} ${res.body.slice(0, 200)}`);
      return res.body ? res.json() : null;
    });
  }
}

/** Signs a member in through the back door: a real session row and real cookies, no password round-trip. */
export async function signIn(
  app: FastifyInstance,
  member: { id: number; clubId: number; role: string; statut: string },
): Promise<TestClient> {
  const client = new TestClient(app);
  const issued = await app.auth.createSession(app.db, member, {
    deviceFingerprint: 'test-device',
    userAgent: 'vitest',
  });
  client.cookies.set(COOKIE_ACCESS_TOKEN, issued.accessToken);
  client.cookies.set(COOKIE_REFRESH_TOKEN, issued.refreshToken);
  client.cookies.set(COOKIE_XSRF_TOKEN, issued.xsrfToken);
  return client;
}
