import { signedIn } from '../../plugins/signed-in.ts';
import eventsRoutes from './events.routes.ts';

/** The events feature (signed in): the calendar's CRUD; MATCH events keep their match. */
export default signedIn(eventsRoutes);
/** For the dashboards: the events an actor reads, with the calendar's rule and answer shape. */
export { listVisibleEvents, toEventJson } from './events.service.ts';
/** For the team cards: which events (SQL) an actor reads, with the calendar's rule. */
export { concernsTeamSql, eventsOfTeamsSql } from './events.repository.ts';
export { assertMayReadOwnTeamEvents, readPrefilter } from './events.policy.ts';
