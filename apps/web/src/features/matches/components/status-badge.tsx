import { MATCH_STATUS_COLORS, MATCH_STATUS_LABELS, type MatchStatus } from '@club/contract';
import { Ban, CircleCheck, Clock, Play, type LucideIcon } from 'lucide-react';
import { Icon } from '../../../components/ui/icon.tsx';

/** A symbol per status: the text says it, the symbol and the colour only reinforce it. */
const ICONS: Record<MatchStatus, LucideIcon> = {
  A_VENIR: Clock,
  EN_COURS: Play,
  TERMINE: CircleCheck,
  ANNULE: Ban,
};

/** Match status badge of spec §4: 'À venir' blue, 'En cours' amber, 'Terminé' gray, 'Annulé' red. */
export function MatchStatusBadge({ statut }: { statut: MatchStatus }) {
  return (
    <span className={`pill match-status match-status-${MATCH_STATUS_COLORS[statut]}`}>
      <Icon as={ICONS[statut]} />
      {MATCH_STATUS_LABELS[statut]}
    </span>
  );
}
