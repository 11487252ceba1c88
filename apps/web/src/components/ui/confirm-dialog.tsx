import './ui.css';
import { useId, type ReactNode } from 'react';
import { Modal } from './modal.tsx';

/**
 * Confirmation of a destructive action in an accessible alert dialog (never `window.confirm`):
 * the focus starts on 'Annuler', Escape cancels, the confirm button says what it does.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel = 'Annuler',
  danger = true,
  busy = false,
  onConfirm,
  onCancel,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const textId = useId();
  return (
    <Modal
      title={title}
      onClose={onCancel}
      role="alertdialog"
      describedBy={textId}
      className="modal-sm"
    >
      <div id={textId} className="confirm-text">
        {children}
      </div>
      <div className="actions">
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          {cancelLabel}
        </button>
        <button
          type="button"
          className={danger ? 'btn btn-danger' : 'btn'}
          onClick={onConfirm}
          disabled={busy}
        >
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
