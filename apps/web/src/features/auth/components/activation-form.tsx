import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { AUTH_MESSAGES, REDIRECT_AFTER_RESET_MS, STATE_MESSAGES } from '@club/contract';
import { Alert } from '../../../components/ui/alert.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import {
  NewPasswordFields,
  newPasswordFormSchema,
  newPasswordReady,
} from '../../../components/password/new-password-fields.tsx';
import { errorMessage } from '../../../lib/http.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { applyApiError } from '../../../lib/form-errors.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { activateInvitation, invitationInfo } from '../api/auth-api.ts';
import '../auth.css';

/** The password and its confirmation; sent as the contract's `password` with the token. */
const ZActivationFormSchema = newPasswordFormSchema({});

/** /activation?token=…: the invited member chooses a password (same rules as everywhere). */
export function ActivationForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const info = useQuery({
    queryKey: queryKeys.invitation(token),
    queryFn: () => invitationInfo(token),
    retry: false,
    enabled: token !== '',
  });
  const form = useZodForm(ZActivationFormSchema, {
    defaultValues: { newPassword: '', confirmation: '' },
  });
  const submitting = form.formState.isSubmitting;
  const [password, confirmation] = form.watch(['newPassword', 'confirmation']);
  const [done, setDone] = useState(false);
  const [result, setResult] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  if (!token || info.isError) {
    return (
      <div className="card auth-card">
        <h1>Activer mon compte</h1>
        <Alert tone="error">
          {token
            ? errorMessage(info.error, AUTH_MESSAGES.invitationInvalid)
            : AUTH_MESSAGES.invitationInvalid}
        </Alert>
        <div className="auth-links">
          <Link to="/connexion">Aller à la connexion</Link>
        </div>
      </div>
    );
  }
  if (info.isPending) return <Loading />;

  const canSubmit = newPasswordReady(password, confirmation) && !submitting && !done;
  const onSubmit = form.handleSubmit(async ({ newPassword }) => {
    setResult(null);
    try {
      const res = await activateInvitation({ token, password: newPassword });
      setDone(true);
      setResult({ tone: 'success', text: res?.message || AUTH_MESSAGES.activated });
      timer.current = setTimeout(
        () => navigate('/connexion', { state: { notice: STATE_MESSAGES.activated } }),
        REDIRECT_AFTER_RESET_MS,
      );
    } catch (err) {
      const text = applyApiError(form.setError, err, {
        fields: ['newPassword'],
        aliases: { password: 'newPassword' },
        fallback: AUTH_MESSAGES.invitationInvalid,
      });
      setResult({ tone: 'error', text });
    }
  });
  const { prenom, nom, nomClub, email, compteExistant } = info.data;
  return (
    <form
      className="form card auth-card"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="activation-title"
    >
      <h1 id="activation-title">Activer mon compte</h1>
      {compteExistant ? (
        // The e-mail already has an account in another club (decision 0112): its password.
        <p>
          Bonjour {prenom} {nom}, vous avez déjà un compte avec l’adresse <strong>{email}</strong>
          {'\u00a0'}: indiquez son mot de passe pour rejoindre aussi <strong>{nomClub}</strong>.
        </p>
      ) : (
        <p>
          Bonjour {prenom} {nom}, choisissez votre mot de passe pour rejoindre{' '}
          <strong>{nomClub}</strong>. Vous vous connecterez avec l’adresse <strong>{email}</strong>.
        </p>
      )}
      {result ? <Alert tone={result.tone}>{result.text}</Alert> : null}
      <NewPasswordFields form={form} label="Mot de passe" disabled={done} />
      <button type="submit" className="btn" disabled={!canSubmit}>
        Activer mon compte
      </button>
    </form>
  );
}
