import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { api } from '@club/contract';
import { route } from '../../lib/endpoint-route.ts';
import { createConversationsService, type MessageNotifier } from './conversations.service.ts';

const endpoints = api.conversations;

/** The conversations routes (signed in). */
export function conversationRoutes(notifier: MessageNotifier): FastifyPluginAsync {
  return async (app) => {
    const service = (request: FastifyRequest) =>
      createConversationsService({ db: request.db, clock: app.clock, notifier });
    route(app, endpoints.list, async (request) => service(request).list(request.actor));
    route(app, endpoints.create, async (request) =>
      service(request).create(request.actor, request.body),
    );
    route(app, endpoints.messages, async (request) =>
      service(request).messages(request.actor, request.params.id, request.query),
    );
    route(app, endpoints.send, async (request) =>
      service(request).send(request.actor, request.params.id, request.body),
    );
    route(app, endpoints.markRead, async (request) =>
      service(request).markRead(request.actor, request.params.id, request.body.jusquA),
    );
    route(app, endpoints.report, async (request) =>
      service(request).report(request.actor, request.params.id, request.body.motif),
    );
    route(app, endpoints.remove, async (request) =>
      service(request).remove(request.actor, request.params.id),
    );
  };
}
