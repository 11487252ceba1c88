import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { signedIn } from '../../plugins/signed-in.ts';
import { createImportFollowUp } from './members.import-jobs.ts';
import { createDeletionPurge } from './members.deletion.ts';
import membersRoutes from './members.routes.ts';

/** The CSV writer of the members export, for the other exports (same format rules). */
export { writeCsv } from './members.csv.ts';
/** The team members page's rule, for the dashboard's team card (docs/architecture.md §7). */
export { assertMayReadOwnTeamsMembers } from './members.policy.ts';

/**
 * The members feature: club members, team members, one member (signed in), the season's members
 * file (export, import), the queue that follows an import's commit (convocations, invitations)
 * and the one that erases a deletion's snapshot when its undo window ends (decision 0087).
 */
async function membersFeature(app: FastifyInstance) {
  const followUp = createImportFollowUp(app);
  await followUp.createQueue();
  const deletionPurge = createDeletionPurge(app);
  await deletionPurge.createQueue();
  app.addHook('onReady', async () => {
    followUp.work();
    deletionPurge.work();
  });
  await app.register(signedIn(membersRoutes(followUp, deletionPurge)));
}

export default fp(membersFeature, { name: 'members', dependencies: ['db', 'notifications'] });
