import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { api } from '@club/contract';
import { route } from '../../lib/endpoint-route.ts';
import { enforceLimit } from '../../lib/throttle.ts';
import type { LinkTokens } from '../notifications/index.ts';
import type { AnnouncementNotifier } from './announcements.jobs.ts';
import { readAnnouncementByLink } from './announcements.read-link.ts';
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

/**
 * POST /api/annonces/lecture (public, no cookie): the mail's link read by its page
 * (docs/decisions/0139-coach-home-and-phone-week.md); limited per IP like the other e-mail links.
 */
export function announcementReadLinkRoutes(tokens: LinkTokens): FastifyPluginAsync {
  return async (app) => {
    route(
      app,
      endpoints.readByLink,
      async (request) => {
        await enforceLimit(
          app.limiter,
          `announcement-read-link:ip:${request.ip}`,
          app.config.ANSWER_LINKS_PER_IP,
          app.config.ANSWER_LINKS_WINDOW_SECONDS,
        );
        // Public: the owner's handle; the signed token names the club every query is scoped by.
        return readAnnouncementByLink(app.db, tokens, request.body.jeton);
      },
      { config: { csrfExempt: true } },
    );
  };
}
