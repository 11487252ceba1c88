import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { clubPath, teamPath } from '../../../lib/session.ts';
import { useDashboardHome, useDashboardMembers, useTeamUpcomingEvents } from '../api/dashboard.ts';
import { EventList } from './event-list.tsx';
import { HomeSections } from './home-sections.tsx';
import { MemberList } from './member-list.tsx';

/** Not in the spec: the team dashboard's upcoming list when nothing is planned. */
export const NO_UPCOMING_EVENT = 'Aucun événement à venir.';
/** Not in the spec: the link under the upcoming list, to the team's calendar. */
export const SEE_CALENDAR = 'Voir le calendrier';
/** The upcoming events the team dashboard shows (the soonest); the calendar has the rest. */
export const UPCOMING_SHOWN = 5;

interface TeamDashboardProps {
  prenom: string;
  nomClub: string;
  /** The member's current team (use-current-team), null for a member without team. */
  team: { id: number; nom: string } | null;
  /** Sections the app layer adds under the welcome line (the announcements). */
  children?: ReactNode;
  /** At the end of the page (a part that arrives late shifts nothing below it). */
  after?: ReactNode;
}

/**
 * The team dashboard of JOUEUR, ENTRAINEUR and PARENT (spec §2), led by the member's home: what
 * to answer, the next matches, the week (docs/decisions/0083-dashboard-home.md).
 */
export function TeamDashboard({ prenom, nomClub, team, children, after }: TeamDashboardProps) {
  const teamId = team?.id ?? null;
  const events = useTeamUpcomingEvents(teamId);
  const members = useDashboardMembers(teamId);
  const home = useDashboardHome();
  return (
    <main id="contenu" className="container page dashboard">
      <h1>Bienvenue, {prenom} !</h1>
      {team ? (
        <>
          <p className="dashboard-welcome">
            Équipe <strong className="team-name">{team.nom}</strong> du club{' '}
            <strong>{nomClub}</strong>
          </p>
          {children}
          <HomeSections
            nomClub={nomClub}
            calendarPath={teamPath(nomClub, team.nom, 'calendrier')}
            leader={false}
          />
          {/* The lists wait for the home sections above them (as on the leaders' dashboard):
              drawn under their placeholder, they were pushed down when they arrived. */}
          {home.isPending ? null : (
            <div className="dashboard-grid">
              <EventList
                title="Événements à venir"
                query={events}
                emptyText={NO_UPCOMING_EVENT}
                showDay
                limit={UPCOMING_SHOWN}
                more={{ to: teamPath(nomClub, team.nom, 'calendrier'), label: SEE_CALENDAR }}
              />
              <MemberList key={team.id} title={`Membres · ${team.nom}`} query={members} />
            </div>
          )}
        </>
      ) : (
        <>
          <p className="dashboard-welcome">
            Club <strong>{nomClub}</strong>
          </p>
          {children}
          <HomeSections
            nomClub={nomClub}
            calendarPath={clubPath(nomClub, 'calendrier')}
            leader={false}
          />
          <Alert tone="info">Vous n’êtes membre d’aucune équipe pour le moment.</Alert>
        </>
      )}
      {after}
    </main>
  );
}
