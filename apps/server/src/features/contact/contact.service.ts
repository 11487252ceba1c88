import type { FastifyBaseLogger } from 'fastify';
import { CONTACT_MESSAGES, type TContactRequest } from '@club/contract';
import type { DbOrTx } from '../../db/client.ts';
import { HttpError, tooManyRequests } from '../../lib/http-error.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { escapeHtml, type Mailer } from '../../plugins/mailer.ts';
import type { Captcha } from './captcha.ts';
import { contactRepository } from './contact.repository.ts';

export interface ContactDeps {
  db: DbOrTx;
  mailer: Mailer;
  limiter: RateLimiter;
  captcha: Captcha;
  log: FastifyBaseLogger;
  editorEmail: string;
  perIp: number;
  windowSeconds: number;
}

/** Follow-up of a contact mail (plugins/mailer.ts MailFollowUp): marks the message mailed. */
export const CONTACT_MAILED = 'contact-message-mailed';

/**
 * docs/security.md: 5 per hour per IP, captcha verified by the server (single use), stored before
 * the mail is sent, and the spec's per-submission token makes a repeated submission a no-op.
 */
export function createContactService(deps: ContactDeps) {
  return {
    async send(input: TContactRequest, ip: string): Promise<{ message: string }> {
      const hit = await deps.limiter.hit(`contact:ip:${ip}`, deps.windowSeconds);
      if (hit.count > deps.perIp) throw tooManyRequests(hit.retryAfter);

      // Already received (a retry after a lost answer): same success, nothing stored or mailed again.
      if (await contactRepository.exists(deps.db, input.token))
        return { message: CONTACT_MESSAGES.success };

      if (!(await deps.captcha.verify(input.captcha)))
        throw new HttpError(400, CONTACT_MESSAGES.captchaRequired, {
          captcha: CONTACT_MESSAGES.captchaRequired,
        });

      const id = await contactRepository.insertOnce(deps.db, {
        token: input.token,
        nom: input.nom,
        prenom: input.prenom,
        email: input.email,
        sujet: input.sujet,
        message: input.message,
        ip,
      });
      if (id === null) return { message: CONTACT_MESSAGES.success };

      const from = `${input.prenom} ${input.nom}`;
      try {
        // Queued (src/jobs): retried while SMTP is down; mailed_at is set once SMTP accepted it.
        await deps.mailer.send(
          {
            to: deps.editorEmail,
            replyTo: input.email,
            subject: `[Contact] ${input.sujet}`,
            text: `Message de ${from} <${input.email}>\n\nSujet : ${input.sujet}\n\n${input.message}\n`,
            html:
              `<p>Message de <strong>${escapeHtml(from)}</strong> &lt;${escapeHtml(input.email)}&gt;</p>` +
              `<p>Sujet : ${escapeHtml(input.sujet)}</p>` +
              `<p style="white-space:pre-wrap">${escapeHtml(input.message)}</p>`,
          },
          { followUp: { kind: CONTACT_MAILED, id } },
        );
      } catch (err) {
        // The message is stored (mailed_at stays empty): the visitor is not asked to send it again.
        deps.log.error({ err, contactMessageId: id }, 'message de contact non mis en file d’envoi');
      }
      return { message: CONTACT_MESSAGES.success };
    },
  };
}
