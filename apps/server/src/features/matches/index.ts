import { signedIn } from '../../plugins/signed-in.ts';
import matchesRoutes from './matches.routes.ts';

/**
 * The matches feature: a team's matches, scores, cancellation and convocations (signed in). The
 * events feature syncs matches from MATCH events; the members feature re-syncs a member's upcoming
 * convocations when their teams or role change.
 */
export default signedIn(matchesRoutes);
export { matchSync, type MatchSides } from './matches.sync.ts';
export { clubNow } from './matches.clock.ts';
