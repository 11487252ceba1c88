import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { signedIn } from '../../plugins/signed-in.ts';
import carpoolRoutes from './carpool.routes.ts';

/** Carpooling for any event: offers of seats, bookings for oneself or one's child (signed in). */
async function carpoolFeature(app: FastifyInstance) {
  await app.register(signedIn(carpoolRoutes));
}

export default fp(carpoolFeature, {
  name: 'carpool',
  dependencies: ['db', 'auth', 'push', 'notifications'],
});
