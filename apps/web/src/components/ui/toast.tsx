import './ui.css';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { Check, CircleAlert, Info, X } from 'lucide-react';
import { Icon } from './icon.tsx';

export interface ToastOptions {
  message: string;
  tone?: 'success' | 'error' | 'info';
  /** A button in the toast, e.g. 'Annuler' to undo. */
  action?: { label: string; onAction: () => void };
  /** Called when the toast goes away without its action (the undo window has closed). */
  onExpire?: () => void;
  /** Milliseconds on screen; 5 s by default, 6 s with an action. */
  duration?: number;
}

interface ToastItem extends ToastOptions {
  id: number;
}

type Show = (options: ToastOptions) => void;

const ToastContext = createContext<Show | null>(null);

/** Shows a toast; outside a provider (isolated tests) it does nothing but run `onExpire`. */
export function useToast(): Show {
  const show = useContext(ToastContext);
  return show ?? ((o) => o.onExpire?.());
}

export const TOAST_DURATION_MS = 5000;
export const UNDO_DURATION_MS = 6000;

/**
 * Toasts at the bottom of the screen, read by screen readers (a polite live region; errors are
 * assertive). A toast stays while hovered or focused so that 'Annuler' can be reached. Mounted once
 * at the root so that a pending undo survives a change of page.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const next = useRef(1);
  const show = useCallback<Show>((o) => {
    const id = next.current++;
    setItems((list) => [...list, { ...o, id }]);
  }, []);
  const remove = useCallback((id: number) => setItems((l) => l.filter((t) => t.id !== id)), []);
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div className="toast-region" role="region" aria-label="Notifications">
        <div role="status" aria-live="polite" className="toast-stack">
          {items.map((t) => (
            <Toast key={t.id} item={t} onDone={() => remove(t.id)} />
          ))}
        </div>
      </div>
    </ToastContext.Provider>
  );
}

function Toast({ item, onDone }: { item: ToastItem; onDone: () => void }) {
  const [paused, setPaused] = useState(false);
  const acted = useRef(false);
  const itemRef = useRef(item);
  const duration = item.duration ?? (item.action ? UNDO_DURATION_MS : TOAST_DURATION_MS);
  const remaining = useRef(duration);

  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const timer = setTimeout(() => {
      if (!acted.current) itemRef.current.onExpire?.();
      onDone();
    }, remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - started;
    };
  }, [paused, onDone]);

  return (
    <div
      className={`toast toast-${item.tone ?? 'success'}`}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <span className="toast-icon" aria-hidden="true">
        <Icon as={item.tone === 'error' ? CircleAlert : item.tone === 'info' ? Info : Check} />
      </span>
      <span className="toast-message">{item.message}</span>
      {item.action ? (
        <button
          type="button"
          className="btn btn-sm btn-secondary"
          onClick={() => {
            acted.current = true;
            item.action!.onAction();
            onDone();
          }}
        >
          {item.action.label}
        </button>
      ) : null}
      <button
        type="button"
        className="btn btn-sm btn-ghost icon-btn toast-close"
        aria-label="Fermer la notification"
        onClick={() => {
          if (!acted.current) item.onExpire?.();
          acted.current = true;
          onDone();
        }}
      >
        <Icon as={X} />
      </button>
    </div>
  );
}
