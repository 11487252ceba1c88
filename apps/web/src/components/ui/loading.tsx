import { OFFLINE_TEXTS } from '../../lib/offline-texts.ts';
import { useOnline } from '../../lib/use-online.ts';

/**
 * Loading indicator with a text for screen readers (and sighted users). Offline, a screen still
 * loading has no copy on this device (the kept ones answer at once): it says so rather than
 * turning forever (decision 0102).
 */
export function Loading({ label = 'Chargement...' }: { label?: string }) {
  const online = useOnline();
  return (
    <div className="empty" role="status" aria-live="polite">
      {online ? <span className="spinner" aria-hidden="true" /> : null}{' '}
      <span>{online ? label : OFFLINE_TEXTS.noCopy}</span>
    </div>
  );
}
