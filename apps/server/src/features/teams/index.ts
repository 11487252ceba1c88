import { signedIn } from '../../plugins/signed-in.ts';
import teamsRoutes from './teams.routes.ts';

/** The teams feature (signed in). */
export default signedIn(teamsRoutes);
