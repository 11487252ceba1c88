import type { FastifyPluginAsync } from 'fastify';
import { signedIn } from '../../plugins/signed-in.ts';
import registrationRoutes, { accountClubRoutes } from './registration.routes.ts';

/** Public routes (registration, existence checks) and a signed-in account's new club. */
const clubRegistrationFeature: FastifyPluginAsync = async (app) => {
  await app.register(registrationRoutes);
  await app.register(signedIn(accountClubRoutes));
};
export default clubRegistrationFeature;
