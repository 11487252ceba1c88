import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  EMAIL_PATTERN,
  LOGIN_MESSAGES,
  isStrongPassword,
  loginCooldownSeconds,
  tooManyRequestsCooldownSeconds,
} from '@club/contract';
import { Field } from '../../../components/ui/field.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { HttpError } from '../../../lib/http.ts';
import { currentMemberKey, fetchCurrentMember } from '../../../lib/session.ts';
import { login } from '../api/auth-api.ts';
import { homeFor } from '../redirect.ts';
import { useLoginCooldown } from '../hooks/use-login-cooldown.ts';
import '../auth.css';

type Fields = 'email' | 'password';

export function validateLoginField(field: Fields, value: string): string | null {
  if (field === 'email') {
    const v = value.trim();
    if (!v) return LOGIN_MESSAGES.emailRequired;
    return EMAIL_PATTERN.test(v) ? null : LOGIN_MESSAGES.emailInvalid;
  }
  if (!value) return LOGIN_MESSAGES.passwordRequired;
  return isStrongPassword(value) ? null : LOGIN_MESSAGES.passwordRule;
}

/** The login form of spec §4/§5/§8: validation on blur then on change, cooldowns, 429, redirect by role. */
export function LoginForm() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Record<Fields, string>>({ email: '', password: '' });
  const [errors, setErrors] = useState<Record<Fields, string | null>>({
    email: null,
    password: null,
  });
  const [submitting, setSubmitting] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [failures, setFailures] = useState(0);
  const cooldown = useLoginCooldown();

  const change = (field: Fields, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    // Once an error shows, the field is re-validated on every change.
    if (errors[field]) setErrors((e) => ({ ...e, [field]: validateLoginField(field, value) }));
  };
  const blur = (field: Fields) =>
    setErrors((e) => ({ ...e, [field]: validateLoginField(field, values[field]) }));

  const canSubmit =
    values.email.trim() !== '' &&
    values.password !== '' &&
    !errors.email &&
    !errors.password &&
    !cooldown.active &&
    !submitting;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const next = {
      email: validateLoginField('email', values.email),
      password: validateLoginField('password', values.password),
    };
    setErrors(next);
    if (next.email || next.password || !canSubmit) return;
    setSubmitting(true);
    setMessage(null);
    try {
      await login(values.email.trim(), values.password);
    } catch (err) {
      setSubmitting(false);
      if (err instanceof HttpError && err.status === 401) {
        const count = failures + 1;
        setFailures(count);
        setMessage(LOGIN_MESSAGES.badCredentials);
        cooldown.start(loginCooldownSeconds(count));
      } else if (err instanceof HttpError && err.status === 429) {
        setMessage(LOGIN_MESSAGES.tooManyAttempts);
        cooldown.start(
          tooManyRequestsCooldownSeconds(
            {
              retryAfter: err.headers?.get('retry-after'),
              rateLimitRetryAfter: err.headers?.get('x-rate-limit-retry-after-seconds'),
            },
            failures,
          ),
        );
      } else {
        setMessage(LOGIN_MESSAGES.networkOrServer);
      }
      return;
    }
    try {
      const member = await queryClient.fetchQuery({
        queryKey: currentMemberKey,
        queryFn: fetchCurrentMember,
        staleTime: 0,
      });
      setFailures(0);
      cooldown.reset();
      const target = homeFor(member);
      if ('error' in target) {
        setMessage(target.error);
        setSubmitting(false);
        return;
      }
      navigate(target.path, { replace: true });
    } catch {
      setSubmitting(false);
      setMessage(LOGIN_MESSAGES.networkOrServer);
    }
  }

  return (
    <form
      className="form card auth-card"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="login-title"
    >
      <h1 id="login-title">Se connecter</h1>
      {message ? <Alert tone="error">{message}</Alert> : null}
      {cooldown.active ? (
        <Alert tone="warning" className="cooldown-box">
          {LOGIN_MESSAGES.cooldown(cooldown.remaining)}
        </Alert>
      ) : null}
      <Field label="Email" error={errors.email}>
        <input
          type="email"
          name="email"
          autoComplete="username"
          inputMode="email"
          value={values.email}
          disabled={cooldown.active}
          onChange={(e) => change('email', e.target.value)}
          onBlur={() => blur('email')}
        />
      </Field>
      <Field label="Mot de passe" error={errors.password}>
        <input
          type="password"
          name="password"
          autoComplete="current-password"
          value={values.password}
          disabled={cooldown.active}
          onChange={(e) => change('password', e.target.value)}
          onBlur={() => blur('password')}
        />
      </Field>
      <button type="submit" className="btn" disabled={!canSubmit}>
        {submitting ? LOGIN_MESSAGES.submitting : 'Se connecter'}
      </button>
      <div className="auth-links">
        <Link to="/mdpOublie">Mot de passe oublié ?</Link>
        <Link to="/inscrireClub">Inscrire un club</Link>
      </div>
    </form>
  );
}
