import { signedIn } from '../../plugins/signed-in.ts';
import clubsRoutes from './clubs.routes.ts';

/** The club settings feature (signed in): information, logo, deletion. */
export default signedIn(clubsRoutes);
