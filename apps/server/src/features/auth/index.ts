import type { FastifyPluginAsync } from 'fastify';
import { signedIn } from '../../plugins/signed-in.ts';
import accountRoutes from './account.routes.ts';
import csrfRoutes from './csrf.routes.ts';
import invitationRoutes from './invitation.routes.ts';
import sessionRoutes from './session.routes.ts';

export { default as authPlugin, type IssuedSession } from './auth.plugin.ts';
export { createInvitationService, type InvitationService } from './invitation.service.ts';
export { assertAcceptablePassword } from './password-policy.ts';
export { createPasswordConfirmation, type PasswordConfirmation } from './account.service.ts';
export { findActor, findMemberActor } from './auth.repository.ts';

/** The auth feature: CSRF cookie, sessions, password reset, account and invitations. */
const authFeature: FastifyPluginAsync = async (app) => {
  await app.register(csrfRoutes);
  await app.register(sessionRoutes);
  await app.register(invitationRoutes);
  await app.register(signedIn(accountRoutes));
};
export default authFeature;
