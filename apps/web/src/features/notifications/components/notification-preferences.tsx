import { useEffect, useId, useState } from 'react';
import {
  NOTIFICATION_CHANNEL_LABELS,
  NOTIFICATION_KINDS,
  NOTIFICATION_KIND_LABELS,
  PUSH_ONLY_KINDS,
  type NotificationChannel,
  type NotificationKind,
  type TNotificationPreferences,
  type TNotificationPreferencesUpdate,
} from '@club/contract';
import { Button } from '../../../components/ui/button.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { errorMessage } from '../../../lib/http.ts';
import {
  useNotificationPreferences,
  useSaveNotificationPreferences,
} from '../api/notifications.ts';
import {
  disablePush,
  enablePush,
  pushState,
  pushSupported,
  PushRefusedError,
  type PushState,
} from '../api/push.ts';
import { NOTIFICATION_TEXTS } from '../texts.ts';
import '../notifications.css';
import { LoadError } from '../../../components/ui/load-error.tsx';

/** The preferences with a pending change applied, so that a box shows its new value at once. */
function withChange(
  prefs: TNotificationPreferences,
  change: TNotificationPreferencesUpdate | null,
): TNotificationPreferences {
  if (!change) return prefs;
  const canaux = structuredClone(prefs.canaux);
  for (const kind of NOTIFICATION_KINDS) Object.assign(canaux[kind], change.canaux?.[kind] ?? {});
  return { emails: change.emails ?? prefs.emails, canaux };
}

/**
 * The profile's 'Notifications' section: the e-mail master switch (the one the unsubscribe link
 * turns off), each kind on each channel, and this device's Web Push subscription. Each change is
 * saved at once. Invitations and password resets are not notifications: they are always sent.
 */
export function NotificationPreferences() {
  const prefs = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  const titleId = useId();
  const hintId = useId();
  // The change just made, shown from the click itself (the mutation's state reaches the
  // component a tick later, which would flash the old value).
  const [pending, setPending] = useState<TNotificationPreferencesUpdate | null>(null);
  const change = (update: TNotificationPreferencesUpdate) => {
    setPending(update);
    save.mutate(update, { onSettled: () => setPending(null) });
  };

  let body;
  if (prefs.isPending) body = <Loading label="Chargement des préférences…" />;
  else if (prefs.isError)
    body = (
      <LoadError
        message={errorMessage(prefs.error, NOTIFICATION_TEXTS.loadFailed)}
        onRetry={() => prefs.refetch()}
        retrying={prefs.isFetching}
      />
    );
  else {
    const shown = withChange(prefs.data, pending ?? (save.isPending ? save.variables : null));
    const box = (kind: NotificationKind, channel: NotificationChannel) => (
      <input
        type="checkbox"
        checked={shown.canaux[kind][channel]}
        disabled={channel === 'email' && !shown.emails}
        aria-label={`${NOTIFICATION_KIND_LABELS[kind]} : ${NOTIFICATION_CHANNEL_LABELS[channel]}`}
        onChange={(e) => change({ canaux: { [kind]: { [channel]: e.target.checked } } })}
      />
    );
    body = (
      <>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={shown.emails}
            aria-describedby={hintId}
            onChange={(e) => change({ emails: e.target.checked })}
          />{' '}
          {NOTIFICATION_TEXTS.checkbox}
        </label>
        <p id={hintId} className="field-hint">
          Convocations aux matchs, rappels avant la date limite de réponse, annonces et
          récapitulatifs pour les entraîneurs. {NOTIFICATION_TEXTS.alwaysSent}
        </p>
        <table className="notification-kinds">
          <caption>{NOTIFICATION_TEXTS.kindsCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{NOTIFICATION_TEXTS.kindColumn}</th>
              <th scope="col">{NOTIFICATION_CHANNEL_LABELS.email}</th>
              <th scope="col">{NOTIFICATION_CHANNEL_LABELS.push}</th>
            </tr>
          </thead>
          <tbody>
            {NOTIFICATION_KINDS.map((kind) => (
              <tr key={kind}>
                <th scope="row">{NOTIFICATION_KIND_LABELS[kind]}</th>
                <td>
                  {PUSH_ONLY_KINDS.includes(kind) ? (
                    // Told on the devices only (decision 0140): no e-mail box to tick.
                    <span className="notification-kind-box">
                      <span aria-hidden="true">—</span>
                      <span className="visually-hidden">Pas d’e-mail</span>
                    </span>
                  ) : (
                    <label className="notification-kind-box">{box(kind, 'email')}</label>
                  )}
                </td>
                <td>
                  <label className="notification-kind-box">{box(kind, 'push')}</label>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {save.isError ? (
          <div className="field-error" role="alert">
            {errorMessage(save.error, NOTIFICATION_TEXTS.saveFailed)}
          </div>
        ) : null}
        <DevicePush />
      </>
    );
  }
  return (
    <section className="notification-preferences" aria-labelledby={titleId}>
      <h2 id={titleId}>{NOTIFICATION_TEXTS.sectionTitle}</h2>
      {body}
      <div role="status" aria-live="polite" className="notification-preferences-status">
        {save.isSuccess ? NOTIFICATION_TEXTS.saved : ''}
      </div>
    </section>
  );
}

/** This device: turn its Web Push subscription on or off. */
function DevicePush() {
  // Known at once when push is unsupported or blocked; else read from the service worker.
  const [state, setState] = useState<PushState | null>(() =>
    !pushSupported() ? 'unsupported' : Notification.permission === 'denied' ? 'denied' : null,
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();
  useEffect(() => {
    let live = true;
    pushState().then(
      (s) => live && setState(s),
      () => live && setState('unsupported'),
    );
    return () => {
      live = false;
    };
  }, []);
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (err) {
      setError(
        err instanceof PushRefusedError
          ? NOTIFICATION_TEXTS.deviceDenied
          : errorMessage(err, NOTIFICATION_TEXTS.deviceFailed),
      );
    } finally {
      setState(await pushState().catch(() => 'unsupported' as const));
      setBusy(false);
    }
  };
  // While the subscription is read, its 'off' layout keeps the room, invisible (no layout shift
  // of the sections under it when the answer comes).
  const shown = state ?? 'off';
  return (
    <div
      className={state === null ? 'notification-device is-pending' : 'notification-device'}
      aria-labelledby={titleId}
      role="group"
      {...(state === null ? { inert: true, 'aria-hidden': true } : {})}
    >
      <h3 id={titleId}>{NOTIFICATION_TEXTS.deviceTitle}</h3>
      {shown === 'unsupported' ? (
        <p className="muted">{NOTIFICATION_TEXTS.deviceUnsupported}</p>
      ) : shown === 'denied' ? (
        <p className="muted">{NOTIFICATION_TEXTS.deviceDenied}</p>
      ) : (
        <>
          <p className="muted">
            {shown === 'on' ? NOTIFICATION_TEXTS.deviceOn : NOTIFICATION_TEXTS.deviceOff}
          </p>
          <Button
            variant={shown === 'on' ? 'secondary' : 'primary'}
            disabled={busy || state === null}
            onClick={() => void run(shown === 'on' ? disablePush : enablePush)}
          >
            {shown === 'on' ? NOTIFICATION_TEXTS.deviceDisable : NOTIFICATION_TEXTS.deviceEnable}
          </Button>
        </>
      )}
      {error ? (
        <div className="field-error" role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}
