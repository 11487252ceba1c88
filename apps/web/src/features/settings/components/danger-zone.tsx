import { useId, useState } from 'react';
import {
  CLUB_DELETION_WORD,
  PRIVACY_MESSAGES,
  REDIRECT_AFTER_CLUB_DELETION_MS,
  SETTINGS_MESSAGES,
  STORAGE_KEYS,
} from '@club/contract';
import { Alert } from '../../../components/ui/alert.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { HttpError } from '../../../lib/http.ts';
import { useDeleteClub } from '../api/club.ts';

export interface DangerZoneProps {
  clubId: number | undefined;
  clubName: string;
  /** Injected by tests; a full reload to / by default. */
  goHome?: () => void;
}

/**
 * Club deletion (spec §2, §4, §9), shown to the DIRIGEANT only: the acknowledgement box and the
 * word SUPPRIMER (upper-cased as typed), the DIRIGEANT's password (re-authentication,
 * docs/privacy.md), then a confirmation dialog (no window.confirm). On success the local token and
 * fingerprint go, 'Club supprimé définitivement.' shows, and / reloads after 800 ms.
 */
export function DangerZone({
  clubId,
  clubName,
  goHome = () => window.location.assign('/'),
}: DangerZoneProps) {
  const remove = useDeleteClub(clubId);
  const ackId = useId();
  const wordId = useId();
  const passwordId = useId();
  const passwordErrorId = useId();
  const [ack, setAck] = useState(false);
  const [word, setWord] = useState('');
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const ready = ack && word === CLUB_DELETION_WORD;
  const [confirming, setConfirming] = useState(false);

  const submit = () => {
    if (!clubId) return setMessage({ tone: 'error', text: SETTINGS_MESSAGES.clubIdMissing });
    if (!ready) return setMessage({ tone: 'error', text: SETTINGS_MESSAGES.confirmDeletionFirst });
    if (!password) {
      setMessage(null);
      return setPasswordError(PRIVACY_MESSAGES.passwordRequired);
    }
    setConfirming(true);
  };
  const confirmed = () => {
    setConfirming(false);
    setMessage(null);
    remove.mutate(
      { motDePasse: password },
      {
        onSuccess: () => {
          try {
            localStorage.removeItem(STORAGE_KEYS.token);
            localStorage.removeItem(STORAGE_KEYS.deviceFingerprint);
          } catch {
            /* storage unavailable */
          }
          setMessage({ tone: 'success', text: SETTINGS_MESSAGES.clubDeleted });
          setTimeout(goHome, REDIRECT_AFTER_CLUB_DELETION_MS);
        },
        onError: (err) => {
          const field = err instanceof HttpError ? err.fieldErrors.motDePasse : undefined;
          if (field) return setPasswordError(field);
          setMessage({
            tone: 'error',
            text:
              err instanceof HttpError && [403, 429].includes(err.status) && err.serverMessage
                ? err.serverMessage
                : SETTINGS_MESSAGES.deleteFailed,
          });
        },
      },
    );
  };

  return (
    <div className="danger-zone">
      <h3>Zone de danger</h3>
      <p>
        La suppression du club efface définitivement ses membres, équipes, événements, matches et
        convocations. Cette action est irréversible.
      </p>
      <label className="checkbox" htmlFor={ackId}>
        <input
          id={ackId}
          type="checkbox"
          checked={ack}
          onChange={(e) => setAck(e.target.checked)}
        />
        Je comprends que cette suppression est définitive.
      </label>
      <div className="field">
        <label htmlFor={wordId}>Tapez {CLUB_DELETION_WORD} pour confirmer</label>
        <input
          id={wordId}
          value={word}
          onChange={(e) => setWord(e.target.value.toUpperCase())}
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="characters"
        />
      </div>
      <div className="field">
        <label htmlFor={passwordId}>Votre mot de passe *</label>
        <input
          id={passwordId}
          type="password"
          autoComplete="current-password"
          value={password}
          aria-invalid={passwordError ? true : undefined}
          aria-describedby={passwordError ? passwordErrorId : undefined}
          onChange={(e) => {
            setPassword(e.target.value);
            setPasswordError(null);
          }}
        />
        {passwordError ? (
          <div id={passwordErrorId} className="field-error" role="alert">
            {passwordError}
          </div>
        ) : null}
      </div>
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      <div>
        <button
          type="button"
          className="btn btn-danger"
          onClick={submit}
          disabled={remove.isPending || remove.isSuccess}
        >
          {remove.isPending ? 'Suppression...' : 'Supprimer le club'}
        </button>
      </div>
      {confirming ? (
        <ConfirmDialog
          title="Supprimer le club"
          confirmLabel="Supprimer définitivement"
          onConfirm={confirmed}
          onCancel={() => setConfirming(false)}
        >
          <p>Supprimer définitivement le club « {clubName} » et toutes ses données ?</p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
