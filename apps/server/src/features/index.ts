import type { FastifyInstance } from 'fastify';
import csrfRoutes from './auth/csrf.routes.ts';
import membersRoutes from './members/members.routes.ts';
import teamsRoutes from './teams/teams.routes.ts';

/** One registration line per feature (STYLE.md). */
export async function registerFeatures(app: FastifyInstance): Promise<void> {
  await app.register(csrfRoutes);
  await app.register(membersRoutes);
  await app.register(teamsRoutes);
}
