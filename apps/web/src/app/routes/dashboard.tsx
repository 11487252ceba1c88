import { DASHBOARD_MESSAGES, isLeader, normalizeRole } from '@club/contract';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useCurrentMember } from '../../lib/session.ts';
import { useCurrentTeam } from '../../lib/use-current-team.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { useClubTeams } from '../../features/teams/api/teams.ts';
import { LeaderDashboard } from '../../features/dashboard/components/leader-dashboard.tsx';
import { TeamDashboard } from '../../features/dashboard/components/team-dashboard.tsx';
import { AnnouncementsWidget } from '../../features/announcements/components/announcements-widget.tsx';
import { FamilyFeesSlot } from '../../features/fees/components/family-fees-slot.tsx';
import '../../features/dashboard/components/dashboard.css';

/**
 * /{nomClub}/dashboard and /{nomClub}/{nomEquipe}/dashboard — one screen chosen by role (spec §2,
 * §6): the club dashboard for leaders, the team dashboard for team roles, a refusal otherwise.
 */
export default function DashboardPage() {
  useDocumentTitle('Tableau de bord');
  const { data: me } = useCurrentMember();
  const { team } = useCurrentTeam();
  const leader = isLeader(me?.role);
  const teams = useClubTeams(leader ? (me?.idClub ?? undefined) : undefined);

  if (!me) return null;
  if (leader)
    return (
      <LeaderDashboard
        nomClub={me.nomClub}
        idClub={me.idClub}
        idMembre={me.id}
        teams={teams}
        after={<FamilyFeesSlot />}
      >
        <AnnouncementsWidget nomClub={me.nomClub} />
      </LeaderDashboard>
    );
  if (normalizeRole(me.role) === null) {
    return (
      <main id="contenu" className="container page">
        <h1>Tableau de bord</h1>
        <Alert tone="error">{DASHBOARD_MESSAGES.unknownRole}</Alert>
      </main>
    );
  }
  return (
    <TeamDashboard prenom={me.prenom} nomClub={me.nomClub} team={team} after={<FamilyFeesSlot />}>
      <AnnouncementsWidget nomClub={me.nomClub} />
    </TeamDashboard>
  );
}
