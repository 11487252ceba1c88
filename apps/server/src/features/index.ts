import type { FastifyInstance } from 'fastify';
import authFeature from './auth/index.ts';
import clubRegistrationRoutes from './club-registration/registration.routes.ts';

/** One registration line per feature (STYLE.md). */
export async function registerFeatures(app: FastifyInstance): Promise<void> {
  await app.register(authFeature);
  await app.register(clubRegistrationRoutes);
}
