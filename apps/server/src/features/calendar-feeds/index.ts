import type { FastifyPluginAsync } from 'fastify';
import { signedIn } from '../../plugins/signed-in.ts';
import { feedRoutes, subscriptionRoutes } from './calendar-feeds.routes.ts';

/**
 * Personal calendar feeds (decision 0023): the subscription is signed in; the feed itself is public
 * (its secret token is the credential; a GET, so no CSRF check applies).
 */
const calendarFeedsFeature: FastifyPluginAsync = async (app) => {
  await app.register(feedRoutes);
  await app.register(signedIn(subscriptionRoutes));
};
export default calendarFeedsFeature;
