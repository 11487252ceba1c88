import type { FastifyPluginAsync } from 'fastify';
import { signedIn } from '../../plugins/signed-in.ts';
import matchesRoutes from './matches.routes.ts';
import { publicLiveRoutes, sheetRoutes } from './matches.sheet.routes.ts';

/**
 * The matches feature: a team's matches, scores, cancellation and convocations, the match sheet
 * and its live actions (signed in); the public live page's data (its secret token is the
 * credential, decision 0127). The events feature syncs matches from MATCH events; the members
 * feature re-syncs a member's upcoming convocations when their teams or role change.
 */
const matchesFeature: FastifyPluginAsync = async (app) => {
  await app.register(publicLiveRoutes);
  await app.register(signedIn(matchesRoutes));
  await app.register(signedIn(sheetRoutes));
};
export default matchesFeature;
export { matchSync, type MatchSides } from './matches.sync.ts';
export { clubNow } from './matches.clock.ts';
