import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZActivateInvitationBodySchema,
  ZInvitationInfoSchema,
  ZInvitationTokenParamsSchema,
  ZMessageSchema,
} from '@club/contract';
import { createInvitationService } from './invitation.service.ts';

/** The invitation (activation) calls: public, the single-use token is the credential. */
const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  const invitations = createInvitationService({
    db: app.db,
    config: app.config,
    mailer: app.mailer,
    log: app.log,
  });

  app.get(
    '/api/membres/invitation/:token',
    {
      schema: {
        tags: ['auth'],
        summary: 'Qui est invité par ce lien',
        params: ZInvitationTokenParamsSchema,
        response: { 200: ZInvitationInfoSchema },
      },
    },
    async (request) => invitations.info(request.params.token),
  );

  app.post(
    '/api/membres/invitation',
    {
      schema: {
        tags: ['auth'],
        summary: 'Active le compte invité en choisissant un mot de passe',
        body: ZActivateInvitationBodySchema,
        response: { 200: ZMessageSchema },
      },
    },
    async (request) => invitations.activate(request.body),
  );
};
export default invitationRoutes;
