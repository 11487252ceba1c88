import type { FastifyPluginAsync } from 'fastify';
import { signedIn } from '../../plugins/signed-in.ts';
import { parseQuietHours } from '../notifications/index.ts';
import matchesRoutes from './matches.routes.ts';
import { createMatchPush, type MatchPush } from './matches.push.ts';
import { publicLiveRoutes, sheetRoutes } from './matches.sheet.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** A goal and the final score pushed to the match's families (decision 0140). */
    matchPush: MatchPush;
  }
}

/**
 * The matches feature: a team's matches, scores, cancellation and convocations, the match sheet
 * and its live actions (signed in); the public live page's data (its secret token is the
 * credential, decision 0127); the Web Push of a goal and of the final score to the families
 * (decision 0140, a job of the persistent queue). The events feature syncs matches from MATCH
 * events; the members feature re-syncs a member's upcoming convocations when their teams or role
 * change.
 */
const matchesFeature: FastifyPluginAsync = async (app) => {
  const matchPush = createMatchPush({
    db: app.db,
    jobs: app.jobs,
    push: app.push,
    quietHours: parseQuietHours(app.config.QUIET_HOURS),
    delaySeconds: app.config.NOTIFICATION_DELAY_SECONDS,
    clock: app.clock,
    log: app.log,
  });
  await matchPush.createQueues();
  app.decorate('matchPush', matchPush);
  app.addHook('onReady', async () => matchPush.work());
  await app.register(publicLiveRoutes);
  await app.register(signedIn(matchesRoutes));
  await app.register(signedIn(sheetRoutes));
};
export default matchesFeature;
export { matchSync, type MatchSides } from './matches.sync.ts';
export { clubNow } from './matches.clock.ts';
export { MATCH_LIVE_PUSH_QUEUE } from './matches.push.ts';
