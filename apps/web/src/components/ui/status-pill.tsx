import { displayMemberStatus } from '@club/contract';
import { CircleCheck, CircleHelp, Cross, Pause, type LucideIcon } from 'lucide-react';
import { Icon } from './icon.tsx';

const STYLES: Record<string, { tone: string; icon: LucideIcon }> = {
  Actif: { tone: 'success', icon: CircleCheck },
  Blessé: { tone: 'warning', icon: Cross },
  Suspendu: { tone: 'danger', icon: Pause },
};

/** Member status pill of spec §3: the text is always shown; colour and a symbol only reinforce it. */
export function StatusPill({ statut }: { statut: string | null | undefined }) {
  const label = displayMemberStatus(statut);
  const style = STYLES[label] ?? { tone: 'neutral', icon: CircleHelp };
  return (
    <span className={`pill pill-${style.tone}`}>
      <Icon as={style.icon} />
      {label}
    </span>
  );
}
