import './ui.css';
import { ACTION_LABELS, STATE_MESSAGES } from '@club/contract';

export interface LoadErrorProps {
  /** What could not be loaded, in French (never a raw error text); a general sentence by default. */
  message?: string;
  /** Loads again (a query's refetch). */
  onRetry: () => unknown;
  /** A new load is under way: the button says so and waits. */
  retrying?: boolean;
}

/**
 * The error state of a screen or block whose data could not be loaded: the French message and a
 * 'Réessayer' button (docs/decisions/0086-glossary-and-field-messages.md).
 */
export function LoadError({
  message = STATE_MESSAGES.loadFailed,
  onRetry,
  retrying,
}: LoadErrorProps) {
  return (
    <div className="alert alert-error load-error" role="alert">
      <span>{message}</span>
      <button
        type="button"
        className="btn btn-secondary"
        onClick={() => void onRetry()}
        disabled={retrying}
        aria-busy={retrying || undefined}
      >
        {retrying ? STATE_MESSAGES.loading : ACTION_LABELS.retry}
      </button>
    </div>
  );
}
