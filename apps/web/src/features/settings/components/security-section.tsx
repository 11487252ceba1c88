import { lazy, Suspense, useState } from 'react';
import { SETTINGS_MESSAGES } from '@club/contract';
import { Alert } from '../../../components/ui/alert.tsx';
import { useFlash } from '../hooks/use-flash.ts';

// The password form (react-hook-form, zod) loads when it opens
// (docs/decisions/0091-signed-in-javascript-budget.md).
const PasswordModal = lazy(() =>
  import('./password-modal.tsx').then((m) => ({ default: m.PasswordModal })),
);

/** Privacy and security (spec §2): the password change, in a modal. */
export function SecuritySection({ email }: { email: string | null | undefined }) {
  const [open, setOpen] = useState(false);
  const { flash, show, clear } = useFlash();
  return (
    <div className="settings-stack">
      <p>
        Changez votre mot de passe. Vos autres sessions (autres appareils, autres navigateurs)
        seront fermées.
      </p>
      <div>
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => {
            // A new attempt: the last one's message goes.
            clear();
            if (email) setOpen(true);
            else show('error', SETTINGS_MESSAGES.emailUnavailable);
          }}
        >
          Changer le mot de passe
        </button>
      </div>
      {flash ? <Alert tone={flash.tone}>{flash.text}</Alert> : null}
      {/* Nothing shows until the form's code is here: the dialog then opens with the focus in it. */}
      <Suspense fallback={null}>
        {open ? (
          <PasswordModal
            onClose={() => setOpen(false)}
            onChanged={() => {
              setOpen(false);
              show('success', SETTINGS_MESSAGES.passwordUpdated);
            }}
          />
        ) : null}
      </Suspense>
    </div>
  );
}
