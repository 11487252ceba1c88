import { MATCH_STATUS_COLORS, MATCH_STATUS_LABELS, type MatchStatus } from '@club/contract';

/** A symbol per status: the text says it, the symbol and the colour only reinforce it. */
const ICONS: Record<MatchStatus, string> = {
  A_VENIR: '◷',
  EN_COURS: '▶',
  TERMINE: '✓',
  ANNULE: '✕',
};

/** Match status badge of spec §4: 'À venir' blue, 'En cours' amber, 'Terminé' gray, 'Annulé' red. */
export function MatchStatusBadge({ statut }: { statut: MatchStatus }) {
  return (
    <span className={`pill match-status match-status-${MATCH_STATUS_COLORS[statut]}`}>
      <span aria-hidden="true">{ICONS[statut]}</span>
      {MATCH_STATUS_LABELS[statut]}
    </span>
  );
}
