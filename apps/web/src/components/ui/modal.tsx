import { useEffect, useId, useRef, type ReactNode } from 'react';
import { X } from 'lucide-react';
import { Icon } from './icon.tsx';

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Close when the backdrop is clicked (default true). */
  closeOnBackdrop?: boolean;
  closeLabel?: string;
  className?: string;
  /** 'alertdialog' for a confirmation (its text is then described by `describedBy`). */
  role?: 'dialog' | 'alertdialog';
  /** Id of the element that describes the dialog (aria-describedby). */
  describedBy?: string;
  /**
   * Focus the dialog itself rather than its first field: a form opened to be read first (an
   * event tapped on a phone) does not bring the keyboard up over it.
   */
  focusDialog?: boolean;
}

/**
 * Open dialogs, innermost last: only the innermost one answers Escape and traps Tab, so that a
 * confirmation opened over a form closes alone.
 */
const openDialogs: object[] = [];

/** Accessible dialog: labelled, focus moved in and trapped, Escape and backdrop close, focus restored. */
export function Modal({
  title,
  onClose,
  children,
  closeOnBackdrop = true,
  closeLabel = 'Fermer',
  className,
  role = 'dialog',
  describedBy,
  focusDialog = false,
}: ModalProps) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  /** Read once, when the dialog opens. */
  const focusDialogRef = useRef(focusDialog);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const node = ref.current;
    const focusables = () =>
      Array.from(
        node?.querySelectorAll<HTMLElement>(
          'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])',
        ) ?? [],
      );
    (
      (focusDialogRef.current
        ? null
        : focusables().find(
            (el) => el.tagName !== 'BUTTON' || !el.classList.contains('modal-close'),
          )) ?? node
    )?.focus();
    const token = {};
    openDialogs.push(token);
    const onKey = (e: KeyboardEvent) => {
      if (openDialogs[openDialogs.length - 1] !== token) return;
      if (e.key === 'Escape') {
        e.stopPropagation();
        onCloseRef.current();
      } else if (e.key === 'Tab') {
        const items = focusables();
        if (items.length === 0) return;
        const first = items[0]!;
        const last = items[items.length - 1]!;
        if (e.shiftKey && document.activeElement === first) {
          e.preventDefault();
          last.focus();
        } else if (!e.shiftKey && document.activeElement === last) {
          e.preventDefault();
          first.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      openDialogs.splice(openDialogs.indexOf(token), 1);
      document.body.style.overflow = overflow;
      previous?.focus?.();
    };
  }, []);

  return (
    <div
      className="modal-backdrop"
      onMouseDown={(e) => {
        if (closeOnBackdrop && e.target === e.currentTarget) onClose();
      }}
    >
      <div
        ref={ref}
        className={`modal ${className ?? ''}`}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
      >
        <div className="modal-header">
          <h2 id={titleId}>{title}</h2>
          <button
            type="button"
            className="btn btn-ghost icon-btn modal-close"
            onClick={onClose}
            aria-label={closeLabel}
          >
            <Icon as={X} />
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
