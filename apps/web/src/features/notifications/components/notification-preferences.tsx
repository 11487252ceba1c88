import { useId, useState } from 'react';
import { Loading } from '../../../components/ui/loading.tsx';
import { errorMessage } from '../../../lib/http.ts';
import {
  useNotificationPreferences,
  useSaveNotificationPreferences,
} from '../api/notifications.ts';
import { NOTIFICATION_TEXTS } from '../texts.ts';
import '../notifications.css';

/**
 * The profile's 'Notifications' section (issue 13): one checkbox, saved as soon as it changes.
 * Invitations and password resets are not notifications: they are always sent.
 */
export function NotificationPreferences() {
  const prefs = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  const titleId = useId();
  const hintId = useId();
  // The value just chosen, shown from the click itself (the mutation's state reaches the
  // component a tick later, which would flash the old value).
  const [chosen, setChosen] = useState<boolean | null>(null);

  let body;
  if (prefs.isPending) body = <Loading label="Chargement des préférences…" />;
  else if (prefs.isError)
    body = (
      <div className="field-error" role="alert">
        {errorMessage(prefs.error, NOTIFICATION_TEXTS.loadFailed)}
      </div>
    );
  else {
    // While saving, the box shows the value being saved.
    const checked = chosen ?? (save.isPending ? save.variables.emails : prefs.data.emails);
    body = (
      <>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={checked}
            aria-describedby={hintId}
            onChange={(e) => {
              const emails = e.target.checked;
              setChosen(emails);
              save.mutate({ emails }, { onSettled: () => setChosen(null) });
            }}
          />{' '}
          {NOTIFICATION_TEXTS.checkbox}
        </label>
        <p id={hintId} className="field-hint">
          Convocations aux matchs, rappels avant la date limite de réponse et récapitulatifs pour
          les entraîneurs. {NOTIFICATION_TEXTS.alwaysSent}
        </p>
        {save.isError ? (
          <div className="field-error" role="alert">
            {errorMessage(save.error, NOTIFICATION_TEXTS.saveFailed)}
          </div>
        ) : null}
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
