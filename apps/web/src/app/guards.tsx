import type { ReactNode } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { STATE_MESSAGES, isLeader } from '@club/contract';
import { useCurrentMember, wasSignedOutOnPurpose } from '../lib/session.ts';
import { homePath, isReachableTeam } from '../lib/member-teams.ts';
import { Alert } from '../components/ui/alert.tsx';

/**
 * Signed-in routes: nothing is shown while the session is checked; without a session, /connexion
 * (and back to the page asked for after sign-in).
 * A member only opens their own club's URLs and, for team roles, those of one of their teams or,
 * for a parent, of one of their children's teams (decision 0084).
 */
export function RequireMember({ children }: { children: ReactNode }) {
  const { data: member, isPending, isError } = useCurrentMember();
  const params = useParams();
  const location = useLocation();
  if (isPending) return null;
  if (isError) {
    return (
      <main className="container page">
        <Alert tone="error">Erreur réseau ou serveur.</Alert>
      </main>
    );
  }
  // The page asked for rides along in the router state (the URL stays /connexion, spec §4); the
  // login form opens it after sign-in (features/auth/redirect.ts `safeRedirect`). Not after the
  // member's own logout: their next sign-in starts from their home, and /connexion says they
  // are signed out.
  if (!member)
    return (
      <Navigate
        to="/connexion"
        replace
        state={
          wasSignedOutOnPurpose()
            ? { notice: STATE_MESSAGES.loggedOut }
            : { from: `${location.pathname}${location.search}${location.hash}` }
        }
      />
    );
  const sameClub = params.nomClub === undefined || params.nomClub === member.nomClub;
  const sameTeam =
    params.nomEquipe === undefined ||
    isLeader(member.role) ||
    isReachableTeam(member, params.nomEquipe);
  if (!sameClub || !sameTeam) return <Navigate to={homePath(member)} replace />;
  return <>{children}</>;
}
