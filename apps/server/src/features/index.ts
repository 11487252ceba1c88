import type { FastifyInstance } from 'fastify';
import csrfRoutes from './auth/csrf.routes.ts';

/** One registration line per feature (STYLE.md). */
export async function registerFeatures(app: FastifyInstance): Promise<void> {
  await app.register(csrfRoutes);
}
