import { signedIn } from '../../plugins/signed-in.ts';
import dashboardRoutes from './dashboard.routes.ts';

/** The dashboard feature: the current member, a team's events and members (signed in). */
export default signedIn(dashboardRoutes);
