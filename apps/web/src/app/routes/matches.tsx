import { CarpoolPanel } from '../../features/carpool/components/carpool-panel.tsx';
import { MatchesPage as TeamMatchesPage } from '../../features/matches/components/matches-page.tsx';

/**
 * /{nomClub}/{nomEquipe}/matche — the team's matches, scores and convocations (spec §2,
 * decision 0022), each card opening the match's carpooling on demand.
 */
export default function MatchesPage() {
  return (
    <TeamMatchesPage
      cardExtra={(m) => {
        // The base team's players are the ones convoked (docs/decisions/0018-match-status-versions-convocations.md).
        const base = m.domicile ? m.equipeDomicile : m.equipeExterieur;
        return (
          <CarpoolPanel
            eventId={m.evenementId}
            dateDebut={m.dateDebut}
            rendezVous={m.rendezVous}
            equipesIds={base?.id != null ? [base.id] : []}
          />
        );
      }}
    />
  );
}
