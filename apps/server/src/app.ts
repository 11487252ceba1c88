import http from 'node:http';
import { systemClock, type Clock } from './lib/clock.ts';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { fileURLToPath } from 'node:url';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifySchema,
  type FastifyServerOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import fastifyCookie from '@fastify/cookie';
import fastifyCompress from '@fastify/compress';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { API_DOCS_PATH, SERVER_MESSAGES } from '@club/contract';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { openDatabase } from './db/client.ts';
import { createUpkeep } from './db/upkeep.ts';
import errorsPlugin from './plugins/errors.ts';
import { frameworkErrors } from './plugins/framework-errors.ts';
import requestLog from './plugins/request-log.ts';
import etagPlugin from './plugins/etag.ts';
import securityHeaders from './plugins/security-headers.ts';
import responseCachePlugin from './plugins/response-cache.ts';
import webPlugin, { isApiPath } from './plugins/web.ts';
import { createMailTransport, type Mailer } from './plugins/mailer.ts';
import { startJobQueue, type JobQueue } from './jobs/job-queue.ts';
import { createMailQueue, type MailQueue } from './jobs/mail.queue.ts';
import { createRetention, type Retention } from './jobs/retention.ts';
import { createRedisRateLimiter, memoryRateLimiter, type RateLimiter } from './lib/rate-limiter.ts';
import { publicBaseUrl } from './lib/public-url.ts';
import { loadSigningKey } from './lib/secrets.ts';
import { createResponseSerializerCompiler } from './lib/response-serializer.ts';
import { hmac } from './lib/tokens.ts';
import { installFrenchZodMessages } from './lib/zod-french.ts';
import { createPasswordHasher, type PasswordHasher } from './lib/password-hash.ts';
import healthRoutes from './features/health/health.routes.ts';
import { authPlugin } from './features/auth/index.ts';
import { registerFeatures } from './features/index.ts';
import { signedInRegistry } from './plugins/signed-in.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    /**
     * The owner's database handle (bypasses row-level security): start-up, jobs, public routes and
     * tests. A signed-in route never uses it: its handle is `request.db` (plugins/signed-in.ts).
     */
    db: Db;
    /** Every mail goes through the persistent `mail` queue (src/jobs, decision 0020). */
    mailer: Mailer;
    mailQueue: MailQueue;
    /** The job queue (pg-boss) on the application's database, for other queues. */
    jobs: JobQueue;
    /** The daily purge of what is past its retention period (jobs/retention.ts, docs/privacy.md). */
    retention: Retention;
    limiter: RateLimiter;
    /**
     * This app's password hashing: cost, hashes at once, queue (PASSWORD_HASH_*). Per app, handed
     * to the services that hash, so apps sharing a process share nothing (lib/password-hash.ts).
     */
    passwords: PasswordHasher;
    /** Whether signed-in requests run in a club-scoped transaction (BuildOptions). */
    rowLevelSecurity: boolean;
    /** What the server calls now (lib/clock.ts). */
    clock: Clock;
    /** A secret derived from the signing key for one purpose (e.g. the captcha's HMAC keys). */
    secretFor: (purpose: string) => string;
  }
}

export interface BuildOptions {
  config: Config;
  /** An already-open database (tests); otherwise one is opened from the configuration. */
  database?: Database;
  limiter?: RateLimiter;
  logger?: FastifyServerOptions['logger'];
  /**
   * Signed-in requests act as the member's club (row-level security, decision 0028). Always on in
   * the server; the filter-removed proof and the bench turn it off to compare. Not configurable.
   */
  rowLevelSecurity?: boolean;
  /** The system clock unless a test stands elsewhere in time (lib/clock.ts). */
  clock?: Clock;
}

const MAX_JSON_BODY = 100 * 1024;

export interface RegisteredRoute {
  method: string;
  url: string;
  schema?: FastifySchema;
  /** The route skips the anti-forgery check (its config says `csrfExempt`). */
  csrfExempt?: boolean;
  /** The contract declaration it was registered from ('METHOD /path'), if any. */
  endpoint?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Every route registered, as {method, url, schema}: the CSRF, policy-grid and input-fuzz tests
     * walk it so later routes are covered.
     */
    registeredRoutes: RegisteredRoute[];
  }
}

/**
 * Errors of Node's HTTP parser (headers too large, a malformed request, a request too slow) reach
 * no route, no hook and no error handler: Fastify answers them itself on the raw socket, in
 * English. Same French body as every other error (plugins/errors.ts), same socket handling as
 * Fastify's default handler.
 */
function clientErrorHandler(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Duplex) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, SERVER_MESSAGES.headersTooLarge]
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, SERVER_MESSAGES.requestTimeout]
        : [400, SERVER_MESSAGES.badRequest];
  this.log.debug({ err }, 'requête refusée par l’analyseur HTTP');
  if (socket.writable) {
    const body = Buffer.from(JSON.stringify({ message }));
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
    );
    socket.write(body);
  }
  socket.destroy(err);
}

export function defaultWebRoot(): string {
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
}

/** Builds the whole application; tests boot it and call inject(). server.ts only listens. */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const app = Fastify({
    logger: opts.logger ?? {
      level: config.LOG_LEVEL,
      redact: {
        paths: [
          'req.headers.cookie',
          'req.headers.authorization',
          'req.headers["x-xsrf-token"]',
          'res.headers["set-cookie"]',
        ],
        censor: '[masqué]',
      },
    },
    bodyLimit: MAX_JSON_BODY,
    // One sampled line per request instead (plugins/request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.TRUST_PROXY ? config.TRUST_PROXY.split(',').map((s) => s.trim()) : false,
    // New requests during shutdown get a French 503 from the hook below.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 300 },
    clientErrorHandler,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  if (config.NODE_ENV === 'production' && !config.PUBLIC_URL)
    app.log.warn(
      `PUBLIC_URL n’est pas défini : les liens des e-mails pointeront vers ${publicBaseUrl(config)}. ` +
        'Définissez PUBLIC_URL avec l’adresse publique du site (https://…).',
    );
  const registeredRoutes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (route) => {
    const config = route.config as { csrfExempt?: boolean; endpoint?: string } | undefined;
    for (const method of [route.method].flat())
      registeredRoutes.push({
        method,
        url: route.url,
        schema: route.schema,
        ...(config?.csrfExempt ? { csrfExempt: true } : {}),
        ...(config?.endpoint ? { endpoint: config.endpoint } : {}),
      });
  });
  installFrenchZodMessages();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(
    // Tests run this production configuration too; `zod` is for a developer checking a schema.
    createResponseSerializerCompiler(config.RESPONSE_SERIALIZER ?? 'compiled'),
  );

  app.decorate(
    'passwords',
    createPasswordHasher({
      concurrency: config.PASSWORD_HASH_CONCURRENCY,
      maxWaiting: config.PASSWORD_HASH_QUEUE,
      cost: config.PASSWORD_HASH_COST,
    }),
  );
  if (config.PASSWORD_HASH_COST === 'test')
    app.log.warn(
      'PASSWORD_HASH_COST=test : hachage des mots de passe au coût de test, jamais en production',
    );
  const dataDir =
    config.NODE_ENV === 'test' && !opts.database ? null : path.resolve(config.DATA_DIR);
  const database =
    opts.database ?? (await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir }));
  const ownsDatabase = !opts.database;
  const transport = createMailTransport({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    outboxDir: dataDir ? path.join(dataDir, 'outbox') : null,
    log: app.log,
  });
  let jobs: JobQueue;
  let mailQueue: MailQueue;
  let retention: Retention;
  try {
    jobs = await startJobQueue({
      database,
      log: app.log,
      pollingIntervalSeconds: config.JOB_POLLING_INTERVAL_SECONDS,
      // What is left of the shutdown delay once the HTTP drain is over, at most 5 s.
      graceMs: Math.min(5_000, Math.floor(config.SHUTDOWN_TIMEOUT_MS / 2)),
    });
    mailQueue = await createMailQueue({
      queue: jobs,
      transport,
      log: app.log,
      retryLimit: config.MAIL_RETRY_LIMIT,
      retryDelaySeconds: config.MAIL_RETRY_DELAY_SECONDS,
    });
    retention = await createRetention({ queue: jobs, db: database.db, log: app.log });
  } catch (err) {
    transport.close();
    if (ownsDatabase) await database.close();
    throw err;
  }
  const limiter =
    opts.limiter ??
    (config.REDIS_URL
      ? createRedisRateLimiter(config.REDIS_URL, app.log, config.REDIS_COMMAND_TIMEOUT_MS)
      : memoryRateLimiter());

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('mailer', mailQueue);
  app.decorate('mailQueue', mailQueue);
  app.decorate('jobs', jobs);
  app.decorate('retention', retention);
  app.decorate('limiter', limiter);
  app.decorate('rowLevelSecurity', opts.rowLevelSecurity ?? true);
  app.decorate('clock', opts.clock ?? systemClock);
  await app.register(fp(async () => {}, { name: 'db' }));
  // Workers start once every feature has registered what follows a delivery.
  app.addHook('onReady', () => mailQueue.work());
  app.addHook('onReady', () => retention.start());
  // Statistics and dead rows of the embedded database, which has no autovacuum (db/upkeep.ts); not
  // for the tests' in-memory databases, which live for a few calls.
  const upkeep = createUpkeep({ database, log: app.log });
  if (ownsDatabase && dataDir) app.addHook('onReady', () => upkeep.start());
  app.addHook('onClose', async () => {
    // Requests are over (they may have queued mails): stop the workers before the database closes.
    await jobs.stop();
    await upkeep.stop();
    transport.close();
    await limiter.close();
    if (ownsDatabase) await database.close();
  });

  await app.register(errorsPlugin);
  // On in tests as in production (decision 0032-response-cache); a test that changes rows behind
  // the server's back says so (test/helper.ts writeDirectly).
  await app.register(responseCachePlugin, {
    ttlMs: config.RESPONSE_CACHE_MS ?? 5_000,
  });
  // After the cache: a stored answer gets its ETag (and 304) like a computed one.
  await app.register(etagPlugin);
  await app.register(requestLog, {
    sample: config.REQUEST_LOG_SAMPLE,
    slowMs: config.REQUEST_LOG_SLOW_MS,
  });

  // Graceful shutdown: requests in flight finish; new ones are refused with a French 503.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (closing) {
      reply.header('connection', 'close').header('retry-after', '5');
      return reply.status(503).send({ message: SERVER_MESSAGES.shuttingDown });
    }
  });

  // Unknown API routes answer JSON 404 in French even before content parsing.
  app.addContentTypeParser('*', (request, _payload, done) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'DELETE')
      return done(null, undefined);
    const err = Object.assign(new Error(SERVER_MESSAGES.unsupportedMediaType), {
      statusCode: 415,
      code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE',
    });
    done(err, undefined);
  });

  // helmet's headers, computed once (plugins/security-headers.ts).
  await app.register(securityHeaders, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // React and the calendar set style attributes; stylesheets still come only from 'self'.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        upgradeInsecureRequests: config.PUBLIC_URL?.startsWith('https:') ? [] : null,
      },
    },
    hsts: config.PUBLIC_URL?.startsWith('https:')
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onSend', async (request, reply) => {
    if (isApiPath(request.url) && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
  });
  await app.register(fastifyCookie);
  await app.register(fastifyCompress, {
    global: true,
    // Below about one TCP segment an answer leaves in one packet anyway: compressing it costs CPU
    // and saves no round trip.
    threshold: 1400,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { 1: 4 } } as never,
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Club Manager API',
        description: 'API de l’application de gestion de clubs sportifs',
        version: '0.1.0',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: API_DOCS_PATH, staticCSP: true });

  const signingKey = loadSigningKey(config.JWT_SECRET, dataDir);
  app.decorate('secretFor', (purpose: string) => hmac(signingKey, `purpose:${purpose}`));
  await app.register(authPlugin, {
    signingKey,
    publicUrl: config.PUBLIC_URL,
    // On in tests as in production (features/auth/actor-cache.ts).
    actorCacheMs: config.ACTOR_CACHE_MS ?? 5_000,
  });
  await app.register(signedInRegistry);

  await app.register(healthRoutes);
  await registerFeatures(app);
  await app.register(webPlugin, {
    root: config.WEB_DIST ?? (config.NODE_ENV === 'test' ? null : defaultWebRoot()),
  });
  return app;
}
