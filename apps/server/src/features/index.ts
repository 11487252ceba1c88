import type { FastifyInstance } from 'fastify';
import csrfRoutes from './auth/csrf.routes.ts';
import contactRoutes from './contact/contact.routes.ts';
import homeStatsRoutes from './home-stats/home-stats.routes.ts';
import siteRoutes from './site/site.routes.ts';

/** One registration line per feature (STYLE.md). */
export async function registerFeatures(app: FastifyInstance): Promise<void> {
  await app.register(csrfRoutes);
  await app.register(homeStatsRoutes);
  await app.register(contactRoutes);
  await app.register(siteRoutes);
}
