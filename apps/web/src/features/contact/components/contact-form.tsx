import { useEffect, useRef, useState, type FormEvent } from 'react';
import { CONTACT_MESSAGES, ZContactRequestSchema } from '@club/contract';
import { Field } from '../../../components/ui/field.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { mapFieldErrors, setFieldErrors } from '../../../lib/form-errors.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { newSubmissionToken, sendContact } from '../api/send-contact.ts';
import { Captcha, type CaptchaHandle } from './captcha.tsx';

/** The contact request as the form fills it: the contract's fields, the token added on submit. */
const ZContactFormSchema = ZContactRequestSchema.pick({
  nom: true,
  prenom: true,
  email: true,
  sujet: true,
  message: true,
  captcha: true,
});
const FIELDS = ['nom', 'prenom', 'email', 'sujet', 'message'] as const;
const EMPTY = { nom: '', prenom: '', email: '', sujet: '', message: '', captcha: '' };

/**
 * Contact form of spec §2/§4/§5/§8: idle → submitting → success (form cleared, captcha reset) or
 * error (message shown, captcha reset and to redo). The honeypot is never sent. Errors show on
 * submit, values trimmed; a field's error clears when that field is edited (spec §5).
 */
export function ContactForm() {
  // No default values for the text fields: the page arrives prerendered, and react-hook-form then
  // adopts what a visitor typed before the form became interactive.
  const form = useZodForm(ZContactFormSchema, {
    timing: 'submit',
    defaultValues: { captcha: '' },
  });
  const { errors, isSubmitting: submitting } = form.formState;
  const [honeypot, setHoneypot] = useState('');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const captchaRef = useRef<CaptchaHandle>(null);
  // One token per submission: a retry of the same unsent submission reuses it (server no-op).
  const token = useRef<string | null>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  const values = form.watch();
  const captcha = values.captcha ?? '';
  const anyEmpty = FIELDS.some((k) => !values[k]);
  const disabled = submitting || !captcha || anyEmpty;
  // After a success the reset captcha does not ask again above 'Message envoyé' (nothing to send
  // yet); the hint comes back with the next message being written.
  const captchaHint = !captcha && !result?.ok;

  const submitValid = form.handleSubmit(async (valid) => {
    token.current ??= newSubmissionToken();
    const res = await sendContact({ ...valid, token: token.current });
    // Spec §8: a message starting with 'Erreur' is an error, anything else a success.
    setResult({ ok: res.ok && !res.message.startsWith('Erreur'), text: res.message });
    if (res.ok) {
      form.reset(EMPTY);
      token.current = null;
    } else {
      // The captcha's own error is the main message already; the reset widget asks again.
      setFieldErrors(form.setError, mapFieldErrors(res.fieldErrors, { fields: FIELDS }).byField);
    }
    // After a success or an error the captcha is reset and must be done again.
    captchaRef.current?.reset();
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    setResult(null);
    // A filled honeypot blocks the submission before anything else (spec §5).
    if (honeypot.trim()) {
      event.preventDefault();
      setResult({ ok: false, text: CONTACT_MESSAGES.honeypot });
      return;
    }
    return submitValid(event);
  };

  const input = (name: (typeof FIELDS)[number]) => ({
    disabled: submitting,
    required: true,
    ...form.register(name),
  });

  return (
    <form
      className="form card"
      onSubmit={onSubmit}
      // A new message being written: the last attempt's result goes (typed changes only; the
      // reset after a success is not one).
      onChange={() => setResult((r) => (r ? null : r))}
      noValidate
      aria-labelledby="contact-form-title"
      data-ready={ready}
    >
      <h2 id="contact-form-title">Envoyer un message</h2>
      <div className="form-grid">
        <Field label="Nom" error={errors.nom?.message}>
          <input {...input('nom')} autoComplete="family-name" maxLength={80} />
        </Field>
        <Field label="Prénom" error={errors.prenom?.message}>
          <input {...input('prenom')} autoComplete="given-name" maxLength={80} />
        </Field>
      </div>
      <Field label="Email" error={errors.email?.message}>
        <input {...input('email')} type="email" autoComplete="email" maxLength={254} />
      </Field>
      <Field label="Sujet" error={errors.sujet?.message}>
        <input {...input('sujet')} maxLength={200} />
      </Field>
      <Field label="Message" error={errors.message?.message} hint="5000 caractères au maximum.">
        <textarea {...input('message')} rows={6} maxLength={5000} />
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
            form.setValue('captcha', payload ?? '');
            if (payload) form.clearErrors('captcha');
          }}
        />
        {errors.captcha ? (
          <div className="field-error" role="alert">
            {errors.captcha.message}
          </div>
        ) : captchaHint ? (
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
          aria-describedby={captchaHint ? 'captcha-hint' : undefined}
        >
          {submitting ? CONTACT_MESSAGES.submitting : 'Envoyer'}
        </button>
      </div>
    </form>
  );
}
