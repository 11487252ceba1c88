import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { signedIn } from '../../plugins/signed-in.ts';
import feesRoutes from './fees.routes.ts';

/**
 * Membership fees, payments, receipts and reminders (signed in):
 * docs/decisions/0135-membership-fees.md.
 */
async function feesFeature(app: FastifyInstance) {
  await app.register(signedIn(feesRoutes));
}

export default fp(feesFeature, { name: 'fees', dependencies: ['db', 'auth'] });
