import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { api } from '@club/contract';
import type { DbOrTx } from '../../db/client.ts';
import { route } from '../../lib/endpoint-route.ts';
import { createInvitationService } from '../auth/index.ts';
import { createMembersService } from './members.service.ts';

const endpoints = api.members;

/** Members calls of spec §7 (declared in packages/contract/src/api/members.ts), signed in. */
const membersRoutes: FastifyPluginAsync = async (app) => {
  const invitations = (db: DbOrTx) =>
    createInvitationService({ db, config: app.config, mailer: app.mailer, log: app.log });
  /** The service of one request, on its club-scoped transaction. */
  const members = (request: FastifyRequest) =>
    createMembersService({
      db: request.db,
      // Registered after this feature (features/index.ts): read when a member is written.
      notifier: () => (app.hasDecorator('matchNotifier') ? app.matchNotifier : undefined),
      // A mail failure leaves the member created (a leader can resend): reported as false, not thrown.
      invite: (member) =>
        invitations(request.db)
          .send(member)
          .then(
            () => true,
            () => false,
          ),
    });

  // Kept per member until the club data changes (plugins/response-cache.ts).
  route(
    app,
    endpoints.listClub,
    async (request) =>
      members(request).listClub(request.actor, request.params.clubId, request.query),
    { config: { responseCache: true } },
  );
  route(app, endpoints.searchClub, async (request) =>
    members(request).searchClub(request.actor, request.params.clubId, request.query),
  );
  route(app, endpoints.searchTeam, async (request) =>
    members(request).searchTeam(request.actor, request.query),
  );
  route(app, endpoints.listTeam, async (request) =>
    members(request).listTeam(
      request.actor,
      request.params.clubId,
      request.params.nomEquipe,
      request.query,
    ),
  );
  route(app, endpoints.get, async (request) =>
    members(request).get(request.actor, request.params.id),
  );
  route(app, endpoints.create, async (request) =>
    members(request).create(request.actor, request.body),
  );
  route(app, endpoints.update, async (request) =>
    members(request).update(request.actor, request.params.id, request.body),
  );
  route(app, endpoints.remove, async (request) =>
    members(request).remove(request.actor, request.params.id),
  );
  route(app, endpoints.resendInvitation, async (request) =>
    members(request).resendInvitation(request.actor, request.params.id),
  );
};
export default membersRoutes;
