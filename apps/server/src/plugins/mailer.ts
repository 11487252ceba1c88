import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { FastifyBaseLogger } from 'fastify';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /** Extra headers (e.g. List-Unsubscribe of notification mails); values are made header-safe. */
  headers?: Record<string, string>;
}

/** Runs one parameterised statement ($1, $2…), as pg-boss's `db` option expects. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/** Something to do once a mail has been handed to SMTP, e.g. mark a contact message as mailed. */
export interface MailFollowUp {
  kind: string;
  id: number;
}

/**
 * A mail that may go stale before it is sent (the selection mail of a player whose published
 * selection changed again since): the worker hands the delivery to the guard registered for
 * `kind`, which sends it only while the mail still says what is true, and drops it otherwise — a
 * newer mail is queued by whoever changed it (docs/decisions/0103-rules-found-by-probing.md).
 */
export interface MailCondition {
  kind: string;
  key: Record<string, string | number | null>;
}

/** Runs `deliver` while the mail's condition holds; false: the mail is stale and was not sent. */
export type MailGuard = (
  key: MailCondition['key'],
  deliver: () => Promise<void>,
) => Promise<boolean>;

/**
 * What features use: send() puts the mail in the persistent `mail` queue (src/jobs) and returns
 * once it is stored; a worker delivers it, with retries. A request never waits on SMTP.
 */
export interface Mailer {
  send(
    mail: Mail,
    options?: {
      followUp?: MailFollowUp;
      /** Queue the mail inside this transaction (jobs/job-queue.ts `transactionExecutor`). */
      db?: SqlExecutor;
    },
  ): Promise<void>;
  /**
   * Queues several mails in one statement (a notification to a team): same as send() for each,
   * one round trip instead of one per mail (bench/README.md, « A week, mixed »).
   */
  sendMany(
    mails: readonly Mail[],
    options?: {
      /** Queue the mails inside this transaction (jobs/job-queue.ts `transactionExecutor`). */
      db?: SqlExecutor;
      /** The condition of each mail (same order), checked just before it is sent. */
      conditions?: readonly (MailCondition | undefined)[];
    },
  ): Promise<void>;
  /** Registers the guard of a kind of condition (MailCondition). */
  guardDelivery(kind: string, guard: MailGuard): void;
  /** Registers what a follow-up of this kind does after a successful delivery. */
  onDelivered(kind: string, handler: (id: number) => Promise<void>): void;
}

/** Delivers one mail now (SMTP or the local outbox); used by the queue's worker only. */
export interface MailTransport {
  deliver(mail: Mail): Promise<void>;
  close(): void;
}

/**
 * Socket limits so that a hung SMTP server fails the attempt (which the queue retries) instead of
 * holding the worker: connect, greeting, then any silence on the socket.
 */
export const SMTP_TIMEOUTS = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 30_000,
} as const;

/** Strips CR/LF so that user text can never inject a header (docs/security.md). */
export function headerSafe(value: string): string {
  return value.replace(/[\r\n]+/g, ' ').trim();
}

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/**
 * SMTP through SMTP_URL; without it each message is logged (without its body) and written as an
 * .eml file under DATA_DIR/outbox so that a local user can follow a reset or invitation link.
 */
export function createMailTransport(opts: {
  smtpUrl?: string;
  from: string;
  outboxDir: string | null;
  log: FastifyBaseLogger;
}): MailTransport {
  const transport: Transporter = opts.smtpUrl
    ? // The constructor merges the URL's settings over the timeouts (createTransport(url) would
      // keep only the URL's).
      nodemailer.createTransport(new SMTPTransport({ url: opts.smtpUrl, ...SMTP_TIMEOUTS }))
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async deliver(mail) {
      const info = await transport.sendMail({
        from: opts.from,
        to: headerSafe(mail.to),
        subject: headerSafe(mail.subject),
        replyTo: mail.replyTo ? headerSafe(mail.replyTo) : undefined,
        text: mail.text,
        html: mail.html,
        ...(mail.headers
          ? {
              headers: Object.fromEntries(
                Object.entries(mail.headers).map(([k, v]) => [headerSafe(k), headerSafe(v)]),
              ),
            }
          : {}),
      });
      if (!opts.smtpUrl) {
        const message = (info as unknown as { message: Buffer }).message;
        if (opts.outboxDir) {
          await fs.mkdir(opts.outboxDir, { recursive: true });
          const file = path.join(
            opts.outboxDir,
            `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^a-zA-Z0-9]/g, '').slice(0, 24)}.eml`,
          );
          await fs.writeFile(file, message);
          opts.log.info(
            { to: mail.to, subject: mail.subject, file },
            'e-mail écrit dans la boîte d’envoi locale',
          );
        } else {
          opts.log.info({ to: mail.to, subject: mail.subject }, 'e-mail (aucun SMTP configuré)');
        }
      }
    },
    close() {
      transport.close();
    },
  };
}
