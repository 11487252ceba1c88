import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  CLUB_NAME_MAX_LENGTH,
  CLUB_NAME_MIN_LENGTH,
  EMAIL_PATTERN,
  GENDERS,
  NAME_MAX_LENGTH,
  NAME_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  REDIRECT_AFTER_REGISTRATION_MS,
  REGISTRATION_MESSAGES,
  SERVER_MESSAGES,
  SPORTS,
  failedPasswordRules,
  type PasswordRule,
  type TRegistrationBody,
} from '@club/contract';
import { Field } from '../../../components/ui/field.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { HttpError } from '../../../lib/http.ts';
import { clubExists, emailExists, registerClub } from '../api/auth-api.ts';
import '../auth.css';

type Name = keyof TRegistrationBody;
type Values = Record<Name, string>;
const EMPTY: Values = {
  nom: '',
  prenom: '',
  email: '',
  password: '',
  dateNaissance: '',
  nomClub: '',
  sportNom: '',
  genre: '',
};

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

export function validateRegistrationField(name: Name, raw: string): string | null {
  const value = name === 'password' ? raw : raw.trim();
  switch (name) {
    case 'email':
      if (!value) return REGISTRATION_MESSAGES.emailRequired;
      return EMAIL_PATTERN.test(value) ? null : REGISTRATION_MESSAGES.emailInvalid;
    case 'password':
      return value ? registrationPasswordMessage(value) : null;
    case 'nom':
    case 'prenom':
      if (!value) return null;
      if (value.length < NAME_MIN_LENGTH) return SERVER_MESSAGES.tooShort(NAME_MIN_LENGTH);
      return value.length > NAME_MAX_LENGTH ? SERVER_MESSAGES.tooLong(NAME_MAX_LENGTH) : null;
    case 'nomClub':
      if (!value) return null;
      if (value.length < CLUB_NAME_MIN_LENGTH)
        return SERVER_MESSAGES.tooShort(CLUB_NAME_MIN_LENGTH);
      return value.length > CLUB_NAME_MAX_LENGTH
        ? SERVER_MESSAGES.tooLong(CLUB_NAME_MAX_LENGTH)
        : null;
    default:
      return null;
  }
}

/** /inscrireClub: the eight fields and every rule and message of spec §5 and §8. */
export function RegisterClubForm() {
  const navigate = useNavigate();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Name, string | null>>>({});
  const [taken, setTaken] = useState<{ email: boolean; nomClub: boolean }>({
    email: false,
    nomClub: false,
  });
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

  const set = (name: Name, raw: string) => {
    const value = name === 'email' ? raw.trim().toLowerCase() : raw;
    setValues((v) => ({ ...v, [name]: value }));
    if (name === 'email' || name === 'nomClub') setTaken((t) => ({ ...t, [name]: false }));
    if (errors[name]) setErrors((e) => ({ ...e, [name]: validateRegistrationField(name, value) }));
  };

  // The latest uniqueness check of each field: submit waits for one still running for the same value.
  const pending = useRef<
    Partial<Record<'email' | 'nomClub', { value: string; result: Promise<boolean | null> }>>
  >({});
  function check(name: 'email' | 'nomClub', value: string) {
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

  const blur = (name: Name) => {
    const error = validateRegistrationField(name, values[name]);
    setErrors((e) => ({ ...e, [name]: error }));
    const v = values[name].trim();
    if (!error && v && (name === 'email' || name === 'nomClub')) check(name, v);
  };

  const allFilled = (Object.keys(EMPTY) as Name[]).every((k) => values[k].trim() !== '');
  const hasErrors = Object.values(errors).some(Boolean) || taken.email || taken.nomClub;
  const canSubmit = allFilled && !hasErrors && checking === 0 && !submitting;
  // While a check runs the button only LOOKS disabled (aria-disabled): leaving a field by clicking
  // the button starts a check, and a real disabled attribute would swallow that click. The submit
  // handler awaits the running check instead.

  const fieldError = (name: Name) =>
    errors[name] ??
    (name === 'email' && taken.email
      ? REGISTRATION_MESSAGES.emailTaken
      : name === 'nomClub' && taken.nomClub
        ? REGISTRATION_MESSAGES.clubTaken
        : null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setResult(null);
    const trimmed = Object.fromEntries(
      (Object.keys(EMPTY) as Name[]).map((k) => [
        k,
        k === 'password' ? values[k] : values[k].trim(),
      ]),
    ) as Values;
    trimmed.email = trimmed.email.toLowerCase();
    if ((Object.keys(EMPTY) as Name[]).some((k) => trimmed[k].trim() === '')) {
      return setResult({ tone: 'error', text: REGISTRATION_MESSAGES.allRequired });
    }
    if (validateRegistrationField('email', trimmed.email))
      return setResult({ tone: 'error', text: REGISTRATION_MESSAGES.fixEmail });
    if (validateRegistrationField('password', trimmed.password))
      return setResult({ tone: 'error', text: REGISTRATION_MESSAGES.fixPassword });
    if (Object.values(errors).some(Boolean))
      return setResult({ tone: 'error', text: REGISTRATION_MESSAGES.invalid });
    // A check started by leaving the field (e.g. by clicking this button) is awaited, not ignored.
    const isTaken = async (name: 'email' | 'nomClub') => {
      const p = pending.current[name];
      if (p && p.value === trimmed[name]) return (await p.result) === true;
      return taken[name];
    };
    const [emailTaken, clubTaken] = await Promise.all([isTaken('email'), isTaken('nomClub')]);
    if (emailTaken || clubTaken)
      return setResult({ tone: 'error', text: REGISTRATION_MESSAGES.fixConflicts });
    if (submittingRef.current) return;
    submittingRef.current = true;
    setSubmitting(true);
    try {
      const res = await registerClub(trimmed as TRegistrationBody);
      setResult({ tone: 'success', text: res?.message || REGISTRATION_MESSAGES.success });
      redirectTimer.current = setTimeout(
        () => navigate('/connexion'),
        REDIRECT_AFTER_REGISTRATION_MS,
      );
    } catch (err) {
      submittingRef.current = false;
      setSubmitting(false);
      if (err instanceof HttpError && err.status > 0) {
        const fieldErrors = err.fieldErrors;
        if (Object.keys(fieldErrors).length)
          setErrors((e) => ({ ...e, ...(fieldErrors as Partial<Record<Name, string>>) }));
        setResult({
          tone: 'error',
          text:
            err.serverMessage ??
            (err.status === 409
              ? REGISTRATION_MESSAGES.conflict
              : err.status === 422
                ? REGISTRATION_MESSAGES.invalid
                : err.message),
        });
      } else {
        setResult({ tone: 'error', text: REGISTRATION_MESSAGES.generic });
      }
    }
  }

  const text = (name: Name, label: string, props: Record<string, unknown> = {}) => (
    <Field label={label} error={fieldError(name)}>
      <input
        name={name}
        value={values[name]}
        onChange={(e) => set(name, e.target.value)}
        onBlur={() => blur(name)}
        required
        {...props}
      />
    </Field>
  );

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
        {text('email', 'Email', { type: 'email', autoComplete: 'email', inputMode: 'email' })}
        {text('password', 'Mot de passe', {
          type: 'password',
          autoComplete: 'new-password',
          maxLength: PASSWORD_MAX_LENGTH,
        })}
        {text('dateNaissance', 'Date de naissance', { type: 'date' })}
        {text('nomClub', 'Nom du club', {
          autoComplete: 'organization',
          maxLength: CLUB_NAME_MAX_LENGTH,
        })}
        <Field label="Sport" error={fieldError('sportNom')}>
          <select
            name="sportNom"
            value={values.sportNom}
            onChange={(e) => set('sportNom', e.target.value)}
            required
          >
            <option value="">Choisir un sport</option>
            {SPORTS.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Genre" error={fieldError('genre')}>
          <select
            name="genre"
            value={values.genre}
            onChange={(e) => set('genre', e.target.value)}
            required
          >
            <option value="">Choisir</option>
            {GENDERS.map((g) => (
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
