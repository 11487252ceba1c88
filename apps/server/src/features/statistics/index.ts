import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { signedIn } from '../../plugins/signed-in.ts';
import statisticsRoutes from './statistics.routes.ts';

/** Team statistics and the club overview (signed in): docs/decisions/0080-team-statistics.md. */
async function statisticsFeature(app: FastifyInstance) {
  await app.register(signedIn(statisticsRoutes));
}

export default fp(statisticsFeature, { name: 'statistics', dependencies: ['db', 'auth'] });
