import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useController } from 'react-hook-form';
import { z } from 'zod';
import {
  CLUB_NAME_MAX_LENGTH,
  GENRE_OPTIONS,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  REDIRECT_AFTER_REGISTRATION_MS,
  REGISTRATION_MESSAGES,
  STATE_MESSAGES,
  SPORTS,
  ZNewPasswordSchema,
  ZRegistrationBodySchema,
  failedPasswordRules,
  type PasswordRule,
} from '@club/contract';
import { Field } from '../../../components/ui/field.tsx';
import { DateInput } from '../../../components/ui/date-input.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { applyApiError } from '../../../lib/form-errors.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { clubExists, emailExists, registerClub } from '../api/auth-api.ts';
import '../auth.css';

const PASSWORD_PARTS: Record<PasswordRule, string> = {
  length: 'au moins 12 caractères',
  uppercase: '1 majuscule',
  lowercase: '1 minuscule',
  digit: '1 chiffre',
  special: '1 caractère spécial',
};
const PART_ORDER: PasswordRule[] = ['length', 'uppercase', 'lowercase', 'digit', 'special'];

/** The registration password message, listing only what is missing (spec §5). */
export function registrationPasswordMessage(password: string): string | null {
  const failed = new Set(failedPasswordRules(password));
  if (password.length > PASSWORD_MAX_LENGTH)
    return `Le mot de passe ne doit pas dépasser ${PASSWORD_MAX_LENGTH} caractères.`;
  if (failed.size === 0) return null;
  const parts = PART_ORDER.filter((p) => failed.has(p)).map((p) => PASSWORD_PARTS[p]);
  return `Le mot de passe doit contenir ${parts.join(', ')}.`;
}

/**
 * A field checked by the contract's rule once it has text. An empty field shows no error under it:
 * the spec's 'Veuillez remplir tous les champs du formulaire.' is the form's message on submit.
 */
const checkedWhenFilled = (rule: z.ZodType) =>
  z.string().superRefine((value, ctx) => {
    if (!value.trim()) return;
    const parsed = rule.safeParse(value);
    if (!parsed.success) ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]!.message });
  });

const body = ZRegistrationBodySchema.shape;
/** The registration fields as the form checks them, from the contract's registration body. */
export const ZRegistrationFormSchema = z.object({
  nom: checkedWhenFilled(body.nom),
  prenom: checkedWhenFilled(body.prenom),
  email: body.email,
  password: checkedWhenFilled(
    z
      .string()
      .superRefine((password, ctx) => {
        const message = registrationPasswordMessage(password);
        if (message) ctx.addIssue({ code: 'custom', message });
      })
      .pipe(ZNewPasswordSchema),
  ),
  dateNaissance: checkedWhenFilled(body.dateNaissance),
  nomClub: checkedWhenFilled(body.nomClub),
  sportNom: checkedWhenFilled(body.sportNom),
  genre: checkedWhenFilled(body.genre),
});
type Values = z.input<typeof ZRegistrationFormSchema>;
type Name = keyof Values;
const NAMES = Object.keys(ZRegistrationFormSchema.shape) as Name[];
const EMPTY = Object.fromEntries(NAMES.map((k) => [k, ''])) as Values;
type Unique = 'email' | 'nomClub';

/** /inscrireClub: the eight fields and every rule and message of spec §5 and §8. */
export function RegisterClubForm() {
  const navigate = useNavigate();
  const form = useZodForm(ZRegistrationFormSchema, { defaultValues: EMPTY });
  const { errors } = form.formState;
  const birthDate = useController({ name: 'dateNaissance', control: form.control });
  const [taken, setTaken] = useState<Record<Unique, boolean>>({ email: false, nomClub: false });
  const [checking, setChecking] = useState(0);
  const [submitting, setSubmitting] = useState(false);
  const [result, setResult] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const submittingRef = useRef(false);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (redirectTimer.current) clearTimeout(redirectTimer.current);
    },
    [],
  );

  // The latest uniqueness check of each field: submit waits for one still running for the same value.
  const pending = useRef<
    Partial<Record<Unique, { value: string; result: Promise<boolean | null> }>>
  >({});
  function check(name: Unique, value: string) {
    setChecking((c) => c + 1);
    const result = (async () => {
      try {
        const exists = name === 'email' ? await emailExists(value) : await clubExists(value);
        if (pending.current[name]?.value === value) setTaken((t) => ({ ...t, [name]: exists }));
        return exists;
      } catch (err) {
        // A failed check is only logged (spec §5).
        console.warn('vérification d’unicité impossible', err);
        return null;
      } finally {
        setChecking((c) => c - 1);
      }
    })();
    pending.current[name] = { value, result };
  }
  /** Spec §5: uniqueness is checked when the field is left without an error. */
  const checkOnBlur = (name: Unique) => async () => {
    const value = form.getValues(name).trim();
    if (value && (await form.trigger(name))) check(name, value);
  };

  const values = form.watch();
  const allFilled = NAMES.every((k) => values[k].trim() !== '');
  const hasErrors = Object.keys(errors).length > 0 || taken.email || taken.nomClub;
  const canSubmit = allFilled && !hasErrors && checking === 0 && !submitting;
  // While a check runs the button only LOOKS disabled (aria-disabled): leaving a field by clicking
  // the button starts a check, and a real disabled attribute would swallow that click. The submit
  // handler awaits the running check instead.

  const fieldError = (name: Name) =>
    errors[name]?.message ??
    (name === 'email' && taken.email
      ? REGISTRATION_MESSAGES.emailTaken
      : name === 'nomClub' && taken.nomClub
        ? REGISTRATION_MESSAGES.clubTaken
        : null);

  const onInvalid = () => {
    const v = form.getValues();
    const bad = form.formState.errors;
    setResult({
      tone: 'error',
      text: NAMES.some((k) => v[k].trim() === '')
        ? REGISTRATION_MESSAGES.allRequired
        : bad.email
          ? REGISTRATION_MESSAGES.fixEmail
          : bad.password
            ? REGISTRATION_MESSAGES.fixPassword
            : REGISTRATION_MESSAGES.invalid,
    });
  };

  const onSubmit = form.handleSubmit(async (v) => {
    setResult(null);
    if (NAMES.some((k) => v[k].trim() === ''))
      return setResult({ tone: 'error', text: REGISTRATION_MESSAGES.allRequired });
    const parsed = ZRegistrationBodySchema.safeParse(v);
    if (!parsed.success) return setResult({ tone: 'error', text: REGISTRATION_MESSAGES.invalid });
    const registration = parsed.data;
    // A check started by leaving the field (e.g. by clicking this button) is awaited, not ignored.
    const isTaken = async (name: Unique) => {
      const p = pending.current[name];
      if (p && p.value === registration[name]) return (await p.result) === true;
      return taken[name];
    };
    const [emailTaken, clubTaken] = await Promise.all([isTaken('email'), isTaken('nomClub')]);
    if (emailTaken || clubTaken)
      return setResult({ tone: 'error', text: REGISTRATION_MESSAGES.fixConflicts });
    if (submittingRef.current) return;
    submittingRef.current = true;
    setSubmitting(true);
    try {
      const res = await registerClub(registration);
      setResult({ tone: 'success', text: res?.message || REGISTRATION_MESSAGES.success });
      redirectTimer.current = setTimeout(
        () => navigate('/connexion', { state: { notice: STATE_MESSAGES.registered } }),
        REDIRECT_AFTER_REGISTRATION_MS,
      );
    } catch (err) {
      submittingRef.current = false;
      setSubmitting(false);
      const text = applyApiError(form.setError, err, {
        fields: NAMES,
        fallback: (parts) =>
          !parts || parts.status === 0
            ? REGISTRATION_MESSAGES.generic
            : parts.status === 409
              ? REGISTRATION_MESSAGES.conflict
              : parts.status === 422
                ? REGISTRATION_MESSAGES.invalid
                : (err as Error).message,
      });
      setResult({ tone: 'error', text });
    }
  }, onInvalid);

  const text = (name: Name, label: string, props: Record<string, unknown> = {}) => (
    <Field label={label} error={fieldError(name)}>
      <input required {...props} {...form.register(name)} />
    </Field>
  );
  const unique = (name: Unique) => ({
    onBlur: checkOnBlur(name),
    onChange: (e: { target: { value: string } }) => {
      setTaken((t) => ({ ...t, [name]: false }));
      // Spec §5: the e-mail is lower-cased and trimmed as it is typed.
      if (name === 'email') {
        const normalized = e.target.value.trim().toLowerCase();
        if (normalized !== e.target.value) form.setValue('email', normalized);
      }
    },
  });

  return (
    <form
      className="form card auth-card"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="register-title"
    >
      <h1 id="register-title">Inscrire un club</h1>
      {result ? <Alert tone={result.tone}>{result.text}</Alert> : null}
      <div className="form-grid">
        {text('nom', 'Nom', { autoComplete: 'family-name', maxLength: NAME_MAX_LENGTH })}
        {text('prenom', 'Prénom', { autoComplete: 'given-name', maxLength: NAME_MAX_LENGTH })}
        <Field label="Email" error={fieldError('email')}>
          <input
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            {...form.register('email', unique('email'))}
          />
        </Field>
        {text('password', 'Mot de passe', {
          type: 'password',
          autoComplete: 'new-password',
          maxLength: PASSWORD_MAX_LENGTH,
        })}
        {/* French date field (jj/mm/aaaa whatever the browser's language), ISO in the form. */}
        <Field label="Date de naissance" error={fieldError('dateNaissance')}>
          <DateInput
            required
            name={birthDate.field.name}
            ref={birthDate.field.ref}
            value={birthDate.field.value ?? ''}
            onChange={birthDate.field.onChange}
            onBlur={birthDate.field.onBlur}
          />
        </Field>
        <Field label="Nom du club" error={fieldError('nomClub')}>
          <input
            autoComplete="organization"
            maxLength={CLUB_NAME_MAX_LENGTH}
            required
            {...form.register('nomClub', unique('nomClub'))}
          />
        </Field>
        <Field label="Sport" error={fieldError('sportNom')}>
          <select required {...form.register('sportNom')}>
            <option value="">Choisir un sport</option>
            {SPORTS.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Genre" error={fieldError('genre')}>
          <select required {...form.register('genre')}>
            <option value="">Choisir</option>
            {GENRE_OPTIONS.map((g) => (
              <option key={g} value={g}>
                {g}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <button
        type="submit"
        className="btn"
        disabled={!allFilled || hasErrors || submitting}
        aria-disabled={!canSubmit}
      >
        {submitting ? 'Inscription...' : 'Inscrire mon club'}
      </button>
      <div className="auth-links">
        <Link to="/connexion">Déjà inscrit ? Se connecter</Link>
      </div>
    </form>
  );
}
