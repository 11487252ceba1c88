import type { FastifyInstance } from 'fastify';
import authFeature from './auth/index.ts';
import clubRegistrationRoutes from './club-registration/registration.routes.ts';
import contactRoutes from './contact/contact.routes.ts';
import homeStatsRoutes from './home-stats/home-stats.routes.ts';
import membersRoutes from './members/members.routes.ts';
import siteRoutes from './site/site.routes.ts';
import teamsRoutes from './teams/teams.routes.ts';

/** One registration line per feature (STYLE.md). */
export async function registerFeatures(app: FastifyInstance): Promise<void> {
  await app.register(authFeature);
  await app.register(clubRegistrationRoutes);
  await app.register(homeStatsRoutes);
  await app.register(contactRoutes);
  await app.register(siteRoutes);
  await app.register(membersRoutes);
  await app.register(teamsRoutes);
}
