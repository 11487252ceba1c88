import type { FastifyPluginAsync } from 'fastify';
import csrfRoutes from './csrf.routes.ts';
import sessionRoutes from './session.routes.ts';
import accountRoutes from './account.routes.ts';

export { sendInvitation } from './invitation.service.ts';

/** The auth feature: CSRF cookie, sessions, password reset, account and invitations. */
const authFeature: FastifyPluginAsync = async (app) => {
  await app.register(csrfRoutes);
  await app.register(sessionRoutes);
  await app.register(accountRoutes);
};
export default authFeature;
