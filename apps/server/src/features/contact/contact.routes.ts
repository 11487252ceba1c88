import type { FastifyPluginAsync } from 'fastify';
import { api } from '@club/contract';
import { route } from '../../lib/endpoint-route.ts';
import { CAPTCHA_COUNTER_RANGE, createCaptcha } from './captcha.ts';
import { CONTACT_MAILED, createContactService } from './contact.service.ts';
import { contactRepository } from './contact.repository.ts';

/**
 * Contact form (spec §7 "Contact", docs/security.md and docs/architecture.md §11): same origin,
 * public.
 */
const contactRoutes: FastifyPluginAsync = async (app) => {
  const captcha = createCaptcha({
    secret: app.secretFor('captcha'),
    keySecret: app.secretFor('captcha-key'),
    limiter: app.limiter,
    counterRange: CAPTCHA_COUNTER_RANGE[app.config.CAPTCHA_WORK],
  });
  app.mailer.onDelivered(CONTACT_MAILED, (id) => contactRepository.markMailed(app.db, id));
  const service = createContactService({
    db: app.db,
    mailer: app.mailer,
    limiter: app.limiter,
    captcha,
    log: app.log,
    editorEmail: app.config.EDITOR_EMAIL,
    perIp: app.config.CONTACT_PER_IP,
    windowSeconds: app.config.CONTACT_WINDOW_SECONDS,
  });

  route(app, api.publicSite.captcha, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const { parameters, signature } = await captcha.challenge();
    return { parameters: { ...parameters }, signature };
  });
  route(app, api.publicSite.contact, async (request) => service.send(request.body, request.ip));
};
export default contactRoutes;
