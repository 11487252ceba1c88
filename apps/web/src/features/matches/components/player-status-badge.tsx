import { displayMemberStatus, isSidelinedStatus } from '@club/contract';

/**
 * The status of a player kept off by it (Blessé, Malade, Suspendu…) beside their name in the
 * coach's convocation and selection lists; nothing for an ACTIF player or when the reader does not
 * receive the status (docs/decisions/0108-injured-and-suspended-players-on-match-day.md).
 */
export function PlayerStatusBadge({ statut }: { statut: string | undefined }) {
  if (!isSidelinedStatus(statut)) return null;
  // The space belongs to the badge: a name without one ends without it.
  return (
    <>
      {' '}
      <span className="pill pill-warning player-status">{displayMemberStatus(statut)}</span>
    </>
  );
}
