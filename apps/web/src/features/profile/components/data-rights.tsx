import { useId, useState } from 'react';
import { PRIVACY_MESSAGES, REDIRECT_AFTER_CLUB_DELETION_MS } from '@club/contract';
import { Alert } from '../../../components/ui/alert.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { clearLocalStorageKeepingFingerprint } from '../../../lib/device.ts';
import { HttpError, errorMessage } from '../../../lib/http.ts';
import { leaveLandingNotice } from '../../../lib/landing-notice.ts';
import { useDeleteMyAccount, useDownloadMyData } from '../api/account.ts';
import '../profile.css';

export interface DataRightsProps {
  /** Injected by tests; a full reload to / by default. */
  goHome?: () => void;
}

/**
 * The profile's data rights (docs/privacy.md): download everything the app holds about me and my
 * children (a JSON file), and delete my account with my password, after a confirmation. Once the
 * account is gone the message shows and / reloads.
 */
export function DataRights({ goHome = () => window.location.assign('/') }: DataRightsProps) {
  const titleId = useId();
  const download = useDownloadMyData();
  const remove = useDeleteMyAccount();
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const ask = () => {
    remove.reset();
    if (!password) return setFieldError(PRIVACY_MESSAGES.passwordRequired);
    setFieldError(null);
    setConfirming(true);
  };
  const confirmed = () => {
    setConfirming(false);
    remove.mutate(
      { motDePasse: password },
      {
        onSuccess: () => {
          // The message shows, then / reloads (as after a club's deletion): the reload forgets
          // the signed-in state, the server has already ended the session.
          clearLocalStorageKeepingFingerprint();
          // …and the home page says it again once reloaded.
          leaveLandingNotice(PRIVACY_MESSAGES.accountDeleted);
          setTimeout(goHome, REDIRECT_AFTER_CLUB_DELETION_MS);
        },
        onError: (err) => {
          const field = err instanceof HttpError ? err.fieldErrors.motDePasse : undefined;
          if (field) setFieldError(field);
        },
      },
    );
  };
  const deleteError =
    remove.isError && !fieldError
      ? errorMessage(remove.error, PRIVACY_MESSAGES.deleteFailed)
      : null;

  return (
    <section className="data-rights" aria-labelledby={titleId}>
      <h2 id={titleId}>{PRIVACY_MESSAGES.dataRightsTitle}</h2>
      <p>{PRIVACY_MESSAGES.downloadHint}</p>
      <div>
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => download.mutate()}
          disabled={download.isPending}
        >
          {download.isPending ? 'Préparation…' : PRIVACY_MESSAGES.downloadLabel}
        </button>
      </div>
      {download.isError ? (
        <Alert tone="error">{errorMessage(download.error, PRIVACY_MESSAGES.downloadFailed)}</Alert>
      ) : null}

      <div className="data-rights-delete">
        <h3>{PRIVACY_MESSAGES.deleteAccountLabel}</h3>
        <p>{PRIVACY_MESSAGES.deleteAccountHint}</p>
        <form
          className="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            ask();
          }}
        >
          <Field label={`${PRIVACY_MESSAGES.passwordLabel} *`} error={fieldError}>
            <input
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => {
                setPassword(e.target.value);
                if (fieldError) setFieldError(null);
              }}
            />
          </Field>
          {deleteError ? <Alert tone="error">{deleteError}</Alert> : null}
          {remove.isSuccess ? (
            <Alert tone="success">{PRIVACY_MESSAGES.accountDeleted}</Alert>
          ) : null}
          <div>
            <button
              type="submit"
              className="btn btn-danger"
              disabled={remove.isPending || remove.isSuccess}
            >
              {remove.isPending ? 'Suppression...' : PRIVACY_MESSAGES.deleteAccountLabel}
            </button>
          </div>
        </form>
      </div>
      {confirming ? (
        <ConfirmDialog
          title={PRIVACY_MESSAGES.deleteAccountLabel}
          confirmLabel={PRIVACY_MESSAGES.deleteAccountConfirm}
          onConfirm={confirmed}
          onCancel={() => setConfirming(false)}
        >
          <p>
            Supprimer définitivement votre compte ? Vos données personnelles seront effacées et vous
            serez déconnecté.
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
