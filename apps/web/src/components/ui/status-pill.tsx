import { displayMemberStatus } from '@club/contract';

const STYLES: Record<string, { tone: string; icon: string }> = {
  Actif: { tone: 'success', icon: '●' },
  Blessé: { tone: 'warning', icon: '✚' },
  Suspendu: { tone: 'danger', icon: '‖' },
};

/** Member status pill of spec §3: the text is always shown; colour and a symbol only reinforce it. */
export function StatusPill({ statut }: { statut: string | null | undefined }) {
  const label = displayMemberStatus(statut);
  const style = STYLES[label] ?? { tone: 'neutral', icon: '?' };
  return (
    <span className={`pill pill-${style.tone}`}>
      <span aria-hidden="true">{style.icon}</span>
      {label}
    </span>
  );
}
