import { z } from 'zod';

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || protocols.some((p) => v.startsWith(`${p}:`)), {
      message: `doit commencer par ${protocols.map((p) => `${p}://`).join(' ou ')}`,
    });

const positiveInt = (def: number) => z.coerce.number().int().positive().default(def);

/**
 * Configuration (every variable in the README, Configuration), read from the environment and
 * validated at start.
 */
export const ZConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
  REDIS_URL: optionalUrl(['redis', 'rediss']),
  /**
   * How long a throttle command may wait for Redis before the login is refused with 503
   * (lib/rate-limiter.ts). The timer also fires when this process's own event loop was busy
   * that long (embedded database queries run on it), so a loaded machine may want more.
   */
  REDIS_COMMAND_TIMEOUT_MS: z.coerce.number().int().min(50).max(10_000).default(300),
  SMTP_URL: optionalUrl(['smtp', 'smtps']),
  MAIL_FROM: z.string().trim().default('Club Manager <no-reply@localhost>'),
  /** Attempts after the first one for each mail, and the first delay (doubling each time). */
  MAIL_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(10),
  MAIL_RETRY_DELAY_SECONDS: positiveInt(30),
  /** How often an idle job worker looks for due jobs (pg-boss's minimum: 0.5 s). */
  JOB_POLLING_INTERVAL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  PUBLIC_URL: optionalUrl(['http', 'https']),
  JWT_SECRET: z.string().min(32, 'doit contenir au moins 32 caractères').optional(),
  EDITOR_NAME: z.string().trim().default('Éditeur du site'),
  EDITOR_EMAIL: z.string().trim().default('contact@example.org'),
  EDITOR_PHONE: z.string().trim().default('+33 2 00 00 00 00'),
  EDITOR_CITY: z.string().trim().default('Nantes'),
  SOCIAL_FACEBOOK: z.string().trim().optional(),
  SOCIAL_TWITTER: z.string().trim().optional(),
  SOCIAL_INSTAGRAM: z.string().trim().optional(),
  SOCIAL_LINKEDIN: z.string().trim().optional(),
  TRUST_PROXY: z.string().trim().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().trim().optional(),
  LOGIN_LIMIT_PER_IP: positiveInt(30),
  LOGIN_LIMIT_WINDOW_SECONDS: positiveInt(300),
  LOGIN_FAILURES_PER_EMAIL: positiveInt(10),
  LOGIN_FAILURES_WINDOW_SECONDS: positiveInt(900),
  RESET_REQUESTS_PER_EMAIL: positiveInt(5),
  RESET_REQUESTS_WINDOW_SECONDS: positiveInt(1800),
  PASSWORD_CHANGES_PER_MEMBER: positiveInt(10),
  PASSWORD_CHANGES_WINDOW_SECONDS: positiveInt(600),
  EXISTENCE_CHECKS_PER_IP: positiveInt(60),
  EXISTENCE_CHECKS_WINDOW_SECONDS: positiveInt(60),
  REGISTRATIONS_PER_IP: positiveInt(10),
  REGISTRATIONS_WINDOW_SECONDS: positiveInt(3600),
  CONTACT_PER_IP: positiveInt(5),
  CONTACT_WINDOW_SECONDS: positiveInt(3600),
  /** A burst of edits of a match within this delay sends one convocation mail. */
  NOTIFICATION_DELAY_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  /** Club-time window 'HH:mm-HH:mm' when notifications wait for its end; '' = none. */
  QUIET_HOURS: z
    .string()
    .trim()
    .default('22:00-07:00')
    .refine((v) => v === '' || /^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d$/.test(v), {
      message: 'format attendu : HH:mm-HH:mm (ou vide)',
    }),
  /** E-mail answer links (GET and POST) and one-click unsubscribes per IP. */
  ANSWER_LINKS_PER_IP: positiveInt(60),
  ANSWER_LINKS_WINDOW_SECONDS: positiveInt(600),
  /**
   * Web Push (VAPID, RFC 8292): the key pair, base64url as web-push's generateVAPIDKeys gives them.
   * Both or neither: when unset, a pair is generated once and kept in DATA_DIR/vapid-keys.json.
   * Set them when several instances serve the same site (a subscription is bound to the key).
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{80,100}$/, 'clé publique VAPID attendue (base64url)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{40,50}$/, 'clé privée VAPID attendue (base64url)')
    .optional(),
  /** The contact the push services may write to: mailto: or https: (default mailto:EDITOR_EMAIL). */
  VAPID_SUBJECT: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || /^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/.test(v), {
      message: 'doit commencer par mailto: ou https://',
    }),
  /**
   * Test setting: comma-separated endpoint prefixes (e.g. http://127.0.0.1) that a push
   * subscription may use although they are not https or resolve to a private or loopback address.
   * Empty in production: only https endpoints on public addresses are accepted.
   */
  PUSH_ENDPOINTS_ALLOWED: z
    .string()
    .trim()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean),
    )
    .refine((list) => list.every((p) => /^https?:\/\/[^/\s]+/.test(p)), {
      message: 'préfixes attendus : http(s)://hôte[:port], séparés par des virgules',
    }),
  SHUTDOWN_TIMEOUT_MS: positiveInt(10_000),
  /** Share of answered requests logged at info (5xx and slow ones are always logged). */
  REQUEST_LOG_SAMPLE: z.coerce.number().min(0).max(1).default(0.01),
  REQUEST_LOG_SLOW_MS: positiveInt(1000),
  /** zod: every answer checked against its schema (a developer checking one); compiled (default, tests too): fast-json-stringify. */
  RESPONSE_SERIALIZER: z.enum(['zod', 'compiled']).optional(),
  /** How long an instance reuses a signed-in member's session check (0: never; default 5 s, tests too). */
  ACTOR_CACHE_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  /**
   * The live stream (GET /api/flux, decision 0120): a keep-alive comment this often (default
   * 25 s), and how often each open stream's session and hats are read again (default 5 min; also
   * a second after any change of its club's data).
   */
  LIVE_KEEPALIVE_MS: z.coerce.number().int().min(50).max(120_000).default(25_000),
  LIVE_SESSION_CHECK_MS: z.coerce.number().int().min(100).max(3_600_000).default(300_000),
  /** How long a hot list's answer is reused while the club data is unchanged (0: never; default 5 s, tests too). */
  RESPONSE_CACHE_MS: z.coerce.number().int().min(0).max(600_000).optional(),
  /**
   * Argon2id hashes run at once (0: every core but one) and sign-ins waiting for one;
   * past that queue a sign-in gets a French 503 at once (lib/password-hash.ts, decision 0033).
   */
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(0).max(64).default(0),
  PASSWORD_HASH_QUEUE: z.coerce.number().int().min(0).max(10_000).default(64),
  /** A test setting: `test` makes Argon2id cheap for the browser tests' server (lib/password-hash.ts). */
  PASSWORD_HASH_COST: z.enum(['standard', 'test']).default('standard'),
  /**
   * A test setting: `test` makes the contact form's proof of work a few hundred hashes instead of
   * thousands (features/contact/captcha.ts); verifying is the same.
   */
  CAPTCHA_WORK: z.enum(['standard', 'test']).default('standard'),
  /** On SIGTERM, time during which new requests get 503 before the listener closes. */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).default(1_000),
});
export type Config = z.infer<typeof ZConfigSchema>;

export class ConfigError extends Error {}

/** Zod's French messages for the start-up check (the process may not have set a global locale). */
const frenchErrors = z.locales.fr().localeError as z.core.$ZodErrorMap;

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = ZConfigSchema.safeParse(env, { error: frenchErrors });
  if (!result.success) {
    const lines = result.error.issues.map((i) => {
      const key = i.path.join('.');
      const raw = env[key];
      // Secrets and URLs (which may hold a password) are never echoed.
      const shown =
        raw !== undefined && !/SECRET|URL|PASSWORD/.test(key) ? ` (valeur reçue : « ${raw} »)` : '';
      return `  - ${key} : ${i.message}${shown}`;
    });
    throw new ConfigError(`Configuration invalide :\n${lines.join('\n')}`);
  }
  if (!result.data.VAPID_PUBLIC_KEY !== !result.data.VAPID_PRIVATE_KEY)
    throw new ConfigError(
      'Configuration invalide :\n  - VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY : les deux clés ou aucune',
    );
  return result.data;
}
