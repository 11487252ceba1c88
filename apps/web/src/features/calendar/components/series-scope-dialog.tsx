import { useId } from 'react';
import type { TEventPortee } from '@club/contract';
import { Modal } from '../../../components/ui/modal.tsx';

export const SERIES_SCOPE_LABELS: Record<TEventPortee, string> = {
  occurrence: 'Cet événement',
  suivants: 'Cet événement et les suivants',
  serie: 'Toute la série',
};

export interface SeriesScopeDialogProps {
  /** 'Modifier un événement répété' / 'Supprimer un événement répété'. */
  title: string;
  question: string;
  /** The deletion's buttons are red. */
  danger?: boolean;
  pending?: boolean;
  onChoose: (portee: TEventPortee) => void;
  onCancel: () => void;
}

/**
 * Asks which occurrences an edit, a move or a deletion applies to (decision 0024): 'Cet événement',
 * 'Cet événement et les suivants', 'Toute la série', or 'Annuler'. A dialog of its own (stacked
 * over the event modal when there is one): focus trapped, Escape cancels.
 */
export function SeriesScopeDialog({
  title,
  question,
  danger = false,
  pending = false,
  onChoose,
  onCancel,
}: SeriesScopeDialogProps) {
  const textId = useId();
  return (
    <Modal
      title={title}
      role="alertdialog"
      describedBy={textId}
      onClose={onCancel}
      className="confirm-modal series-scope-modal"
    >
      <p id={textId}>{question}</p>
      <div className="series-scope-actions">
        {(Object.keys(SERIES_SCOPE_LABELS) as TEventPortee[]).map((portee) => (
          <button
            key={portee}
            type="button"
            className={danger ? 'btn btn-danger' : 'btn'}
            disabled={pending}
            onClick={() => onChoose(portee)}
          >
            {SERIES_SCOPE_LABELS[portee]}
          </button>
        ))}
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          Annuler
        </button>
      </div>
    </Modal>
  );
}
