import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  LOGIN_MESSAGES,
  ZLoginBodySchema,
  isStrongPassword,
  loginCooldownSeconds,
  tooManyRequestsCooldownSeconds,
} from '@club/contract';
import { Field } from '../../../components/ui/field.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { HttpError } from '../../../lib/http.ts';
import { fetchCurrentMember } from '../../../lib/session.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { login } from '../api/auth-api.ts';
import { homeFor, safeRedirect } from '../redirect.ts';
import { useLoginCooldown } from '../hooks/use-login-cooldown.ts';
import '../auth.css';

/**
 * The login form's fields: the contract's login body, plus the spec's password rule (spec §5
 * "Login"), which the server does not apply to a login.
 */
export const ZLoginFormSchema = ZLoginBodySchema.pick({ email: true, password: true }).extend({
  password: ZLoginBodySchema.shape.password.refine(isStrongPassword, {
    error: LOGIN_MESSAGES.passwordRule,
  }),
});

/**
 * The login form of spec §4/§5/§8: validation on blur then on change, cooldowns, 429, redirect by
 * role — or back to the deep link that led here (the guard's router state, or `?redirect=`).
 */
export function LoginForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const cameFrom =
    safeRedirect((location.state as { from?: unknown } | null)?.from) ??
    safeRedirect(searchParams.get('redirect'));
  const queryClient = useQueryClient();
  const form = useZodForm(ZLoginFormSchema, { defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting: submitting } = form.formState;
  const [message, setMessage] = useState<string | null>(null);
  const [failures, setFailures] = useState(0);
  const cooldown = useLoginCooldown();

  const [email, password] = form.watch(['email', 'password']);
  const canSubmit =
    email.trim() !== '' &&
    password !== '' &&
    !errors.email &&
    !errors.password &&
    !cooldown.active &&
    !submitting;

  const onSubmit = form.handleSubmit(async (values) => {
    if (cooldown.active) return;
    setMessage(null);
    try {
      await login(values.email, values.password);
    } catch (err) {
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
        queryKey: queryKeys.session.currentMember,
        queryFn: fetchCurrentMember,
        staleTime: 0,
      });
      setFailures(0);
      cooldown.reset();
      const target = homeFor(member);
      if ('error' in target) {
        setMessage(target.error);
        return;
      }
      navigate(cameFrom ?? target.path, { replace: true });
    } catch {
      setMessage(LOGIN_MESSAGES.networkOrServer);
    }
  });

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
      <Field label="Email" error={errors.email?.message}>
        <input
          type="email"
          autoComplete="username"
          inputMode="email"
          disabled={cooldown.active}
          {...form.register('email')}
        />
      </Field>
      <Field label="Mot de passe" error={errors.password?.message}>
        <input
          type="password"
          autoComplete="current-password"
          disabled={cooldown.active}
          {...form.register('password')}
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
