import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { api } from '@club/contract';
import { route } from '../../lib/endpoint-route.ts';
import type { AnnouncementNotifier } from './announcements.jobs.ts';
import { createAnnouncementsService } from './announcements.service.ts';

const endpoints = api.announcements;

/** The announcements routes (signed in). */
export function announcementRoutes(notifier: AnnouncementNotifier): FastifyPluginAsync {
  return async (app) => {
    const announcements = (request: FastifyRequest) =>
      createAnnouncementsService({ db: request.db, notifier });
    route(app, endpoints.list, async (request) =>
      announcements(request).list(request.actor, request.query.limite),
    );
    route(app, endpoints.create, async (request) =>
      announcements(request).create(request.actor, request.body),
    );
    route(app, endpoints.markRead, async (request) =>
      announcements(request).markRead(request.actor, request.params.id),
    );
    route(app, endpoints.receipts, async (request) =>
      announcements(request).receipts(request.actor, request.params.id),
    );
    route(app, endpoints.remind, async (request) =>
      announcements(request).remind(request.actor, request.params.id),
    );
    route(app, endpoints.remove, async (request) =>
      announcements(request).remove(request.actor, request.params.id),
    );
  };
}
