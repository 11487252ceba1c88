import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  AUTH_MESSAGES,
  PASSWORD_RESET_MESSAGES,
  REDIRECT_AFTER_RESET_MS,
  ZForgotPasswordBodySchema,
  ZResetPasswordBodySchema,
} from '@club/contract';
import { Field } from '../../../components/ui/field.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import {
  NewPasswordFields,
  newPasswordFormSchema,
  newPasswordReady,
} from '../../../components/password/new-password-fields.tsx';
import { applyApiError } from '../../../lib/form-errors.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { requestPasswordReset, resetPassword } from '../api/auth-api.ts';
import '../auth.css';

type Result = { tone: 'error' | 'success'; text: string } | null;

/**
 * Step 1 (docs/architecture.md §6): ask for the e-mail; the server answers the same neutral
 * message.
 */
export function ResetRequestForm() {
  const form = useZodForm(ZForgotPasswordBodySchema, { defaultValues: { email: '' } });
  const { errors, isSubmitting } = form.formState;
  const [result, setResult] = useState<Result>(null);
  const onSubmit = form.handleSubmit(async ({ email }) => {
    setResult(null);
    try {
      const res = await requestPasswordReset(email);
      setResult({ tone: 'success', text: res?.message || AUTH_MESSAGES.resetRequested });
    } catch (err) {
      const text = applyApiError(form.setError, err, {
        fields: ['email'],
        fallback: PASSWORD_RESET_MESSAGES.failure,
      });
      setResult({ tone: 'error', text });
    }
  });
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
      <Field label="Email" error={errors.email?.message}>
        <input
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          {...form.register('email')}
        />
      </Field>
      <button type="submit" className="btn" disabled={!form.watch('email').trim() || isSubmitting}>
        {AUTH_MESSAGES.resetRequestSubmit}
      </button>
      <div className="auth-links">
        <Link to="/connexion">Retour à la connexion</Link>
      </div>
    </form>
  );
}

/** The reset form: the contract's e-mail, the reset page's password rules, the confirmation. */
const ZResetFormSchema = newPasswordFormSchema(
  ZResetPasswordBodySchema.pick({ email: true }).shape,
);

/** Step 2: the spec's form (email, new password, confirmation, toggles, live checklist), with the token. */
export function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const form = useZodForm(ZResetFormSchema, {
    defaultValues: { email: '', newPassword: '', confirmation: '' },
  });
  const { isSubmitting, errors } = form.formState;
  const [done, setDone] = useState(false);
  const [result, setResult] = useState<Result>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  // Spec §4: submit disabled until an email is present, the 5 rules pass and the confirmation matches.
  const [email, password, confirmation] = form.watch(['email', 'newPassword', 'confirmation']);
  const canSubmit =
    email.trim() !== '' && newPasswordReady(password, confirmation) && !isSubmitting && !done;

  const onSubmit = form.handleSubmit(async ({ email, newPassword }) => {
    setResult(null);
    try {
      const res = await resetPassword({ email, newPassword, token });
      setDone(true);
      setResult({ tone: 'success', text: res?.message || PASSWORD_RESET_MESSAGES.success });
      timer.current = setTimeout(() => navigate('/connexion'), REDIRECT_AFTER_RESET_MS);
    } catch (err) {
      const text = applyApiError(form.setError, err, {
        fields: ['email', 'newPassword'],
        fallback: PASSWORD_RESET_MESSAGES.failure,
      });
      setResult({ tone: 'error', text });
    }
  });

  return (
    <form
      className="form card auth-card"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="reset-title"
    >
      <h1 id="reset-title">Réinitialiser le mot de passe</h1>
      {result ? <Alert tone={result.tone}>{result.text}</Alert> : null}
      <Field label="Email" error={errors.email?.message}>
        <input
          type="email"
          autoComplete="username"
          inputMode="email"
          required
          {...form.register('email')}
        />
      </Field>
      <NewPasswordFields form={form} />
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
