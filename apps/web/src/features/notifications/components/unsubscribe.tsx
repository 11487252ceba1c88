import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { errorMessage } from '../../../lib/http.ts';
import { useUnsubscribe } from '../api/notifications.ts';
import { NOTIFICATION_TEXTS } from '../texts.ts';
import '../notifications.css';

/**
 * /notifications/desabonnement?jeton=… (decision 0026): the footer link of every notification
 * e-mail. Opening it changes nothing (link scanners open links too); the button does.
 */
export function Unsubscribe({ jeton }: { jeton: string }) {
  const unsubscribe = useUnsubscribe(jeton);
  const titleId = useId();
  const done = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (unsubscribe.isSuccess) done.current?.focus();
  }, [unsubscribe.isSuccess]);

  let body;
  if (!jeton) {
    body = <Alert tone="error">{NOTIFICATION_TEXTS.invalidLink}</Alert>;
  } else if (unsubscribe.isSuccess) {
    body = (
      <div ref={done} tabIndex={-1} className="unsubscribe-done">
        <Alert tone="success">{NOTIFICATION_TEXTS.unsubscribed}</Alert>
        <p>{NOTIFICATION_TEXTS.alwaysSent}</p>
        <p>
          Vous pouvez les réactiver à tout moment dans votre profil, rubrique « Notifications » :{' '}
          <Link to="/profil">ouvrir mon profil</Link>.
        </p>
      </div>
    );
  } else {
    body = (
      <>
        <p>{NOTIFICATION_TEXTS.unsubscribeIntro}</p>
        <p className="muted">{NOTIFICATION_TEXTS.alwaysSent}</p>
        {unsubscribe.isError ? (
          <Alert tone="error">
            {errorMessage(unsubscribe.error, NOTIFICATION_TEXTS.unsubscribeFailed)}
          </Alert>
        ) : null}
        <div className="actions">
          <button
            type="button"
            className="btn"
            disabled={unsubscribe.isPending}
            onClick={() => unsubscribe.mutate()}
          >
            {unsubscribe.isPending ? 'Enregistrement…' : NOTIFICATION_TEXTS.unsubscribeButton}
          </button>
        </div>
      </>
    );
  }
  return (
    <section className="card notifications-card" aria-labelledby={titleId}>
      <h1 id={titleId}>{NOTIFICATION_TEXTS.unsubscribeTitle}</h1>
      {body}
    </section>
  );
}
