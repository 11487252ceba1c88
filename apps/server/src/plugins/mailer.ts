import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/** Strips CR/LF so that user text can never inject a header (ARCHITECTURE §5b). */
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
export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  outboxDir: string | null;
  log: FastifyBaseLogger;
}): Mailer {
  const transport: Transporter = opts.smtpUrl
    ? nodemailer.createTransport(opts.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({
        from: opts.from,
        to: headerSafe(mail.to),
        subject: headerSafe(mail.subject),
        replyTo: mail.replyTo ? headerSafe(mail.replyTo) : undefined,
        text: mail.text,
        html: mail.html,
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
