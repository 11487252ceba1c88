import type { FastifyPluginAsync } from 'fastify';
import { api, type TSiteInfo } from '@club/contract';
import { route } from '../../lib/endpoint-route.ts';
import type { Config } from '../../config.ts';

/**
 * Only http(s) targets become links (docs/architecture.md §11: no dead link, nothing else
 * clickable).
 */
const link = (value: string | undefined) =>
  value && /^https?:\/\/[^\s]+$/i.test(value) ? value : null;

export function siteInfo(config: Config): TSiteInfo {
  return {
    editor: {
      name: config.EDITOR_NAME,
      email: config.EDITOR_EMAIL,
      phone: config.EDITOR_PHONE,
      city: config.EDITOR_CITY,
    },
    social: {
      facebook: link(config.SOCIAL_FACEBOOK),
      twitter: link(config.SOCIAL_TWITTER),
      instagram: link(config.SOCIAL_INSTAGRAM),
      linkedin: link(config.SOCIAL_LINKEDIN),
    },
  };
}

/** GET /api/site: the editor's details and social links of the public pages, from configuration. */
const siteRoutes: FastifyPluginAsync = async (app) => {
  const info = siteInfo(app.config);
  route(app, api.publicSite.site, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return info;
  });
};
export default siteRoutes;
