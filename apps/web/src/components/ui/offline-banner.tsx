import { useEffect, useRef, useState } from 'react';
import { OFFLINE_TEXTS } from '../../lib/offline-texts.ts';
import { useOnline } from '../../lib/use-online.ts';
import { useToast } from './toast.tsx';
import {
  dismiss,
  onOutboxChange,
  outboxOf,
  replayOutbox,
  type QueuedWrite,
} from '../../lib/offline-outbox.ts';
import './ui.css';

export { OFFLINE_TEXTS };

/**
 * The signed-in app's connection line: offline, it says so and what still works; the writes
 * kept on the device are sent when the network is back (and every 30 s while some wait), and
 * those the server refused (a conflict) are listed until the member dismisses them.
 */
export function OfflineBanner({ memberId }: { memberId: number }) {
  const online = useOnline();
  const toast = useRef(useToast());
  const [writes, setWrites] = useState<QueuedWrite[]>([]);

  useEffect(() => {
    let live = true;
    const load = () =>
      outboxOf(memberId).then(
        (list) => live && setWrites(list),
        () => undefined,
      );
    void load();
    const stop = onOutboxChange(() => void load());
    return () => {
      live = false;
      stop();
    };
  }, [memberId]);

  const waiting = writes.filter((w) => w.state === 'waiting').length;
  useEffect(() => {
    if (!online || waiting === 0) return;
    // Said when it happens: the writes kept on the device have reached the club.
    const replay = () =>
      void replayOutbox(memberId).then(
        (sent) => (sent ? toast.current({ message: OFFLINE_TEXTS.sent(sent) }) : undefined),
        () => undefined,
      );
    replay();
    const timer = setInterval(replay, 30_000);
    return () => clearInterval(timer);
  }, [online, waiting, memberId]);

  const refused = writes.filter((w) => w.state === 'refused');
  const shown = !online || waiting > 0;
  return (
    <div className="offline-banner-area">
      {/* Always in the page, so that a screen reader hears the change when the network goes. */}
      <div
        role="status"
        className={shown ? `offline-banner${online ? '' : ' offline-banner-off'}` : ''}
      >
        {shown ? (
          <div className="container offline-banner-inner">
            <svg
              viewBox="0 0 24 24"
              width="22"
              height="22"
              aria-hidden="true"
              className="offline-icon"
            >
              <path
                d="M2 8.5a15 15 0 0 1 20 0M5 12a10 10 0 0 1 14 0M8.5 15.5a5 5 0 0 1 7 0"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
              <circle cx="12" cy="19" r="1.6" fill="currentColor" />
              {online ? null : (
                <path
                  d="M3 3l18 18"
                  stroke="currentColor"
                  strokeWidth="2.2"
                  strokeLinecap="round"
                />
              )}
            </svg>
            <p>
              {online ? OFFLINE_TEXTS.sending : OFFLINE_TEXTS.offline}
              {waiting ? ` ${OFFLINE_TEXTS.waiting(waiting)}` : ''}
            </p>
          </div>
        ) : null}
      </div>
      {refused.length ? (
        <div className="container offline-refused">
          {refused.map((w) => (
            <div key={w.id} className="alert alert-error offline-refused-item" role="alert">
              <p>
                <strong>{OFFLINE_TEXTS.refused(w.label)}</strong>{' '}
                {w.status === 409 ? OFFLINE_TEXTS.refusedConflict : (w.message ?? '')}
                {w.status === 409 && w.message ? ` (${w.message})` : ''}
              </p>
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => void dismiss(w.id!)}
              >
                {OFFLINE_TEXTS.dismiss}
              </button>
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}
