import type { FastifyPluginAsync } from 'fastify';
import { api } from '@club/contract';
import { route } from '../../lib/endpoint-route.ts';
import { createInvitationService } from './invitation.service.ts';

/** The invitation (activation) calls: public, the single-use token is the credential. */
const invitationRoutes: FastifyPluginAsync = async (app) => {
  const invitations = createInvitationService({
    db: app.db,
    config: app.config,
    mailer: app.mailer,
    log: app.log,
    passwords: app.passwords,
  });
  route(app, api.auth.invitation, async (request) => invitations.info(request.params.token));
  route(app, api.auth.activate, async (request) => invitations.activate(request.body));
};
export default invitationRoutes;
