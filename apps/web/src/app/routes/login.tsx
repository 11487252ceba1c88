import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { STATE_MESSAGES } from '@club/contract';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { LoginForm } from '../../features/auth/components/login-form.tsx';

/** The notices a page may hand to /connexion in the router state (logout, registration, activation). */
const NOTICES: readonly string[] = [
  STATE_MESSAGES.loggedOut,
  STATE_MESSAGES.registered,
  STATE_MESSAGES.activated,
];

/**
 * /connexion. A notice handed over in the router state ('Vous êtes déconnecté.') shows above the
 * form until the form is sent; it is taken out of the history entry, so a reload does not bring
 * it back (the deep link the state may also hold stays).
 */
export default function LoginPage() {
  useDocumentTitle('Se connecter');
  const location = useLocation();
  const navigate = useNavigate();
  const state = location.state as { notice?: unknown; from?: unknown } | null;
  const handed = typeof state?.notice === 'string' && NOTICES.includes(state.notice);
  const [notice, setNotice] = useState<string | null>(handed ? (state!.notice as string) : null);
  useEffect(() => {
    if (!handed) return;
    const { notice: _shown, ...rest } = state!;
    void navigate(`${location.pathname}${location.search}${location.hash}`, {
      replace: true,
      state: Object.keys(rest).length ? rest : null,
    });
  }, [handed, state, navigate, location.pathname, location.search, location.hash]);
  return (
    <main id="contenu" className="container page" onSubmitCapture={() => setNotice(null)}>
      {notice ? (
        <Alert tone="info" className="login-notice">
          {notice}
        </Alert>
      ) : null}
      <LoginForm />
    </main>
  );
}
