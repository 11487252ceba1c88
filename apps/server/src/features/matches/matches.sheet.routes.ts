import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { api } from '@club/contract';
import { route } from '../../lib/endpoint-route.ts';
import { createSheetService } from './matches.sheet.service.ts';

const endpoints = api.matchSheet;

/** The match sheet, live actions and the public link (signed in; decisions 0125–0127). */
export const sheetRoutes: FastifyPluginAsync = async (app) => {
  const sheet = (request: FastifyRequest) =>
    createSheetService({ db: request.db, clock: app.clock, matchPush: app.matchPush });
  const base = app.config.PUBLIC_URL?.replace(/\/+$/, '');

  route(app, endpoints.sheet, async (request) =>
    sheet(request).sheet(request.actor, request.params.id),
  );
  route(app, endpoints.updateSheet, async (request) =>
    sheet(request).updateSheet(request.actor, request.params.id, request.body),
  );
  route(app, endpoints.addAction, async (request, reply) => {
    const { created, action } = await sheet(request).addAction(
      request.actor,
      request.params.id,
      request.body,
    );
    return reply.status(created ? 201 : 200).send(action);
  });
  route(app, endpoints.removeAction, async (request) =>
    sheet(request).removeAction(request.actor, request.params.id, request.params.actionId),
  );
  route(app, endpoints.live, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return sheet(request).live(request.actor, request.params.id);
  });
  route(app, endpoints.share, async (request) => {
    const token = await sheet(request).share(request.actor, request.params.id);
    const origin = base ?? `${request.protocol}://${request.host}`;
    // The web page of the public live (apps/web route /direct/:jeton) reads GET /api/direct/{jeton}.
    return { url: `${origin}/direct/${token}` };
  });
  route(app, endpoints.revokeShare, async (request) =>
    sheet(request).revokeShare(request.actor, request.params.id),
  );
};

/** GET /api/direct/{jeton} — public: the secret token is the credential; never indexed. */
export const publicLiveRoutes: FastifyPluginAsync = async (app) => {
  // Public: the owner's handle; the service scopes every query by the link's club.
  const service = createSheetService({ db: app.db, clock: app.clock });
  route(app, endpoints.publicLive, async (request, reply) => {
    reply
      .header('x-robots-tag', 'noindex, nofollow')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer');
    return service.publicLive(request.params.jeton);
  });
};
