import { signedIn } from '../../plugins/signed-in.ts';
import membersRoutes from './members.routes.ts';

/** The members feature: club members, team members, one member (signed in). */
export default signedIn(membersRoutes);
