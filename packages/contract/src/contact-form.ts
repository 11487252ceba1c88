// No zod here: the contact page imports these without pulling the schema library into its chunk.
import { CONTACT_MESSAGES, SERVER_MESSAGES } from './messages.ts';

/** Same rule as EMAIL_PATTERN (schemas/common.ts, which loads zod): something@something.something. */
const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** docs/security.md: a contact message is at most 5000 characters. */
export const CONTACT_MESSAGE_MAX_LENGTH = 5000;
export const CONTACT_NAME_MAX_LENGTH = 80;
export const CONTACT_SUBJECT_MAX_LENGTH = 200;
/** An ALTCHA payload is a base64 JSON of a few hundred bytes. */
export const CONTACT_CAPTCHA_MAX_LENGTH = 4000;

/** Client-side check of the form (spec §5), in field order; the honeypot is never sent. */
export function validateContactForm(values: {
  nom: string;
  prenom: string;
  email: string;
  sujet: string;
  message: string;
}): Partial<Record<'nom' | 'prenom' | 'email' | 'sujet' | 'message', string>> {
  const errors: Partial<Record<'nom' | 'prenom' | 'email' | 'sujet' | 'message', string>> = {};
  if (!values.nom.trim()) errors.nom = CONTACT_MESSAGES.nomRequired;
  if (!values.prenom.trim()) errors.prenom = CONTACT_MESSAGES.prenomRequired;
  if (!SIMPLE_EMAIL.test(values.email.trim())) errors.email = CONTACT_MESSAGES.emailInvalid;
  if (!values.sujet.trim()) errors.sujet = CONTACT_MESSAGES.sujetRequired;
  if (!values.message.trim()) errors.message = CONTACT_MESSAGES.messageRequired;
  else if (values.message.trim().length > CONTACT_MESSAGE_MAX_LENGTH)
    errors.message = SERVER_MESSAGES.tooLong(CONTACT_MESSAGE_MAX_LENGTH);
  return errors;
}
