import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useCurrentMember } from '../../lib/session.ts';
import { Loading } from '../../components/ui/loading.tsx';
import { CalendarPage as Calendar } from '../../features/calendar/components/calendar-page.tsx';
import { CarpoolPanel } from '../../features/carpool/components/carpool-panel.tsx';

/**
 * /{nomClub}/calendrier and /{nomClub}/{nomEquipe}/calendrier (spec §2). This module is loaded
 * lazily by the router, so FullCalendar is downloaded on these routes only.
 */
export default function CalendarPage() {
  useDocumentTitle('Calendrier du club');
  const { data: member } = useCurrentMember();
  return (
    <main id="contenu" className="container page calendar-route">
      {member ? (
        <Calendar
          member={member}
          eventExtra={(e) => <CarpoolPanel eventId={e.id} dateDebut={e.dateDebut} />}
        />
      ) : (
        <Loading />
      )}
    </main>
  );
}
