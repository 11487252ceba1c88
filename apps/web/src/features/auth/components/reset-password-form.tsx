import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { AUTH_MESSAGES, PASSWORD_RESET_MESSAGES, REDIRECT_AFTER_RESET_MS } from '@club/contract';
import { Field } from '../../../components/ui/field.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { errorMessage } from '../../../lib/http.ts';
import { requestPasswordReset, resetPassword } from '../api/auth-api.ts';
import { NewPasswordFields, newPasswordReady } from './new-password-fields.tsx';
import '../auth.css';

type Result = { tone: 'error' | 'success'; text: string } | null;

/** Step 1 (ARCHITECTURE §5): ask for the e-mail; the server answers the same neutral message. */
export function ResetRequestForm() {
  const [email, setEmail] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [result, setResult] = useState<Result>(null);
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitting(true);
    setResult(null);
    try {
      const res = await requestPasswordReset(email.trim().toLowerCase());
      setResult({ tone: 'success', text: res?.message || AUTH_MESSAGES.resetRequested });
    } catch (err) {
      setResult({ tone: 'error', text: errorMessage(err, PASSWORD_RESET_MESSAGES.failure) });
    } finally {
      setSubmitting(false);
    }
  }
  return (
    <form
      className="form card auth-card"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="reset-title"
    >
      <h1 id="reset-title">{AUTH_MESSAGES.resetRequestTitle}</h1>
      <p className="muted">{AUTH_MESSAGES.resetRequestIntro}</p>
      {result ? <Alert tone={result.tone}>{result.text}</Alert> : null}
      <Field label="Email">
        <input
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          required
        />
      </Field>
      <button type="submit" className="btn" disabled={!email.trim() || submitting}>
        {AUTH_MESSAGES.resetRequestSubmit}
      </button>
      <div className="auth-links">
        <Link to="/connexion">Retour à la connexion</Link>
      </div>
    </form>
  );
}

/** Step 2: the spec's form (email, new password, confirmation, toggles, live checklist), with the token. */
export function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);
  const [result, setResult] = useState<Result>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const canSubmit =
    email.trim() !== '' && newPasswordReady(password, confirmation) && !submitting && !done;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit) return;
    setSubmitting(true);
    setResult(null);
    try {
      const res = await resetPassword({
        email: email.trim().toLowerCase(),
        newPassword: password,
        token,
      });
      setDone(true);
      setResult({ tone: 'success', text: res?.message || PASSWORD_RESET_MESSAGES.success });
      timer.current = setTimeout(() => navigate('/connexion'), REDIRECT_AFTER_RESET_MS);
    } catch (err) {
      setResult({ tone: 'error', text: errorMessage(err, PASSWORD_RESET_MESSAGES.failure) });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form
      className="form card auth-card"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="reset-title"
    >
      <h1 id="reset-title">Réinitialiser le mot de passe</h1>
      {result ? <Alert tone={result.tone}>{result.text}</Alert> : null}
      <Field label="Email">
        <input
          type="email"
          name="email"
          autoComplete="username"
          inputMode="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          required
        />
      </Field>
      <NewPasswordFields
        password={password}
        confirmation={confirmation}
        onPassword={setPassword}
        onConfirmation={setConfirmation}
      />
      <button type="submit" className="btn" disabled={!canSubmit}>
        Mettre à jour le mot de passe
      </button>
      <div className="auth-links">
        <Link to="/mdpOublie">Demander un nouveau lien</Link>
        <Link to="/connexion">Retour à la connexion</Link>
      </div>
    </form>
  );
}
