import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { CONTACT_MESSAGES, validateContactForm } from '@club/contract';
import { Field } from '../../../components/ui/field.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { newSubmissionToken, sendContact } from '../api/send-contact.ts';
import { Captcha, type CaptchaHandle } from './captcha.tsx';

type FieldName = 'nom' | 'prenom' | 'email' | 'sujet' | 'message';
const EMPTY: Record<FieldName, string> = { nom: '', prenom: '', email: '', sujet: '', message: '' };

/**
 * Contact form of spec §2/§4/§5/§8: idle → submitting → success (form cleared, captcha reset) or
 * error (message shown, captcha reset and to redo). The honeypot is never sent.
 */
export function ContactForm() {
  const [values, setValues] = useState(EMPTY);
  const [honeypot, setHoneypot] = useState('');
  const [errors, setErrors] = useState<Partial<Record<FieldName | 'captcha', string>>>({});
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const captchaRef = useRef<CaptchaHandle>(null);
  // One token per submission: a retry of the same unsent submission reuses it (server no-op).
  const token = useRef<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // The page arrives prerendered: keep what a visitor typed before the form became interactive.
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const form = formRef.current;
    if (form) {
      const typed: Partial<Record<FieldName, string>> = {};
      for (const name of Object.keys(EMPTY) as FieldName[]) {
        const el = form.elements.namedItem(name) as HTMLInputElement | null;
        if (el?.value) typed[name] = el.value;
      }
      if (Object.keys(typed).length) setValues((v) => ({ ...v, ...typed }));
    }
    setReady(true);
  }, []);

  const onField = (name: FieldName) => (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const value = e.target.value;
    setValues((v) => ({ ...v, [name]: value }));
    // Spec §5: a field's error clears when that field is edited.
    if (errors[name]) setErrors((er) => ({ ...er, [name]: undefined }));
  };

  const anyEmpty = (Object.keys(EMPTY) as FieldName[]).some((k) => values[k] === '');
  const disabled = submitting || !captcha || anyEmpty;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (submitting) return;
    setResult(null);
    if (honeypot.trim()) {
      setResult({ ok: false, text: CONTACT_MESSAGES.honeypot });
      return;
    }
    const fieldErrors: typeof errors = validateContactForm(values);
    if (!captcha) fieldErrors.captcha = CONTACT_MESSAGES.captchaRequired;
    if (Object.keys(fieldErrors).length > 0) {
      setErrors(fieldErrors);
      return;
    }
    setSubmitting(true);
    token.current ??= newSubmissionToken();
    const res = await sendContact({
      nom: values.nom.trim(),
      prenom: values.prenom.trim(),
      email: values.email.trim(),
      sujet: values.sujet.trim(),
      message: values.message.trim(),
      token: token.current,
      captcha: captcha!,
    });
    setSubmitting(false);
    // Spec §8: a message starting with 'Erreur' is an error, anything else a success.
    setResult({ ok: res.ok && !res.message.startsWith('Erreur'), text: res.message });
    if (res.ok) {
      setValues(EMPTY);
      setErrors({});
      token.current = null;
    } else {
      // The captcha's own error is the main message already; the reset widget asks again.
      const { captcha: _captcha, ...fieldErrors } = res.fieldErrors;
      setErrors(fieldErrors as typeof errors);
    }
    // After a success or an error the captcha is reset and must be done again.
    captchaRef.current?.reset();
  }

  const input = (name: FieldName, extra: Record<string, unknown> = {}) => ({
    name,
    value: values[name],
    onChange: onField(name),
    disabled: submitting,
    required: true,
    ...extra,
  });

  return (
    <form
      ref={formRef}
      className="form card"
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="contact-form-title"
      data-ready={ready}
    >
      <h2 id="contact-form-title">Envoyer un message</h2>
      <div className="form-grid">
        <Field label="Nom" error={errors.nom}>
          <input {...input('nom', { autoComplete: 'family-name', maxLength: 80 })} />
        </Field>
        <Field label="Prénom" error={errors.prenom}>
          <input {...input('prenom', { autoComplete: 'given-name', maxLength: 80 })} />
        </Field>
      </div>
      <Field label="Email" error={errors.email}>
        <input {...input('email', { type: 'email', autoComplete: 'email', maxLength: 254 })} />
      </Field>
      <Field label="Sujet" error={errors.sujet}>
        <input {...input('sujet', { maxLength: 200 })} />
      </Field>
      <Field label="Message" error={errors.message} hint="5000 caractères au maximum.">
        <textarea {...input('message', { rows: 6, maxLength: 5000 })} />
      </Field>

      {/* Honeypot: invisible to people, filled in by naive bots; never sent (spec §5). */}
      <div className="honeypot" aria-hidden="true">
        <label htmlFor="contact-website">Site web (ne pas remplir)</label>
        <input
          id="contact-website"
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={honeypot}
          onChange={(e) => setHoneypot(e.target.value)}
        />
      </div>

      <div className="field">
        <span className="label" id="captcha-label">
          Vérification anti-robot
        </span>
        <Captcha
          ref={captchaRef}
          onChange={(payload) => {
            setCaptcha(payload);
            if (payload) setErrors((er) => ({ ...er, captcha: undefined }));
          }}
        />
        {errors.captcha ? (
          <div className="field-error" role="alert">
            {errors.captcha}
          </div>
        ) : !captcha ? (
          <div className="field-hint" id="captcha-hint">
            {CONTACT_MESSAGES.captchaRequired}
          </div>
        ) : null}
      </div>

      {result ? <Alert tone={result.ok ? 'success' : 'error'}>{result.text}</Alert> : null}

      <div className="actions">
        <button
          type="submit"
          className="btn"
          disabled={disabled}
          aria-describedby={!captcha ? 'captcha-hint' : undefined}
        >
          {submitting ? CONTACT_MESSAGES.submitting : 'Envoyer'}
        </button>
      </div>
    </form>
  );
}
