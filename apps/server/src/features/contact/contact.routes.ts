import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiErrorSchema, ZContactRequestSchema, ZMessageSchema } from '@club/contract';
import { createCaptcha } from './captcha.ts';
import { CONTACT_MAILED, createContactService } from './contact.service.ts';
import { contactRepository } from './contact.repository.ts';

/** Contact form (spec §7 "Contact", ARCHITECTURE §5b and §8): same origin, public. */
const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const captcha = createCaptcha({
    secret: app.secretFor('captcha'),
    keySecret: app.secretFor('captcha-key'),
    limiter: app.limiter,
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

  app.get(
    '/api/contact/captcha',
    {
      schema: {
        tags: ['contact'],
        summary: 'Un nouveau défi captcha (ALTCHA, preuve de travail)',
        response: {
          200: z.object({
            parameters: z.record(z.string(), z.unknown()),
            signature: z.string().optional(),
          }),
        },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const { parameters, signature } = await captcha.challenge();
      return { parameters: { ...parameters }, signature };
    },
  );

  app.post(
    '/api/contact',
    {
      schema: {
        tags: ['contact'],
        summary: 'Envoie un message à l’éditeur du site',
        body: ZContactRequestSchema,
        response: { 200: ZMessageSchema, 400: ZApiErrorSchema, 429: ZApiErrorSchema },
      },
    },
    async (request) => service.send(request.body, request.ip),
  );
};
export default contactRoutes;
