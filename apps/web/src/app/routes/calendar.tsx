import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useCurrentMember } from '../../lib/session.ts';
import { Loading } from '../../components/ui/loading.tsx';
import { CalendarPage as Calendar } from '../../features/calendar/components/calendar-page.tsx';

// The carpooling panel is drawn in an event's details only: fetched when they open, beside the
// details' own code (docs/decisions/0094-route-javascript-composition.md).
const loadCarpoolPanel = () =>
  import('../../features/carpool/components/carpool-panel.tsx').then((m) => ({
    default: m.CarpoolPanel,
  }));
const CarpoolPanel = lazy(loadCarpoolPanel);
// The duties panel likewise (docs/decisions/0134).
const loadDutiesPanel = () =>
  import('../../features/duties/components/duties-panel.tsx').then((m) => ({
    default: m.DutiesPanel,
  }));
const DutiesPanel = lazy(loadDutiesPanel);

/**
 * /{nomClub}/calendrier and /{nomClub}/{nomEquipe}/calendrier (spec §2). This module is loaded
 * lazily by the router, so FullCalendar is downloaded on these routes only.
 */
export default function CalendarPage() {
  useDocumentTitle('Calendrier du club');
  const { data: member } = useCurrentMember();
  // The team area's calendar: its team is a new event's default (decision 0105).
  const { nomEquipe } = useParams();
  return (
    <main id="contenu" className="container page calendar-route">
      {member ? (
        <Calendar
          member={member}
          nomEquipe={nomEquipe}
          eventExtra={(e) => {
            void loadCarpoolPanel();
            void loadDutiesPanel();
            // a match's base team (first) is the one convoked (decision 0018)
            const playing = e.type === 'MATCH' ? e.equipesIds.slice(0, 1) : e.equipesIds;
            return (
              <Suspense fallback={null}>
                <DutiesPanel eventId={e.id} equipesIds={playing} />
                <CarpoolPanel
                  eventId={e.id}
                  dateDebut={e.dateDebut}
                  rendezVous={e.rendezVous}
                  equipesIds={playing}
                />
              </Suspense>
            );
          }}
        />
      ) : (
        <Loading />
      )}
    </main>
  );
}
